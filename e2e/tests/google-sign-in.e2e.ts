import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OidcTestProvider } from '@vere/test-kit';
import type { Page } from 'playwright-core';
import { visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test } from '../support/fixtures';
import { googleStackEnv, startGoogleStandIn, type GoogleStandIn } from '../support/google';
import { repoRoot } from '../support/stack';

/**
 * Google sign-in against a real OpenID provider (oidc-provider) that this file starts on
 * 127.0.0.2 — another site than the app on 127.0.0.1, as Google is — with the stack's
 * GOOGLE_* pointing at it. Chromium clicks through the provider's own login and consent forms.
 */
const CLIENT = { clientId: 'vere-e2e', clientSecret: 'vere-e2e-secret' };

const withProvider = test.extend<{ op: GoogleStandIn }>({
  op: [
    async ({}, use) => {
      const op = await startGoogleStandIn(CLIENT);
      await use(op);
      await op.close();
    },
    { scope: 'file' },
  ],
});

/** The stack of this file signs in with the provider above. */
const it = withProvider.extend({
  stackOptions: [
    async ({ op }, use) => {
      await use({ env: googleStackEnv(op, CLIENT) });
    },
    { scope: 'file' },
  ],
});

let counter = 0;
function googleUser(op: OidcTestProvider, name: string) {
  const login = `e2e${Date.now().toString(36)}${(counter++).toString(36)}`;
  op.addAccount(login, { email: `${login}@gmail.test`, email_verified: true, name });
  return login;
}

/** Also keeps a copy in docs/screenshots/ (the e2e folder is not committed). */
async function keep(page: Page, name: string) {
  await snap(page, name);
  const dir = join(repoRoot, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(repoRoot, 'e2e', 'screenshots', `${name}.png`), join(dir, `${name}.png`));
}

/** The provider's development login form, then (unless cancelled) its consent form. */
async function atProvider(page: Page, op: OidcTestProvider, login: string, consent: 'allow' | 'cancel') {
  await page.waitForURL((url) => url.href.startsWith(`${op.issuer}/interaction/`), { waitUntil: 'domcontentloaded' });
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click({ noWaitAfter: true });
  await visible(page.getByRole('button', { name: 'Continue' }));
  if (consent === 'allow') await page.getByRole('button', { name: 'Continue' }).click({ noWaitAfter: true });
  else await page.getByRole('link', { name: '[ Cancel ]' }).click({ noWaitAfter: true });
}

describe('Google sign-in', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${device}: Continue with Google → provider → Authenticating... → toast → home, signed in`, async ({
      browser,
      stack,
      op,
    }) => {
      const login = googleUser(op, device === 'phone' ? 'Grace Google' : 'Ada Google');
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${stack.url}/auth`);
      const google = await visible(page.getByRole('link', { name: 'Continue with Google' }));
      await keep(page, `auth-google-${device}`);
      await google.click();

      await atProvider(page, op, login, 'allow');
      // Hold identity's refresh answer a moment (a real call, only later) to see the first screen.
      await page.route('**/api/identity/auth/refresh', async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.waitForURL(`${stack.url}/auth/callback`, { waitUntil: 'domcontentloaded' });
      await visible(page.getByRole('heading', { name: 'Authenticating...' }));
      await keep(page, `auth-callback-authenticating-${device}`);
      await visible(page.getByText('Logged in successfully!'));
      await visible(page.getByRole('button', { name: 'Continue' }));
      await keep(page, `auth-callback-success-${device}`);
      await page.unroute('**/api/identity/auth/refresh');

      await page.waitForURL(`${stack.url}/`, { timeout: 5_000 });
      const name = device === 'phone' ? 'Grace Google' : 'Ada Google';
      await visible(page.getByTestId('user-block').filter({ visible: true }).getByText(name));
      // The session survives a reload: the refresh cookie set at the end of the cross-site
      // redirect chain is SameSite=Strict and still reaches identity from the app's own pages.
      await page.reload();
      await visible(page.getByTestId('user-block').filter({ visible: true }).getByText(name));
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'vere_refresh')?.sameSite).toBe('Strict');
      expect(cookies.some((c) => c.name === 'vere_oidc_state')).toBe(false);
      await context.close();
    });
  }

  it('cancelled at the provider: Authentication Failed, Go Back returns to /auth, Try Again goes round again', async ({
    browser,
    stack,
    op,
  }) => {
    const login = googleUser(op, 'Linus Google');
    for (const [device, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${stack.url}/auth`);
      await (await visible(page.getByRole('link', { name: 'Continue with Google' }))).click();
      await atProvider(page, op, login, 'cancel');
      await page.waitForURL(`${stack.url}/auth/callback?error=ACCESS_DENIED`, { waitUntil: 'domcontentloaded' });
      await visible(page.getByRole('heading', { name: 'Authentication Failed' }));
      await visible(page.getByText('Authentication failed. Please try again.'));
      await visible(page.getByText('Google login failed. Please try again.'));
      await keep(page, `auth-callback-failed-${device}`);
      expect((await context.cookies()).filter((c) => c.name.startsWith('vere_'))).toEqual([]);

      if (device === 'phone') {
        await page.getByRole('link', { name: 'Go Back' }).click();
        await visible(page.getByRole('heading', { name: 'Welcome back' }));
        expect(new URL(page.url()).pathname).toBe('/auth');
      } else {
        // Try Again starts a new round trip (the provider remembers the login: only consent is asked).
        await page.getByRole('link', { name: 'Try Again' }).click({ noWaitAfter: true });
        await page.waitForURL((url) => url.href.startsWith(`${op.issuer}/interaction/`), {
          waitUntil: 'domcontentloaded',
        });
        await (await visible(page.getByRole('button', { name: 'Continue' }))).click({ noWaitAfter: true });
        await visible(page.getByText('Logged in successfully!'));
        await page.waitForURL(`${stack.url}/`, { timeout: 5_000 });
        await visible(page.getByTestId('user-block').filter({ visible: true }).getByText('Linus Google'));
      }
      await context.close();
    }
  });

  it('a forged callback (state this browser never started) fails without a session', async ({ browser, stack }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${stack.url}/api/identity/auth/google/callback?code=forged&state=forged`);
    await page.waitForURL(`${stack.url}/auth/callback?error=STATE_INVALID`);
    await visible(page.getByRole('heading', { name: 'Authentication Failed' }));
    await visible(page.getByText('Authentication failed. Please try again.'));
    expect((await context.cookies()).some((c) => c.name === 'vere_refresh')).toBe(false);
    await context.close();
  });
});
