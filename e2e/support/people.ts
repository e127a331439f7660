// People for the social journeys (connect, chat, pod streak): accounts signed up through identity's
// API with a chosen username and past the intro, friendships made through pods' API, and the
// screenshots those journeys keep under docs/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newUser } from './app';
import { DESKTOP, PHONE } from './browser';
import { repoRoot, type Stack } from './stack';

export interface Person {
  id: string;
  name: string;
  email: string;
  username: string;
  token: string;
}

/** A person with a browser context of their own and a page open in it. */
export interface Member extends Person {
  context: BrowserContext;
  page: Page;
}

let seq = 0;
const tag = () =>
  `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Signs an account up through identity's API with a unique `<prefix>_…` username, past the intro. */
export async function signUp(
  stack: Stack,
  context: BrowserContext,
  prefix: string,
  name: string,
  extra: { timeZone?: string } = {},
): Promise<Person> {
  const user = { ...newUser(prefix), name, username: `${prefix}_${tag()}`, ...extra };
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, { data: user });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { id: string; username: string } };
  const done = await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, {
    headers: { Authorization: `Bearer ${body.accessToken}` },
  });
  if (done.status() !== 200) throw new Error(`milestone answered ${done.status()}`);
  return { id: body.user.id, name, email: user.email, username: body.user.username, token: body.accessToken };
}

/** A signed-up person in a new browser context (optionally allowed the clipboard, for invite links). */
export async function member(
  browser: Browser,
  stack: Stack,
  prefix: string,
  name: string,
  { viewport = PHONE, clipboard = false }: { viewport?: { width: number; height: number }; clipboard?: boolean } = {},
): Promise<Member> {
  const context = await browser.newContext({ viewport });
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  const person = await signUp(stack, context, prefix, name);
  return { ...person, context, page: await context.newPage() };
}

/** A friendship through pods' API (the UI path is connect.e2e's): `from` asks, `to` accepts. */
export async function befriend(stack: Stack, context: BrowserContext, from: Person, to: Person): Promise<void> {
  const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });
  // pods learns profiles from identity's events: until then the user is unknown (404).
  await expect
    .poll(
      async () =>
        (
          await context.request.post(`${stack.url}/api/pods/friends/requests`, {
            headers: auth(from),
            data: { userId: to.id },
          })
        ).status(),
      { timeout: 20_000 },
    )
    .toBe(201);
  const accepted = await context.request.post(`${stack.url}/api/pods/friends/requests/${from.id}/accept`, {
    headers: auth(to),
  });
  expect(accepted.status()).toBe(204);
}

export interface DocShotOptions {
  /** The whole page, not only the viewport (default true). */
  fullPage?: boolean;
  /** Blur the focused element and scroll to the top first (default true). */
  reset?: boolean;
}

/** Saves docs/screenshots/<file>.png once avatars have drawn and toasts settled. */
export async function docShot(
  page: Page,
  file: string,
  { fullPage = true, reset = true }: DocShotOptions = {},
): Promise<void> {
  const dir = join(repoRoot, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.evaluate((resetFirst) => {
    const g = globalThis as unknown as {
      scrollTo(x: number, y: number): void;
      document: { activeElement: { blur?(): void } | null };
    };
    if (resetFirst) {
      g.document.activeElement?.blur?.();
      g.scrollTo(0, 0);
    }
    return new Promise((resolve) => setTimeout(resolve, 400));
  }, reset);
  await page.screenshot({ path: join(dir, `${file}.png`), fullPage });
}

/** docShot at phone size (`<file>-phone`) and desktop size (`<file>-desktop`), then back to the page's size. */
export async function docShotBothSizes(
  page: Page,
  file: string,
  { desktop = DESKTOP, ...options }: DocShotOptions & { desktop?: { width: number; height: number } } = {},
): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  await docShot(page, `${file}-phone`, options);
  await page.setViewportSize(desktop);
  await docShot(page, `${file}-desktop`, options);
  if (before) await page.setViewportSize(before);
}
