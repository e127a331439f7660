import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { newUser } from './app';
import { PHONE, launchBrowser, type LaunchOptions } from './browser';
import { removeDataDir, startStack, type Stack, type StackOptions } from './stack';

/** An account created through the API (as identity answers it), with the password that signs it in. */
export interface TestAccount {
  id: string;
  name: string;
  email: string;
  password: string;
}

export interface SignedIn {
  account: TestAccount;
  context: BrowserContext;
  page: Page;
}

interface Fixtures {
  /** Which browser the file needs (e.g. `{ push: true }`); a file overrides it with `test.extend`. */
  browserOptions: LaunchOptions;
  /** Debian's Chromium, one per test file. */
  browser: Browser;
  /** How the file's stack starts (e.g. extra environment); a file overrides it with `test.extend`. */
  stackOptions: Omit<StackOptions, 'dataDir'>;
  /** The app as `npm start` runs it (embedded default, throw-away data), one per test file. */
  stack: Stack;
  /** A fresh account for this test, signed up through identity's API. */
  account: TestAccount;
  /** A browser context holding a fresh account's session (refresh cookie), with one page; closed after the test. */
  signedIn: SignedIn;
}

/**
 * Signs a new account up through identity's API; the context keeps its refresh cookie. The account
 * has been through the post-sign-up intro (recorded on the server), so signing in to it shows the app
 * as a returning user sees it; tests of the intro sign up through the UI instead.
 */
async function signUp(stack: Stack, context: BrowserContext, tag: string): Promise<TestAccount> {
  const user = newUser(tag);
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, { data: user });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { id: string } };
  const done = await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, {
    headers: { Authorization: `Bearer ${body.accessToken}` },
  });
  if (done.status() !== 200) throw new Error(`milestone answered ${done.status()}: ${await done.text()}`);
  return { ...user, id: body.user.id };
}

/**
 * Playwright-style fixtures on Vitest: tests ask for what they need (`{ stack, signedIn }`) and
 * get it set up through the real API, and torn down after them.
 */
export const test = base.extend<Fixtures>({
  browserOptions: [{}, { scope: 'file' }],
  browser: [
    async ({ browserOptions }, use) => {
      const browser = await launchBrowser(browserOptions);
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  stackOptions: [{}, { scope: 'file' }],
  stack: [
    async ({ stackOptions }, use) => {
      const stack = await startStack(stackOptions);
      await use(stack);
      await stack.stop();
      removeDataDir(stack.dataDir);
    },
    { scope: 'file' },
  ],
  account: async ({ browser, stack }, use) => {
    // Signed up in a context of its own, closed at once: the account is signed out everywhere else.
    const context = await browser.newContext();
    const account = await signUp(stack, context, 'fixture');
    await context.close();
    await use(account);
  },
  signedIn: async ({ browser, stack }, use) => {
    const context = await browser.newContext({ viewport: PHONE });
    // The context's request API shares its cookie jar: the sign-up's refresh cookie signs the pages in.
    const account = await signUp(stack, context, 'signed-in');
    const page = await context.newPage();
    await use({ account, context, page });
    await context.close();
  },
});

export { describe, expect } from 'vitest';
