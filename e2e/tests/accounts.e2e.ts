import type { Page } from 'playwright-core';
import { PASSWORD, newUser, signInThroughUi, signUpThroughUi, visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';

/**
 * Accounts as a person meets them (issue 6): sign-up with and without the avatar creator, the
 * username check, every sign-up rule shown on its own field, sign-in errors, and profile editing
 * that the shell's user block follows at once.
 */

const me = async (page: Page, base: string) => {
  const refreshed = await page.request.post(`${base}/api/identity/auth/refresh`);
  expect(refreshed.status()).toBe(200);
  return (await refreshed.json()).user as Record<string, unknown>;
};
const uniqueUsername = () => `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const userBlock = (page: Page) => page.getByTestId('user-block').filter({ visible: true });

describe('sign-up', () => {
  it('with an avatar: the creator opens, Randomize changes it, Save creates the account wearing it', async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const user = newUser('avatar');
    const username = uniqueUsername();

    await page.goto(`${stack.url}/auth?mode=sign-up`);
    await snap(page, 'auth-sign-up-phone');
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await visible(page.getByText('Available'));
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    const creator = await visible(page.getByRole('dialog', { name: 'Create Your Avatar' }));
    const preview = creator.getByRole('img', { name: /Avatar preview/ });
    await visible(preview.locator('img'));
    const before = await preview.locator('img').getAttribute('src');
    await creator.getByRole('button', { name: 'Randomize' }).click();
    await creator.getByRole('radio', { name: 'Sunglasses' }).check();
    await page.waitForFunction(
      `document.querySelector('dialog [role="img"] img')?.getAttribute('src') !== ${JSON.stringify(before)}`,
    );
    await snap(page, 'avatar-creator-phone');
    await creator.getByRole('button', { name: 'Save Avatar' }).click();

    await page.waitForURL(`${stack.url}/`);
    await visible(page.getByText('Account created successfully! Welcome to Vere'));
    await visible(userBlock(page).locator('[data-avatar="drawn"] img'));
    const account = await me(page, stack.url);
    expect(account).toMatchObject({ username, name: user.name });
    expect((account.avatarConfig as { accessories: string[] }).accessories).toEqual(['sunglasses']);
    await context.close();
  });

  it('without an avatar: closing the creator still creates the account, with a generated username', async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signUpThroughUi(page, stack.url, newUser('no-avatar'), { avatar: 'close' });
    await page.waitForURL(`${stack.url}/`);
    await visible(userBlock(page).locator('[data-avatar="initial"]'));
    const account = await me(page, stack.url);
    expect(account.avatarConfig).toBeNull();
    expect(account.username).toMatch(/^grace_hopper_[0-9]{4}$/);
    await context.close();
  });

  it('says a username is taken while typing, whatever its case, and keeps the form from submitting', async ({
    browser,
    stack,
  }) => {
    const taken = uniqueUsername();
    const first = await browser.newContext({ viewport: PHONE });
    await signUpThroughUi(await first.newPage(), stack.url, newUser('first'), { username: taken });
    await first.close();

    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${stack.url}/auth?mode=sign-up`);
    const user = newUser('second');
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByLabel('Username', { exact: true }).fill(taken.toUpperCase());
    await visible(page.getByText('Username is already taken'));
    expect(await page.getByLabel('Username', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);
    await page.close();
  });

  it('shows each rule on its own field', async ({ browser, stack }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.url}/auth?mode=sign-up`);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const errorOf = async (label: string) => {
      const ids = (await field(label).getAttribute('aria-describedby')) ?? '';
      const id = ids.split(' ').find((d) => d.endsWith('-error'));
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    };
    await field('Username').fill('_bad');
    expect(await errorOf('Username')).toBe('Username cannot start or end with an underscore');
    await field('Username').fill('');

    await field('Name').fill('R2D2');
    await field('Email').fill('grace@example.com');
    await field('Password').fill('weak');
    await visible(page.getByText('Weak'));
    await field('Password').fill(PASSWORD);
    await visible(page.getByText('Strong'));
    await field('Confirm password').fill(`${PASSWORD}x`);
    expect(await errorOf('Confirm password')).toBe('Passwords do not match');
    expect(await page.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);
    await field('Confirm password').fill(PASSWORD);

    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await errorOf('Name')).toBe('Name can only contain letters, spaces and hyphens');
    await field('Name').fill('Grace Hopper');
    await field('Email').fill('grace@mailinator.com');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await errorOf('Email')).toBe('Disposable email addresses are not allowed');
    await field('Email').fill('grace..h@example.com');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await errorOf('Email')).toBe('Email address cannot contain consecutive periods');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it('puts a taken e-mail on the e-mail field after the creator closes', async ({ browser, stack, account }) => {
    const page = await browser.newPage({ viewport: PHONE });
    await signUpThroughUi(page, stack.url, { ...newUser('dup'), email: account.email }, { intro: 'keep' });
    await visible(page.getByText('An account with this email already exists. Try signing in instead.'));
    expect(page.url()).toContain('/auth');
    await page.close();
  });
});

describe('sign-in and out', () => {
  it('signs out, refuses a wrong password with one message for both cases, and signs in again', async ({
    browser,
    stack,
    account,
  }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInThroughUi(page, stack.url, account);
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }).click();
    await page.waitForURL(/\/auth/);

    await signInThroughUi(page, stack.url, { email: account.email, password: 'Wrong-pass1!' });
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    await signInThroughUi(page, stack.url, { email: `nobody.${Date.now()}@example.com`, password: 'Wrong-pass1!' });
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    await snap(page, 'auth-sign-in-error-desktop');

    await signInThroughUi(page, stack.url, account);
    await page.waitForURL(`${stack.url}/`);
    expect(await userBlock(page).textContent()).toContain(account.name);
    await page.close();
  });
});

describe('the prerendered sign-in page', () => {
  it('paints from the HTML, keeps what was typed before the app loaded and sends an early Sign In once it has', async ({
    browser,
    stack,
    account,
  }) => {
    // Served by the edge for /auth exactly: the form is in the HTML, no script needed to see it.
    const html = await (await fetch(`${stack.url}/auth`)).text();
    expect(html).toContain('Welcome back');
    expect(html).toContain('data-prerendered');
    expect(await (await fetch(`${stack.url}/auth?mode=sign-up`)).text()).not.toContain('Welcome back');
    // No script runs before the first paint: the entry is preloaded and named for the inline script.
    expect(html).not.toMatch(/<script[^>]+src=/);
    const entry = /<meta name="vere-entry" content="([^"]+)">/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/main\.[0-9a-f]+\.js$/);
    expect(html).toContain(`<link rel="preload" href="${entry}" as="script">`);

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage({ viewport });
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      // Hold the auth page's code back: the person types and taps while only the HTML is there.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/auth-page\.[0-9a-f]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // When the entry script is added to the page, measured against the first contentful paint.
      await page.addInitScript(`new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) {
          if (node.nodeName === 'SCRIPT' && node.src.includes('/assets/main.')) window.entryAddedAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });`);
      await page.goto(`${stack.url}/auth`);
      await visible(page.getByRole('heading', { name: 'Welcome back' }));
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      // Not submitted natively: nothing of the form went into the URL.
      expect(page.url()).toBe(`${stack.url}/auth`);
      release();
      await page.waitForURL(`${stack.url}/`);
      await visible(userBlock(page));
      // The app's code started only after the form had painted.
      const order = (await page.evaluate(
        "({ entry: window.entryAddedAt, paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime })",
      )) as { entry?: number; paint?: number };
      expect(order.paint).toBeGreaterThan(0);
      expect(order.entry).toBeGreaterThan(order.paint!);
      // No hydration mismatch (React reports one as a console error) and nothing else went wrong.
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('opens "Forgot password?" tapped before the app had loaded, once it has', async ({ browser, stack }) => {
    const page = await browser.newPage({ viewport: PHONE });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/auth-page\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.url}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    // Held, not lost: nothing happens while the page is only HTML…
    expect(await page.getByRole('dialog').count()).toBe(0);
    release();
    // …and the tap is replayed once React owns the page.
    await visible(page.getByRole('dialog', { name: 'Reset Password' }));
    await page.close();
  });

  it('shows a browser that has had a user the splash, not the form, while its session loads', async ({
    stack,
    signedIn: { page },
  }) => {
    await page.addInitScript(() => localStorage.setItem('vere_known_user', 'true'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/identity/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.url}/auth`);
    await visible(page.getByRole('status').filter({ hasText: 'Loading your adventure...' }));
    expect(await page.getByRole('heading', { name: 'Welcome back' }).isVisible()).toBe(false);
    release();
    // Signed in: /auth sends the user home without ever showing the sign-in form.
    await page.waitForURL(`${stack.url}/`);
    await visible(userBlock(page));
  });
});

describe('profile', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`edits the profile and the avatar on ${label}; the user block follows at once`, async ({ signedIn, stack }) => {
      const { page } = signedIn;
      await page.setViewportSize(viewport);
      await page.goto(`${stack.url}/profile`);
      await visible(page.getByRole('heading', { name: 'Edit profile' }));
      const username = uniqueUsername();
      await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
      await page.getByLabel('Display name', { exact: true }).fill('Countess ✨');
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Bio', { exact: true }).fill('<b>Analytical</b> engines.');
      await visible(page.getByText('Available'));
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await visible(page.getByText('Profile updated successfully!'));
      expect(await userBlock(page).textContent()).toContain('Ada Lovelace');
      await visible(page.getByTestId('profile-username').filter({ hasText: `@${username}` }));

      await page.getByRole('button', { name: 'Create Avatar' }).click();
      const creator = await visible(page.getByRole('dialog', { name: 'Create Your Avatar' }));
      await creator.getByRole('radio', { name: 'Mohawk' }).check();
      await snap(page, `profile-avatar-creator-${label}`);
      await creator.getByRole('button', { name: 'Save Avatar' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await visible(userBlock(page).locator('[data-avatar="drawn"] img'));
      // Focus goes back to the button that opened the creator (now "Edit Avatar").
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Edit Avatar');
      await snap(page, `profile-${label}`);

      // No field for a link to a photo elsewhere: only photos Vere serves itself are shown (decision 0035).
      expect(await page.getByLabel('Photo link', { exact: true }).count()).toBe(0);

      const stored = await me(page, stack.url);
      expect(stored).toMatchObject({
        name: 'Ada Lovelace',
        displayName: 'Countess ✨',
        username,
        bio: '<b>Analytical</b> engines.',
      });
      expect((stored.avatarConfig as { hair: string[] }).hair).toEqual(['mohawk']);
      await page.reload();
      await visible(
        page.getByText('<b>Analytical</b> engines.', { exact: false }).or(page.getByLabel('Bio', { exact: true })),
      );
      expect(await page.getByLabel('Bio', { exact: true }).inputValue()).toBe('<b>Analytical</b> engines.');
    });
  }
});

describe('your data', () => {
  it('downloads everything the services hold, then deletes the account for good', async ({ signedIn, stack }) => {
    const { page, account } = signedIn;
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/settings`);
    await visible(page.getByRole('heading', { name: 'Your data' }));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vere-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(file, 'utf8'));
    expect(data.identity.account).toMatchObject({ id: account.id, email: account.email });
    expect(data.quests.service).toBe('quests');
    expect(data.pods).toEqual({
      service: 'pods',
      pods: [],
      chatMessages: [],
      friendships: [],
      blocks: [],
      reports: [],
      podLogEntries: [],
      podReactions: [],
      podComments: [],
      nudges: [],
      playbookWeeks: [],
    });
    expect(data.billing).toEqual({ service: 'billing', entitlement: null, subscriptions: [] });

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delete your account?' }));
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong-pass1!');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await visible(dialog.getByText('That password is not right.'));
    await snap(page, 'delete-account-phone');
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/auth/);
    await visible(page.getByText('Your account has been deleted.'));

    await signInThroughUi(page, stack.url, account);
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
  });
});
