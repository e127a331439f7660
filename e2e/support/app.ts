import type { Locator, Page } from 'playwright-core';

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
export async function signUpThroughUi(page: Page, baseUrl: string, user: ReturnType<typeof newUser>): Promise<void> {
  await page.goto(`${baseUrl}/auth?mode=sign-up`);
  await visible(page.getByRole('heading', { name: 'Create your account' }));
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function signInThroughUi(page: Page, baseUrl: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await visible(page.getByRole('heading', { name: 'Welcome back' }));
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
