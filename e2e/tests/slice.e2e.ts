import { newUser, signInThroughUi, signUpThroughUi, visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';

/**
 * The vertical slice on the embedded default, as `npm start` runs it: sign-up in identity →
 * identity.user.registered.v1 → quests creates the player → the challenges remote shows level 1
 * with 0 / 100 XP. Then the app restarts on the same data and the user signs in again.
 * The file's stack and browser come from the fixtures; so does every account not made through the UI.
 */
describe('sign-up to level badge, across a restart', () => {
  // Signed up through the form by the second test, signed in again after the restart by the third.
  const user = newUser('slice');

  it('sends a visitor to /auth, remembering where they came from', async ({ browser, stack, account: returning }) => {
    // Someone with an account (made through the API), signed out, opens a deep link.
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${stack.url}/connect`);
    await page.waitForURL(/\/auth/);
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    await snap(page, 'auth-phone');

    await page.getByLabel('Email', { exact: true }).fill(returning.email);
    await page.getByLabel('Password', { exact: true }).fill(returning.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.url}/connect`);
    await visible(page.locator('[data-remote="connect"]').getByRole('heading', { level: 1, name: 'Connect' }));
    await page.close();
  });

  it('signs a new user up and shows level 1 with 0 / 100 XP from quests', async ({ browser, stack }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // The edge sends a strict Content-Security-Policy; nothing the app does may trip it.
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const home = await page.request.get(`${stack.url}/`);
    expect(home.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await signUpThroughUi(page, stack.url, user);
    await page.waitForURL(`${stack.url}/`);
    const badge = await visible(page.getByTestId('level-badge'));
    expect(await badge.textContent()).toContain('Level 1');
    await visible(page.getByText('0 / 100 XP'));
    const bar = page.getByRole('progressbar', { name: 'Experience towards Level 2' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    await visible(page.locator('[data-remote="challenges"]').getByRole('heading', { name: 'Choose Your Challenge' }));
    await snap(page, 'home-phone');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('keeps the account and the player after a restart', async ({ browser, stack }) => {
    await stack.restart();
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signInThroughUi(page, stack.url, user);
    await page.waitForURL(`${stack.url}/`);
    expect(await (await visible(page.getByTestId('level-badge'))).textContent()).toContain('Level 1');
    await visible(page.getByText('0 / 100 XP'));
    expect(await page.getByTestId('user-block').filter({ visible: true }).textContent()).toContain(user.name);
    await snap(page, 'home-desktop');
    await context.close();
  });

  it('refuses a wrong password with a clear message', async ({ browser, stack, account }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInThroughUi(page, stack.url, { email: account.email, password: 'Wrong-pass1!' });
    const alert = await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    expect(await alert.count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/auth');
    await page.close();
  });
});
