import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { describe, expect, test as it } from '../support/fixtures';
import { docShotBothSizes, member } from '../support/people';

// Issue 25 (decision 0043): the weekly e-mail carries a one-click unsubscribe (RFC 8058) that works
// without signing in. The embedded default keeps mail at /dev/mail; the weekly mails wait for the
// user's Sunday, so the dev-only route mails this week's now.
describe('mail unsubscribe', () => {
  it(
    'the unsubscribe link from a mail on the dev mail page turns that kind off, and Settings shows it after a reload',
    { timeout: 150_000 },
    async ({ browser, stack }) => {
      const noor = await member(browser, stack, 'noor', 'Noor Mailwright');
      const { page, context } = noor;
      const auth = { Authorization: `Bearer ${noor.token}` };
      const sent = await context.request.post(`${stack.url}/api/identity/dev/mail/weekly`, { headers: auth });
      expect(sent.status()).toBe(200);
      expect(await sent.json()).toEqual({ sent: 1 });

      // The mail, as the dev mail page shows it, with its List-Unsubscribe link.
      await page.goto(`${stack.url}/dev/mail`);
      const mail = page.locator('article', { hasText: `To ${noor.email}` });
      await visible(mail);
      expect(await mail.textContent()).toContain('List-Unsubscribe');
      expect(await mail.textContent()).toContain('List-Unsubscribe=One-Click');
      await mail.getByRole('link', { name: 'Unsubscribe', exact: true }).click();

      // A GET only asks (mail scanners follow links): nothing changed yet.
      const confirm = page.getByRole('heading', { name: 'Stop the weekly challenge mail?' });
      await visible(confirm);
      const prefs = async () =>
        (await (
          await context.request.get(`${stack.url}/api/identity/me/notifications/preferences`, { headers: auth })
        ).json()) as {
          emailKinds: { weeklyAnnouncements: boolean; podDigest: boolean };
          channels: { email: boolean };
        };
      expect((await prefs()).emailKinds.weeklyAnnouncements).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await docShotBothSizes(page, 'mail-unsubscribe-confirm');

      // The button is the one click; it needs no session (a fresh context has none).
      const signedOut = await browser.newContext();
      const anonymous = await signedOut.newPage();
      await anonymous.goto(page.url());
      await anonymous.getByRole('button', { name: 'Unsubscribe' }).click();
      await visible(anonymous.getByRole('heading', { name: 'Done: no more weekly challenge mail' }));
      expect(await seriousViolations(anonymous)).toEqual([]);
      await docShotBothSizes(anonymous, 'mail-unsubscribe-done');
      await signedOut.close();

      const after = await prefs();
      expect(after.emailKinds).toEqual({ weeklyAnnouncements: false, podDigest: true });
      expect(after.channels.email).toBe(true);

      // Settings shows it off, after a reload too; the other e-mail and the channel stay on.
      await page.goto(`${stack.url}/settings`);
      const form = page.getByTestId('notification-settings');
      await visible(form);
      await page.reload();
      await visible(form);
      expect(await form.getByRole('switch', { name: 'Weekly challenge mail' }).isChecked()).toBe(false);
      expect(await form.getByRole('switch', { name: 'Weekly pod digest' }).isChecked()).toBe(true);
      expect(await form.getByRole('switch', { name: 'E-mail', exact: true }).isChecked()).toBe(true);
      await form.getByRole('group', { name: 'E-mails' }).scrollIntoViewIfNeeded();
      await docShotBothSizes(page, 'notification-settings-emails', { reset: false, fullPage: false });
      expect(await seriousViolations(page, '[data-testid="notification-settings"]')).toEqual([]);

      // A mail sent now leaves the weekly challenge out.
      const again = await context.request.post(`${stack.url}/api/identity/dev/mail/weekly`, { headers: auth });
      expect(await again.json()).toEqual({ sent: 0 });
      await context.close();
    },
  );

  it('a changed link is refused with a page that says so', { timeout: 60_000 }, async ({ browser, stack }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(
      `${stack.url}/api/identity/mail/unsubscribe?token=v1.00000000-0000-4000-8000-000000000000.weekly_announcement.9999999999.forged-signature-xx`,
    );
    expect(res?.status()).toBe(400);
    await visible(page.getByRole('heading', { name: 'This link does not work' }));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
