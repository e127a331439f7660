// People for the social journeys (connect, chat, pod streak): accounts signed up through identity's
// API with a chosen username and past the intro, friendships made through pods' API, and the
// screenshots those journeys keep under docs/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { defaultNotificationPreferences, inQuietHours, localClock } from '@vere/domain';
import { newUser, settled } from './app';
import { DESKTOP, PHONE } from './browser';
import { repoRoot, type Stack } from './stack';

export interface Person {
  id: string;
  name: string;
  email: string;
  username: string;
  token: string;
}

/** Zones spread around the clock: in one of them it is always the middle of the day. */
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Kiritimati',
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/New_York',
];

/**
 * A time zone outside the default quiet hours (22:00–08:00) now and for the next hour, by the rule
 * identity's push dispatcher applies: a push to a person who lives there goes out at once whenever
 * the suite runs.
 */
export function daytimeZone(now = new Date()): string {
  const soon = new Date(now.getTime() + 60 * 60_000);
  const quiet = (zone: string, at: Date) =>
    inQuietHours(defaultNotificationPreferences(zone).quietHours, localClock(at, zone).minute);
  const zone = ZONES.find((z) => !quiet(z, now) && !quiet(z, soon));
  if (!zone) throw new Error(`no zone outside quiet hours at ${now.toISOString()}`);
  return zone;
}

/**
 * Moves a person's reminder time twelve hours from their local now, everything else as the defaults.
 * The scheduler puts a due reminder in the centre (from the reminder time, 09:00 by default, for an
 * hour), so a test that reads the bell's count would see one more between 09:00 and 10:00 of the
 * person's zone; with this it sees only what the test itself caused, whenever the suite runs.
 */
export async function remindersLater(stack: Stack, request: APIRequestContext, person: Person, zone = 'UTC') {
  const minute = (localClock(new Date(), zone).minute + 12 * 60) % (24 * 60);
  const preferredTime = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  const saved = await request.put(`${stack.url}/api/identity/me/notifications/preferences`, {
    headers: auth(person),
    data: { ...defaultNotificationPreferences(zone), preferredTime },
  });
  expect(saved.status(), await saved.text()).toBe(200);
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
  {
    viewport = PHONE,
    clipboard = false,
    timeZone,
  }: {
    viewport?: { width: number; height: number };
    clipboard?: boolean;
    /** Where the person lives: their account's zone and their browser's (default: the account's default, UTC). */
    timeZone?: string;
  } = {},
): Promise<Member> {
  const context = await browser.newContext({ viewport, ...(timeZone ? { timezoneId: timeZone } : {}) });
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  const person = await signUp(stack, context, prefix, name, timeZone ? { timeZone } : {});
  return { ...person, context, page: await context.newPage() };
}

/** The bearer header of a person's API calls. */
export const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });

/** A friendship through pods' API (the UI path is connect.e2e's): `from` asks, `to` accepts. */
export async function befriend(stack: Stack, context: BrowserContext, from: Person, to: Person): Promise<void> {
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

/** A pod through pods' API (the UI path is pod-streak.e2e's): `owner` creates it, `joiners` join with its code. */
export async function podThroughApi(
  stack: Stack,
  request: APIRequestContext,
  name: string,
  owner: Person,
  ...joiners: Person[]
): Promise<{ id: string; invites: { code: string }[] }> {
  const created = await request.post(`${stack.url}/api/pods/pods`, { headers: auth(owner), data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const pod = (await created.json()) as { id: string; invites: { code: string }[] };
  for (const joiner of joiners) {
    const joined = await request.post(`${stack.url}/api/pods/invites/${pod.invites[0]!.code}/join`, {
      headers: auth(joiner),
    });
    expect(joined.status(), await joined.text()).toBe(200);
  }
  return pod;
}

export interface DocShotOptions {
  /** The whole page, not only the viewport (default true). */
  fullPage?: boolean;
  /** Blur the focused element and scroll to the top first (default true). */
  reset?: boolean;
}

/** Saves docs/screenshots/<file>.png once avatars have drawn, toasts and the page settled (app.ts). */
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
  await settled(page, { timeout: 5_000, tolerant: true });
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
