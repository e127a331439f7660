import type { Page } from 'playwright-core';
import { signInThroughUi, visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';

/**
 * Forgot password → the mail (the embedded default keeps it at /dev/mail instead of sending it) →
 * the link → a new password → old sessions end → sign in with the new password only.
 */
const NEW_PASSWORD = 'Fresh-start-42!';

async function latestResetLink(page: Page, base: string, email: string): Promise<string> {
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i += 1) {
    const res = await page.request.get(`${base}/api/identity/dev/mail`);
    const { messages } = (await res.json()) as { messages: Array<{ to: string; text: string }> };
    link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
      messages.find((m) => m.to === email)?.text ?? '',
    )?.[0];
    if (!link) await page.waitForTimeout(100);
  }
  if (!link) throw new Error(`no reset mail for ${email}`);
  return link;
}

describe('password reset', () => {
  it('mails a link, sets a new password, ends old sessions, and only the new password signs in', async ({
    browser,
    stack,
    signedIn,
  }) => {
    const { account, page: oldSession } = signedIn;
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${stack.url}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Reset Password' }));
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(dialog.getByText('Please enter your email address'));
    await dialog.getByLabel('Email', { exact: true }).fill(account.email);
    await snap(page, 'forgot-password-phone');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(page.getByText('Password reset email sent! Check your inbox.'));

    const mailPage = await browser.newPage({ viewport: DESKTOP });
    await mailPage.goto(`${stack.url}/dev/mail`);
    await visible(mailPage.getByRole('heading', { name: 'Reset your Vere password' }));
    await mailPage.close();

    const link = await latestResetLink(page, stack.url, account.email);
    expect(link.startsWith(`${stack.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'Choose a new password' }));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}x`);
    await visible(page.getByText('Passwords do not match'));
    expect(await page.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await snap(page, 'reset-password-phone');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page.getByText('Password reset successfully! You can now log in with your new password.'));
    await page.waitForURL(/\/auth$/);

    // The session from before the reset is over: its refresh cookie no longer works.
    expect((await oldSession.request.post(`${stack.url}/api/identity/auth/refresh`)).status()).toBe(401);

    await signInThroughUi(page, stack.url, account);
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    await signInThroughUi(page, stack.url, { email: account.email, password: NEW_PASSWORD });
    await page.waitForURL(`${stack.url}/`);

    // The link worked once.
    const again = await page.request.post(`${stack.url}/api/auth/reset-password`, {
      data: { token: new URL(link).searchParams.get('token'), newPassword: 'Another-pass-7!' },
    });
    expect(again.status()).toBe(400);
    expect((await again.json()).error.code).toBe('RESET_LINK_INVALID');
    await page.close();
  });

  it("works from the keyboard alone on desktop with reduced motion, and shows the server's message for a dead link", async ({
    browser,
    stack,
  }) => {
    const page = await browser.newPage({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const focused = (expr: string) => page.evaluate(`(() => { const el = document.activeElement; return ${expr}; })()`);
    await page.goto(`${stack.url}/auth`);
    await (await visible(page.getByRole('button', { name: 'Forgot password?' }))).focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Reset Password' }));
    // Tab never reaches the page behind the modal (it may leave for the browser's own controls).
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focused('el === document.body || !!el?.closest("dialog[open]")')).toBe(true);
    }
    await dialog.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.type('someone@example.com');
    await snap(page, 'forgot-password-desktop');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await focused('el?.textContent')).toBe('Forgot password?');

    await page.goto(`${stack.url}/reset-password?token=${'A'.repeat(43)}`);
    await visible(page.getByRole('heading', { name: 'Choose a new password' }));
    const tabTo = async (expr: string) => {
      for (let i = 0; i < 12 && !(await focused(expr)); i += 1) await page.keyboard.press('Tab');
      expect(await focused(expr)).toBe(true);
    };
    await tabTo('el?.getAttribute("name") === "newPassword"');
    await page.keyboard.type(NEW_PASSWORD);
    await tabTo('el?.getAttribute("name") === "confirmPassword"');
    await page.keyboard.type(NEW_PASSWORD);
    await snap(page, 'reset-password-desktop');
    await tabTo('el?.textContent === "Reset Password"');
    await page.keyboard.press('Enter');
    await visible(page.getByText('This reset link is invalid or has expired. Please request a new one.'));
    expect(page.url()).toContain('/reset-password');
    await page.close();
  });

  it('sends a visitor with no token back to /auth with "Invalid reset link"', async ({ browser, stack }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.url}/reset-password`);
    await page.waitForURL(/\/auth$/);
    await visible(page.getByText('Invalid reset link'));
    await page.close();
  });
});
