import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { auth, docShotBothSizes, member, podThroughApi, remindersLater } from '../support/people';

// Issue 25: notification preferences in Settings, and the centre behind the bell.
describe('notifications', () => {
  it('preferences are saved and shown after a reload', { timeout: 120_000 }, async ({ browser, stack }) => {
    const ana = await member(browser, stack, 'ana', 'Ana Notify');
    const { page } = ana;
    await page.goto(`${stack.url}/settings`);
    const form = page.getByTestId('notification-settings');
    await visible(form);
    // The spec's defaults: four types on, 09:00, quiet hours on 22:00–08:00.
    for (const name of ['Challenge reminders', 'Streak reminders', 'Weekly announcements', 'Pod activity']) {
      expect(await form.getByRole('switch', { name }).isChecked()).toBe(true);
    }
    expect(await form.getByLabel('Reminder time').inputValue()).toBe('09:00');
    expect(await form.getByLabel('From').inputValue()).toBe('22:00');
    expect(await form.getByLabel('Until').inputValue()).toBe('08:00');
    await form.scrollIntoViewIfNeeded();
    await docShotBothSizes(page, 'notification-settings', { reset: false, fullPage: false });
    expect(await seriousViolations(page, '[data-testid="notification-settings"]')).toEqual([]);

    await form.getByRole('switch', { name: 'Pod activity' }).click();
    await form.getByRole('switch', { name: 'E-mail' }).click();
    await form.getByLabel('Reminder time').fill('18:30');
    await form.getByLabel('Until').fill('07:15');
    await form.getByLabel('Zone for reminders').selectOption('Europe/Berlin');
    await form.getByRole('button', { name: 'Save notification settings' }).click();
    await visible(page.getByText('Notification settings saved'));

    await page.reload();
    const again = page.getByTestId('notification-settings');
    await visible(again);
    expect(await again.getByRole('switch', { name: 'Pod activity' }).isChecked()).toBe(false);
    expect(await again.getByRole('switch', { name: 'E-mail' }).isChecked()).toBe(false);
    expect(await again.getByRole('switch', { name: 'Challenge reminders' }).isChecked()).toBe(true);
    expect(await again.getByLabel('Reminder time').inputValue()).toBe('18:30');
    expect(await again.getByLabel('Until').inputValue()).toBe('07:15');
    expect(await again.getByLabel('Zone for reminders').inputValue()).toBe('Europe/Berlin');
    await ana.context.close();
  });

  it(
    'a friend request reaches the bell without a reload and a tap opens Connect',
    { timeout: 120_000 },
    async ({ browser, stack }) => {
      const ana = await member(browser, stack, 'ana', 'Ana Bell');
      const sam = await member(browser, stack, 'sam', 'Sam Request', { viewport: DESKTOP });
      // The bell counts what the test causes: no scheduled reminder falls due meanwhile.
      await remindersLater(stack, ana.context.request, ana);
      const { page } = ana;
      await page.goto(`${stack.url}/challenges`);
      const bell = page.getByRole('button', { name: 'Notifications', exact: true });
      await visible(bell);

      // The empty centre first.
      await bell.click();
      const centre = page.getByRole('dialog', { name: 'Notifications' });
      await visible(centre.getByRole('heading', { name: "You're all caught up" }));
      await page.keyboard.press('Escape');
      await centre.waitFor({ state: 'hidden' });

      // Sam asks (pods learns profiles from identity's events: until then Ana is unknown, 404).
      await expect
        .poll(
          async () =>
            (
              await sam.context.request.post(`${stack.url}/api/pods/friends/requests`, {
                headers: { Authorization: `Bearer ${sam.token}` },
                data: { userId: ana.id },
              })
            ).status(),
          { timeout: 20_000 },
        )
        .toBe(201);

      // Ana's open page learns it on its own.
      const unreadBell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await visible(unreadBell, 30_000);
      expect(await page.getByTestId('notification-badge').first().textContent()).toBe('1');
      // The whole page with the badge showing (its contrast included).
      expect(await seriousViolations(page)).toEqual([]);
      await unreadBell.click();
      const item = centre.getByTestId('notification-item').filter({ hasText: 'Sam Request wants to be friends' });
      await visible(item);
      await docShotBothSizes(page, 'notification-centre', { reset: false, fullPage: false });
      expect(await seriousViolations(page, 'dialog')).toEqual([]);

      await item.click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/connect');
      await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
      await ana.context.close();
      await sam.context.close();
    },
  );
  it(
    'a nudge from a pod-mate reaches the bell without a reload and a tap opens the pod',
    { timeout: 120_000 },
    async ({ browser, stack }) => {
      const ada = await member(browser, stack, 'ada', 'Ada Nudged');
      const bob = await member(browser, stack, 'bob', 'Bob Nudger', { viewport: DESKTOP });
      // Ada's pod, Bob joins with its code.
      const pod = await podThroughApi(stack, ada.context.request, 'Nudge Crew', ada, bob);
      // The bell counts what the test causes: no scheduled reminder falls due meanwhile.
      await remindersLater(stack, ada.context.request, ada);

      const { page } = ada;
      await page.goto(`${stack.url}/challenges`);
      await visible(page.getByRole('button', { name: 'Notifications', exact: true }));

      const nudged = await bob.context.request.post(`${stack.url}/api/pods/pods/${pod.id}/members/${ada.id}/nudge`, {
        headers: auth(bob),
      });
      expect(nudged.status()).toBe(201);

      // Ada's open page learns it on its own.
      const unreadBell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await visible(unreadBell, 30_000);
      await unreadBell.click();
      const centre = page.getByRole('dialog', { name: 'Notifications' });
      const item = centre.getByTestId('notification-item').filter({ hasText: 'Bob Nudger nudged you' });
      await visible(item);
      expect(await seriousViolations(page, 'dialog')).toEqual([]);
      await item.click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toContain(pod.id);
      await ada.context.close();
      await bob.context.close();
    },
  );
});
