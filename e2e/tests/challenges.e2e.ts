import type { Browser, Locator, Page } from 'playwright-core';
import { outage } from '../support/api';
import { newUser, visible, viewportShot } from '../support/app';
import { DESKTOP, PHONE } from '../support/browser';
import { removeDataDir, startStack, type Stack } from '../support/stack';
import { afterAll, beforeAll } from 'vitest';
import { describe, expect, test as it } from '../support/fixtures';
import { seriousViolations } from '../support/axe';

type Viewport = typeof PHONE;
const VIEWPORTS: Array<[string, Viewport]> = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

/** Screenshots a person looks at, kept with the docs. */
const shot = (page: Page, name: string): Promise<void> => viewportShot(page, `challenges-${name}`);

/** A 1×1 PNG. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday and hour it is now in `zone`, by the same Intl data the services use. */
function wallClock(zone: string, now = new Date()): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  return {
    day: WEEKDAYS.indexOf(parts.find((p) => p.type === 'weekday')!.value),
    hour: Number(parts.find((p) => p.type === 'hour')!.value),
  };
}

/** The coming Friday, 12:00 UTC (next week's when today is Friday). */
function nextFridayNoonUtc(now = new Date()): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
  d.setUTCDate(d.getUTCDate() + ((5 - d.getUTCDay() + 7) % 7 || 7));
  return d;
}

/** Spec §9: Friday 17:00 to the end of Sunday, local. */
const inWeekend = ({ day, hour }: { day: number; hour: number }) => day === 6 || day === 0 || (day === 5 && hour >= 17);

/**
 * A zone where it is now (and for the next hour) a weekday outside the weekend window, or inside
 * it: the test moves the user's clock by choosing their zone instead of waiting for a weekend.
 */
function zoneWhere(weekend: boolean): string | null {
  const soon = new Date(Date.now() + 60 * 60_000);
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone')];
  return (
    zones.find((zone) => inWeekend(wallClock(zone)) === weekend && inWeekend(wallClock(zone, soon)) === weekend) ?? null
  );
}

interface Player {
  page: Page;
  /** Calls the quests API as this user (another device of theirs). */
  api(method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** A new free account in `timeZone`, signed up through identity's API, past the intro, on a page of its own. */
async function player(
  browser: Browser,
  stack: Stack,
  viewport: Viewport,
  timeZone: string,
  tag: string,
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<Player> {
  const context = await browser.newContext({ viewport, reducedMotion });
  const user = newUser(tag);
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, { data: { ...user, timeZone } });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const done = await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (done.status() !== 200) throw new Error(`milestone answered ${done.status()}`);
  const page = await context.newPage();
  const headers = { Authorization: `Bearer ${accessToken}` };
  const api: Player['api'] = async (method, path, data) => {
    const r =
      method === 'GET'
        ? await context.request.get(`${stack.url}${path}`, { headers })
        : await context.request.post(`${stack.url}${path}`, { headers, data });
    return { status: r.status(), body: await r.json() };
  };
  return { page, api, close: () => context.close() };
}

async function text(locator: Locator): Promise<string> {
  return ((await locator.first().textContent()) ?? '').trim();
}

/** Waits for the deck's header to read `used`/`max` swipes. */
async function counterReads(page: Page, used: number, max = 5): Promise<void> {
  await expect
    .poll(() => text(page.getByTestId('swipe-counter')), { timeout: 10_000 })
    .toBe(`Swipe to decide • ${used}/${max} swipes`);
  // The decided card has flown off and the next one is on top.
  await expect.poll(() => page.locator('.ch-card.is-leaving').count()).toBe(0);
}

async function dragTopCard(page: Page, dx: number): Promise<void> {
  const box = (await page.getByTestId('deck-card').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(x + (dx * i) / 8, y + i);
  await page.mouse.up();
}

describe.each(VIEWPORTS)('challenges on %s', (label, viewport) => {
  it('a free user swipes until out of swipes, completes to-dos with photo, both and text proof, earns XP and levels up', async ({
    browser,
    stack,
  }) => {
    const zone = zoneWhere(false) ?? 'UTC';
    const { page, close } = await player(browser, stack, viewport, zone, `deck-${label}`);
    await page.goto(`${stack.url}/`);
    await visible(page.getByRole('heading', { name: 'Choose Your Challenge' }));
    await visible(page.getByText("What's your vibe today?"));
    await visible(page.getByTestId('my-rank'));
    await shot(page, `hub-${label}`);
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);

    await page.getByTestId('kind-daily').click();
    await counterReads(page, 0);
    await visible(page.getByTestId('deck-card'));
    expect(await text(page.getByTestId('skip-button'))).toBe('Skip (1)');
    await shot(page, `deck-${label}`);
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);

    // A skip: counted as a skip only, with the spec's toast; no skips are left after it.
    const firstTitle = await text(page.getByTestId('deck-card').locator('h2'));
    await page.getByTestId('skip-button').click();
    await visible(page.getByText('Challenge skipped. Try the next one!'));
    await counterReads(page, 0);
    expect(await text(page.getByTestId('skip-button'))).toBe('Skip (0)');
    expect(await page.getByTestId('skip-button').isDisabled()).toBe(true);
    await expect.poll(() => text(page.getByTestId('deck-card').locator('h2'))).not.toBe(firstTitle);

    // Accepts by keyboard (arrow keys) …
    await page.keyboard.press('ArrowRight');
    await counterReads(page, 1);
    await page.keyboard.press('ArrowRight');
    await counterReads(page, 2);
    // … and by the button: the 4th card is the upgrade ad for a free user.
    await page.getByTestId('accept-button').click();
    await counterReads(page, 3);
    const ad = await visible(page.getByTestId('upgrade-ad'));
    expect(await ad.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/pro');
    expect(await page.getByTestId('accept-button').isDisabled()).toBe(true);
    await shot(page, `upgrade-ad-${label}`);
    await ad.getByRole('button', { name: 'Skip Ad' }).click();
    await visible(page.getByTestId('deck-card'));

    // A drag with the mouse past 40 px accepts; a short one snaps back.
    await dragTopCard(page, 10);
    await counterReads(page, 3);
    await dragTopCard(page, 140);
    await counterReads(page, 4);
    await expect.poll(() => text(page.getByTestId('todo-count'))).toBe('4');

    await page.getByTestId('accept-button').click();
    await counterReads(page, 5);
    const out = await visible(page.getByRole('dialog', { name: "You're out of swipes" }));
    await visible(out.getByText('Come back tomorrow, or upgrade for 2× daily swipes.'));
    await visible(out.getByRole('button', { name: 'Upgrade to Pro · 2× Swipes' }));
    await visible(out.getByRole('button', { name: 'Not now' }));
    await shot(page, `out-of-swipes-${label}`);
    await out.getByRole('button', { name: 'Not now' }).click();
    expect(await page.getByTestId('accept-button').isDisabled()).toBe(true);
    expect(await text(page.getByTestId('todo-count'))).toBe('5');
    // The arrow key cannot get round the limit either: it opens the modal again.
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('dialog', { name: "You're out of swipes" }));
    await page.getByRole('button', { name: 'View To-Do List' }).click();

    const list = await visible(page.getByRole('dialog', { name: 'My To-Do List' }));
    await expect.poll(() => list.getByTestId('todo-pending').count()).toBe(5);
    await shot(page, `todos-${label}`);
    const xpBefore = await text(page.getByTestId('xp-label'));
    expect(xpBefore).toBe('0 / 100 XP');

    // The validation message for an empty text proof (the form checks first; quests says the same).
    await list
      .getByTestId('todo-pending')
      .first()
      .getByRole('button', { name: /^Complete / })
      .click();
    await list.getByRole('button', { name: 'Submit proof' }).click();
    await visible(list.getByRole('alert').filter({ hasText: 'Please add a text reflection' }));
    await shot(page, `complete-proof-${label}`);
    expect(await seriousViolations(page, '.ch-todo-dialog')).toEqual([]);
    // Photo proof without a photo: the spec's message.
    await list.getByRole('radio', { name: 'Photo' }).check();
    expect(await list.getByLabel('Your reflection').count()).toBe(0);
    await list.getByRole('button', { name: 'Submit proof' }).click();
    await visible(list.getByRole('alert').filter({ hasText: 'Please select a photo' }));

    let earned = 0;
    let leveled = false;
    for (let done = 0; done < 5; done += 1) {
      const item = list.getByTestId('todo-pending').first();
      const xp = Number((await text(item.locator('.ch-chip--xp'))).replace(/\D/g, ''));
      if (done > 0) await item.getByRole('button', { name: /^Complete / }).click();
      // Each proof type: a real image file for Photo and Both (uploaded, re-encoded, linked), text for the rest.
      const proof = (['Photo', 'Both'] as const)[done] ?? 'Text';
      await list.getByRole('radio', { name: proof }).check();
      if (proof !== 'Text') {
        await list
          .getByLabel('Choose a photo')
          .setInputFiles({ name: `proof-${done}.png`, mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
        await visible(list.getByRole('img', { name: `Preview of proof-${done}.png` }));
      }
      if (proof !== 'Photo') await list.getByLabel('Your reflection').fill(`Did it, number ${done + 1}.`);
      const answer = page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' &&
          /\/api\/quests\/me\/todos\/[^/]+\/complete$/.test(new URL(r.url()).pathname),
      );
      await list.getByRole('button', { name: 'Submit proof' }).click();
      const body = (await (await answer).json()) as {
        levelUp: { level: number } | null;
        todo: { proofPhotoUrl?: string | null; proofText: string | null };
      };
      if (proof === 'Text') expect(body.todo.proofPhotoUrl ?? null).toBeNull();
      else {
        // The owner's short-lived link serves the re-encoded photo.
        const photo = await page.request.get(new URL(body.todo.proofPhotoUrl!, stack.url).toString());
        expect(photo.status()).toBe(200);
        expect(photo.headers()['content-type']).toBe('image/jpeg');
      }
      expect(body.todo.proofText).toBe(proof === 'Photo' ? null : `Did it, number ${done + 1}.`);
      earned += xp;
      await visible(page.getByText(`Challenge completed! +${xp} XP earned! 🎉`));
      if (body.levelUp) {
        // The to-do list makes way and the shell's celebration shows the Level Up overlay for 3 s.
        expect(body.levelUp.level).toBe(2);
        expect(earned).toBeGreaterThanOrEqual(100);
        const overlay = await visible(page.getByRole('status', { name: /^Level up: Level 2!/ }));
        await shot(page, `level-up-${label}`);
        await overlay.waitFor({ state: 'detached', timeout: 6_000 });
        leveled = true;
        await visible(page.getByTestId('level-badge').filter({ hasText: 'Level 2' }));
        if (done < 4) await page.getByTestId('todo-button').click();
      } else {
        // Level 1 spans 0–100 XP, level 2 100–250 (libs/domain's curve).
        const label = leveled ? `${earned - 100} / 150 XP` : `${earned} / 100 XP`;
        await expect.poll(() => text(page.getByTestId('xp-label'))).toBe(label);
      }
      if (done < 4) await expect.poll(() => list.getByTestId('todo-pending').count()).toBe(4 - done);
    }
    expect(leveled).toBe(true);
    if (viewport === DESKTOP) {
      await expect.poll(() => text(page.getByTestId('stat-total-xp'))).toBe(String(earned));
      await expect.poll(() => text(page.getByTestId('stat-completed-today'))).toBe('5');
      await visible(page.getByTestId('side-panel').getByText('Daily goal reached!'));
    }
    const listAgain = page.getByRole('dialog', { name: 'My To-Do List' });
    if (!(await listAgain.isVisible())) await page.getByTestId('todo-button').click();
    await expect.poll(() => listAgain.getByTestId('todo-completed').count()).toBe(5);
    await shot(page, `todos-done-${label}`);
    await page.keyboard.press('Escape');

    // The hub's leaderboard shows the new total.
    await page.getByRole('link', { name: 'Back to Challenges' }).click();
    const board = await visible(page.getByTestId('leaderboard'));
    await visible(board.locator('.is-me').filter({ hasText: `${earned} XP` }));
    await board.scrollIntoViewIfNeeded();
    await shot(page, `leaderboard-${label}`);
    await close();
  });
});

describe.each(VIEWPORTS)("the weekend window on %s (quests' clock on a Friday, 12:00 UTC)", (label, viewport) => {
  // The server decides whether the weekend is open, so the test moves quests' clock (the launcher's
  // QUESTS_CLOCK_OFFSET_MS) rather than waiting for a weekend, and the browser's clock with it.
  // At Friday 12:00 UTC it is a weekday in UTC (opens at 17:00) and Friday 21:00 in Tokyo (open).
  const offsetMs = nextFridayNoonUtc().getTime() - Date.now();
  let shifted: Stack;
  beforeAll(async () => {
    shifted = await startStack({ env: { QUESTS_CLOCK_OFFSET_MS: String(offsetMs) } });
  }, 180_000);
  afterAll(async () => {
    await shifted?.stop();
    if (shifted) removeDataDir(shifted.dataDir);
  });

  /** The page's clock reads what quests' clock reads, and runs on. */
  async function onFriday(page: Page): Promise<void> {
    await page.clock.install({ time: new Date(Date.now() + offsetMs) });
    await page.clock.resume();
  }

  it('keeps the weekend deck locked on a weekday, with the countdown', async ({ browser }) => {
    const { page, close } = await player(browser, shifted, viewport, 'UTC', `weekday-${label}`);
    await onFriday(page);
    await page.goto(`${shifted.url}/`);
    const weekend = await visible(page.getByTestId('kind-weekend'));
    await visible(weekend.getByText('Available weekends only'));
    // Friday 12:00 + the minutes the stack took to start: 17:00 is 4 to 5 hours away.
    await expect.poll(() => text(weekend.locator('.ch-kind__countdown'))).toMatch(/^Unlocks in: [45]h \d+m$/);
    expect(await weekend.getAttribute('aria-disabled')).toBe('true');
    await page.goto(`${shifted.url}/?deck=weekend`);
    await visible(page.getByText('Coming soon!'));
    await visible(page.getByText('Check back on Saturday and Sunday for exciting weekend challenges.'));
    await expect.poll(() => text(page.locator('.ch-deck__unlocks'))).toMatch(/^Unlocks in: [45]h \d+m$/);
    await shot(page, `weekend-locked-${label}`);
    await close();
  });

  it('opens the weekend deck where it is already Friday evening (Asia/Tokyo), and counts weekend swipes apart', async ({
    browser,
  }) => {
    const { page, api, close } = await player(browser, shifted, viewport, 'Asia/Tokyo', `weekend-${label}`);
    await onFriday(page);
    await page.goto(`${shifted.url}/`);
    const weekend = await visible(page.getByTestId('kind-weekend'));
    // Open, and no longer waiting for the server's answer (a pending card is not yet a link).
    await expect
      .poll(async () => [await weekend.getAttribute('aria-disabled'), await weekend.getAttribute('aria-busy')])
      .toEqual([null, null]);
    await weekend.click();
    await counterReads(page, 0);
    await page.getByTestId('accept-button').click();
    await counterReads(page, 1);
    const limits = (await api('GET', '/api/quests/me/limits')).body as {
      weekendOpen: boolean;
      weekendSwipes: number;
      dailySwipes: number;
    };
    expect(limits).toMatchObject({ weekendOpen: true, weekendSwipes: 1, dailySwipes: 0 });
    await shot(page, `weekend-open-${label}`);
    await close();
  });
});

describe('time zone', () => {
  it("sends the browser's zone at sign-up and lets the user change it in Settings", async ({ browser, stack }) => {
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    const user = newUser('zone');
    await page.goto(`${stack.url}/auth?mode=sign-up`);
    await visible(page.getByRole('heading', { name: 'Create your account' }));
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const creator = await visible(page.getByRole('dialog', { name: 'Create Your Avatar' }));
    const signUp = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/identity/auth/sign-up'));
    await creator.getByRole('button', { name: 'Save Avatar' }).click();
    expect(JSON.parse((await signUp).postData() ?? '{}')).toMatchObject({ timeZone: 'Asia/Tokyo' });
    const intro = await visible(page.getByRole('dialog', { name: 'Welcome to Vere' }));
    await intro.getByRole('button', { name: 'Skip', exact: true }).click();

    await page.goto(`${stack.url}/settings`);
    await visible(page.getByTestId('zone-current').filter({ hasText: 'Now: Asia/Tokyo.' }));
    await page.getByLabel('Search time zones').fill('new york');
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('America/New_York');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/identity/me'));
    await page.getByRole('button', { name: 'Save time zone' }).click();
    expect((await saved).status()).toBe(200);
    await visible(page.getByTestId('zone-current').filter({ hasText: 'Now: America/New_York.' }));
    await shot(page, 'settings-time-zone-desktop');

    // quests learns the zone from identity's profile event: the limits come back in it.
    await expect
      .poll(
        async () =>
          page.evaluate(async () => {
            const r = await fetch('/api/identity/auth/refresh', { method: 'POST', credentials: 'include' });
            const { accessToken } = (await r.json()) as { accessToken: string };
            const limits = await fetch('/api/quests/me/limits', {
              headers: { Authorization: `Bearer ${accessToken}` },
            });
            return ((await limits.json()) as { timeZone: string }).timeZone;
          }),
        { timeout: 15_000 },
      )
      .toBe('America/New_York');
    await context.close();
  });
});

describe('deck limits', () => {
  it("refreshes the limits at the user's local midnight without a reload, and moves without motion when asked", async ({
    browser,
    stack,
  }) => {
    const { page, close } = await player(browser, stack, PHONE, 'UTC', 'midnight', 'reduce');
    await page.clock.install();
    const first = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/quests/me/limits');
    await page.goto(`${stack.url}/?deck=daily`);
    const { resetsAt } = (await (await first).json()) as { resetsAt: string };
    await counterReads(page, 0);

    // Reduced motion: the accepted card is replaced at once, with no fly-off transition.
    const title = await text(page.getByTestId('deck-card').locator('h2'));
    const duration = await page.evaluate(
      `getComputedStyle(document.querySelector('[data-testid="deck-card"]')).transitionDuration`,
    );
    expect(parseFloat(String(duration))).toBeLessThan(0.01);
    // The swipe-updated event makes the deck read its limits once more; let that settle first.
    const afterSwipe = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/quests/me/limits');
    await page.keyboard.press('ArrowRight');
    await counterReads(page, 1);
    await afterSwipe;
    expect(await text(page.getByTestId('deck-card').locator('h2'))).not.toBe(title);

    await page.evaluate('window.__sameDocument = true');
    const again = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/quests/me/limits', {
      timeout: 10_000,
    });
    await page.clock.fastForward(Date.parse(resetsAt) - Date.now() + 2_000);
    await again;
    expect(await page.evaluate('window.__sameDocument === true')).toBe(true);
    await close();
  });

  it('shows retryable errors, never zeros, when quests cannot answer', async ({ browser, stack }) => {
    const { page, close } = await player(browser, stack, PHONE, 'UTC', 'outage');
    const restoreBoard = await outage(page, '/api/quests/leaderboard');
    await page.goto(`${stack.url}/`);
    const board = await visible(page.getByTestId('leaderboard'));
    await visible(board.getByText('Failed to fetch leaderboard'));
    await restoreBoard();
    await board.getByRole('button', { name: 'Retry' }).click();
    await visible(board.getByTestId('leaderboard-row'));

    const restoreLimits = await outage(page, '/api/quests/me/limits');
    await page.goto(`${stack.url}/?deck=daily`);
    const failed = await visible(page.getByRole('alert').filter({ hasText: "Couldn't load your deck" }), 20_000);
    expect(await page.getByTestId('swipe-counter').count()).toBe(0);
    await restoreLimits();
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await counterReads(page, 0);
    await close();
  });

  it('decides the next card with an arrow key pressed the moment the last one has left, on a CPU slowed 20 times', async ({
    browser,
    stack,
  }) => {
    const { page, close } = await player(browser, stack, PHONE, 'UTC', 'arrow-race');
    await page.goto(`${stack.url}/?deck=daily`);
    await counterReads(page, 0);
    // A busy phone: the page paints a render before React re-adds a listener in a passive effect.
    // The keyboard handler used to be such a listener, so it saw the card that had just left and
    // dropped the press (2 of 6 presses in a run of this on the old deck; 0 of 12 on the new one).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    for (const used of [1, 2, 3]) {
      await page.keyboard.press('ArrowRight');
      await counterReads(page, used);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await close();
  });

  it('takes a touch drag on a phone: right accepts, left skips, a short one snaps back', async ({ browser, stack }) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const user = newUser('touch');
    const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, {
      data: { ...user, timeZone: 'UTC' },
    });
    const { accessToken } = (await res.json()) as { accessToken: string };
    await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const swipe = async (dx: number) => {
      const box = (await page.getByTestId('deck-card').boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let i = 1; i <= 8; i += 1)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 8, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await page.goto(`${stack.url}/?deck=daily`);
    await counterReads(page, 0);
    await swipe(12);
    await counterReads(page, 0);
    await swipe(160);
    await counterReads(page, 1);
    await swipe(-160);
    await visible(page.getByText('Challenge skipped. Try the next one!'));
    expect(await text(page.getByTestId('skip-button'))).toBe('Skip (0)');
    await context.close();
  });

  it("shows the server's refusal when the day's swipes were used on another device", async ({ browser, stack }) => {
    const { page, api, close } = await player(browser, stack, DESKTOP, 'UTC', 'elsewhere');
    await page.goto(`${stack.url}/?deck=daily`);
    await counterReads(page, 0);
    const { body } = await api('GET', '/api/quests/sidequests?type=daily');
    const ids = (body as { sidequests: Array<{ id: string }> }).sidequests.map((q) => q.id);
    for (const sidequestId of ids.slice(-5))
      expect((await api('POST', '/api/quests/me/swipes/accept', { sidequestId })).status).toBe(201);

    // The page still thinks 0/5: the server refuses and says why, and the deck catches up.
    await page.getByTestId('accept-button').click();
    await visible(page.getByText('Daily swipe limit reached. Try again tomorrow or upgrade to Pro for more swipes.'));
    await visible(page.getByRole('dialog', { name: "You're out of swipes" }));
    await counterReads(page, 5);
    await page.getByRole('button', { name: 'Not now' }).click();
    expect(await page.getByTestId('accept-button').isDisabled()).toBe(true);
    await close();
  });
});

describe('Pro member', () => {
  it('gets 10 swipes and 3 skips, never sees the upgrade ad, and is not offered an upgrade when out of swipes', async ({
    browser,
    stack,
  }) => {
    const { page, api, close } = await player(browser, stack, DESKTOP, 'UTC', 'pro');
    // Upgrade through the local test checkout (billing's real webhook path); quests learns it from billing's event.
    await page.goto(`${stack.url}/vere-pro`);
    await (await visible(page.getByRole('button', { name: 'Upgrade to Pro' }))).click();
    await page.waitForURL(/\/api\/billing\/local\/checkout\/cs_local_/);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await visible(page.getByRole('heading', { name: 'Welcome to Vere Pro!' }));
    await expect
      .poll(async () => ((await api('GET', '/api/quests/me/limits')).body as { isPro: boolean }).isPro, {
        timeout: 15_000,
      })
      .toBe(true);

    await page.goto(`${stack.url}/?deck=daily`);
    await counterReads(page, 0, 10);
    expect(await text(page.getByTestId('skip-button'))).toBe('Skip (3)');
    for (let used = 1; used <= 10; used += 1) {
      await page.keyboard.press('ArrowRight');
      await counterReads(page, used, 10);
      expect(await page.getByTestId('upgrade-ad').count()).toBe(0);
    }
    const out = await visible(page.getByRole('dialog', { name: "You're out of swipes" }));
    await visible(out.getByRole('button', { name: 'View To-Do List' }));
    await visible(out.getByRole('button', { name: 'Not now' }));
    expect(await out.getByRole('button', { name: /Upgrade to Pro/ }).count()).toBe(0);
    await shot(page, 'out-of-swipes-pro-desktop');

    // Delete from the to-do list.
    await out.getByRole('button', { name: 'View To-Do List' }).click();
    const list = await visible(page.getByRole('dialog', { name: 'My To-Do List' }));
    await expect.poll(() => list.getByTestId('todo-pending').count()).toBe(10);
    const doomed = await text(list.getByTestId('todo-pending').first().locator('.ch-todo__title'));
    await list.getByRole('button', { name: `Delete ${doomed}` }).click();
    await expect.poll(() => list.getByTestId('todo-pending').count()).toBe(9);
    expect(await list.getByText(doomed, { exact: true }).count()).toBe(0);
    await expect.poll(() => text(page.getByTestId('todo-count'))).toBe('9');
    await close();
  });
});
