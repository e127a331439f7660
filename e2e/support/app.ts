import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { repoRoot } from './stack';

export const PASSWORD = 'Challenge1!';

export function newUser(tag: string) {
  const id = `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: 'Grace Hopper', email: `${id}@example.com`, password: PASSWORD };
}

/** Waits until the locator is visible (playwright-core has no `expect`; this is its waiting half). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Signs up through the real form, as a person would. */
export interface SignUpThroughUiOptions {
  /** Fills the optional username field. */
  username?: string;
  /** What the user does in the avatar creator that opens: save the avatar (default) or close it. */
  avatar?: 'save' | 'close';
  /** The post-sign-up intro that follows: skipped (default) or left open for the test. */
  intro?: 'skip' | 'keep';
}

export async function signUpThroughUi(
  page: Page,
  baseUrl: string,
  user: ReturnType<typeof newUser>,
  opts: SignUpThroughUiOptions = {},
): Promise<void> {
  await page.goto(`${baseUrl}/auth?mode=sign-up`);
  await visible(page.getByRole('heading', { name: 'Create your account' }));
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  if (opts.username) await page.getByLabel('Username', { exact: true }).fill(opts.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const creator = page.getByRole('dialog', { name: 'Create Your Avatar' });
  await visible(creator);
  if (opts.avatar === 'close') await creator.getByRole('button', { name: 'Close: Create Your Avatar' }).click();
  else await creator.getByRole('button', { name: 'Save Avatar' }).click();
  if (opts.intro !== 'keep') await skipIntro(page);
}

/** The post-sign-up intro shows to a new account; Skip records it as done on the server. */
export async function skipIntro(page: Page): Promise<void> {
  const intro = page.getByRole('dialog', { name: 'Welcome to Vere' });
  await visible(intro);
  await intro.getByRole('button', { name: 'Skip', exact: true }).click();
  await intro.waitFor({ state: 'hidden' });
}

export async function signInThroughUi(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await visible(page.getByRole('heading', { name: 'Welcome back' }));
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Waits until the page shows what a person would see: the start-up splash (`#boot`) gone and every
 * finite animation ended (spinners and skeletons loop for good and are not waited for), each at most
 * `timeout`. Mid-fade, text sits at part opacity: axe reports its contrast, and a screenshot taken
 * as soon as the content is in the DOM could show the splash over it. With `tolerant`, a wait that
 * runs out (a page under a controlled clock) is not an error.
 */
export async function settled(page: Page, { timeout = 10_000, tolerant = false } = {}): Promise<void> {
  try {
    await page.locator('#boot').waitFor({ state: 'detached', timeout });
  } catch (error) {
    if (!tolerant) throw error;
  }
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, ${Math.min(timeout, 5_000)})),
  ])`);
}

/** Saves docs/screenshots/<name>.png, the viewport as it is once the page has settled. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  const dir = join(repoRoot, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await settled(page, { timeout: 5_000, tolerant: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
