import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newUser, visible, viewportShot } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { type Stack } from '../support/stack';

// Issue 22, points 3, 6 and 7: the streak in view, real celebrations without a CSP violation, the
// phone polish, and Pro's way to its pages — over the app as `npm start` runs it.

/** The small phone of the issue (the suite's usual phone is 390 × 844). */
const SMALL_PHONE = { width: 360, height: 740 };
type Viewport = typeof PHONE;

/** Screenshots kept with the docs (`ISSUE22_SHOTS=before` names the set taken on the old code). */
const shot = (page: Page, name: string): Promise<void> =>
  viewportShot(page, `issue-22-${process.env.ISSUE22_SHOTS ?? 'after'}-${name}`);

const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').trim();

interface Player {
  userId: string;
  context: BrowserContext;
  page: Page;
  /** Every Content-Security-Policy violation the page reported (console line or `securitypolicyviolation`). */
  csp: string[];
  api(method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A new free account in UTC, past the intro, whose quests player exists; the page records CSP violations. */
async function player(browser: Browser, stack: Stack, viewport: Viewport, tag: string): Promise<Player> {
  const context = await browser.newContext({ viewport, reducedMotion: 'no-preference' });
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, {
    data: { ...newUser(tag), timeZone: 'UTC' },
  });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
  const headers = { Authorization: `Bearer ${accessToken}` };
  await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, { headers });
  const api: Player['api'] = async (method, path, data) => {
    const r =
      method === 'GET'
        ? await context.request.get(`${stack.url}${path}`, { headers })
        : await context.request.post(`${stack.url}${path}`, { headers, data });
    return { status: r.status(), body: await r.json() };
  };
  await expect.poll(async () => (await api('GET', '/api/quests/me/progress')).status, { timeout: 15_000 }).toBe(200);
  const csp: string[] = [];
  // The browser reports a refused worker, script or style twice: a console error, and a DOM event.
  await context.exposeBinding('__reportCsp', (_source, line: string) => void csp.push(line));
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCsp('securitypolicyviolation: ' + e.violatedDirective + ' ' + e.blockedURI);
    });`,
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to|Creating a worker/i.test(m.text())) csp.push(`console: ${m.text()}`);
  });
  return { userId: user.id, context, page, csp, api, close: () => context.close() };
}

/** The frame's streak that this viewport shows (top bar on a phone, sidebar on a desktop). */
const frameStreak = (page: Page) => page.getByTestId('frame-streak').filter({ visible: true });

const VIEWPORTS: Array<[string, Viewport]> = [
  ['phone', SMALL_PHONE],
  ['desktop', DESKTOP],
];

describe.each(VIEWPORTS)('the daily loop on %s', (label, viewport) => {
  it('accept and complete the weekly challenge: confetti without a CSP violation, the streak celebration, the streak in the frame, on the hub and the profile', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, viewport, `loop-${label}`);
    const { page } = me;
    await page.goto(`${stack.url}/`);
    await visible(page.getByTestId('hub-weekly-title'));
    expect(await text(frameStreak(page))).toBe('0');
    expect(await frameStreak(page).getAttribute('aria-label')).toBe('Weekly streak: 0 weeks');
    expect(await text(page.getByTestId('hub-streak'))).toBe('0 weeks');

    // Accept: confetti drawn on the page itself (no worker, which the CSP refuses).
    await page.getByTestId('kind-weekly').click();
    await page.waitForURL(`${stack.url}/weekly`);
    await page.evaluate(`(() => {
      window.__confetti = false;
      new MutationObserver(() => { if (document.querySelector('body > canvas')) window.__confetti = true; }).observe(document.body, { childList: true });
    })()`);
    await (await visible(page.getByRole('button', { name: 'Accept Challenge' }))).click();
    await expect.poll(() => page.evaluate('window.__confetti === true'), { timeout: 5_000 }).toBe(true);
    await page.waitForTimeout(600);
    expect(me.csp).toEqual([]);

    // Complete: the streak's celebration ("+1 week"), then the level-up's (120 XP is level 2).
    await (await visible(page.getByRole('button', { name: 'Complete Challenge' }))).first().click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Complete Challenge' }));
    await dialog.getByPlaceholder('What did you do?').fill(`Walked somewhere new (${label}).`);
    await dialog.getByRole('button', { name: 'Complete Challenge', exact: true }).click();
    const streakMoment = await visible(page.getByRole('status', { name: 'Streak: +1 week — a 1-week streak!' }));
    expect(await text(streakMoment.locator('.vui-celebration__line'))).toBe('Streak extended — see you next week!');
    await shot(page, `streak-celebration-${label}`);
    // The frame follows at once, without a reload.
    await expect.poll(() => text(frameStreak(page))).toBe('1');
    // The level-up's celebration comes next, once the streak's has closed by itself (3 s).
    await visible(page.getByRole('status', { name: 'Level up: Level 2!' }));
    await page.keyboard.press('Escape');
    await page.locator('.vui-celebration').waitFor({ state: 'detached', timeout: 5_000 });

    // The hub and the profile show it too.
    await page.getByRole('link', { name: 'Vere home' }).filter({ visible: true }).click();
    await expect.poll(() => text(page.getByTestId('hub-streak'))).toBe('1 week');
    await page.evaluate('window.scrollTo(0, 0)');
    // The confetti has landed: every canvas of it (the weekly completion's and the level-up's may overlap).
    await expect.poll(() => page.locator('body > canvas').count(), { timeout: 10_000 }).toBe(0);
    await shot(page, `hub-${label}`);
    await page.goto(`${stack.url}/profile`);
    await expect.poll(() => text(page.getByTestId('profile-streak'))).toBe('1 week');
    expect(await text(page.getByTestId('profile-level'))).toBe('Level 2');
    expect(await text(page.getByTestId('profile-xp'))).toBe('120 XP');
    expect(await text(frameStreak(page))).toBe('1');
    await shot(page, `profile-${label}`);

    expect(me.csp).toEqual([]);
    await me.close();
  });
});

describe('phone polish (issue 22, point 6)', () => {
  it('at 360 × 740 Skip and Accept sit above the tab bar; the proof form fits its dialog with a styled picker; an empty proof sends nothing', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, SMALL_PHONE, 'polish-deck');
    const { page } = me;
    await page.goto(`${stack.url}/?deck=daily`);
    const accept = await visible(page.getByTestId('accept-button'));
    const tabbar = page.locator('.shell-tabbar');
    await shot(page, 'deck-phone-360');
    const tabTop = (await tabbar.boundingBox())!.y;
    for (const button of [accept, page.getByTestId('skip-button')]) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(tabTop);
    }

    // Accept a card, open the to-do, choose Photo.
    await accept.click();
    await expect.poll(() => text(page.getByTestId('todo-count'))).toBe('1');
    await page.getByTestId('todo-button').click();
    const list = await visible(page.getByRole('dialog', { name: 'My To-Do List' }));
    await list.getByRole('button', { name: /^Complete / }).click();
    await list.getByRole('radio', { name: 'Photo' }).check();
    const picker = await visible(list.getByRole('button', { name: 'Choose a photo' }));
    expect(await picker.isVisible()).toBe(true);
    // Nothing wider than the dialog.
    // (Typed by hand: the e2e project has no DOM library.)
    const overflow = await list.evaluate(
      (el: { querySelector(s: string): { scrollWidth: number; clientWidth: number } | null }) => {
        const body = el.querySelector('.vui-dialog__body')!;
        return { scroll: body.scrollWidth, client: body.clientWidth };
      },
    );
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    await shot(page, 'proof-photo-phone-360');
    expect(await seriousViolations(page, undefined, { optionalRules: true })).toEqual([]);

    // Both, with nothing filled in: the form says so, and no request leaves.
    await list.getByRole('radio', { name: 'Both' }).check();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/complete')) calls.push(r.url());
    });
    await list.getByRole('button', { name: 'Submit proof' }).click();
    await visible(list.getByRole('alert'));
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    expect(me.csp).toEqual([]);
    await me.close();
  });

  it('at 360 px no page scrolls sideways: the deck, the weekly challenge and every tab fit the screen', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, SMALL_PHONE, 'polish-width');
    const { page } = me;
    const ready: Record<string, () => Locator> = {
      '/?deck=daily': () => page.getByTestId('accept-button'),
      '/weekly': () => page.getByText('Weekly Stats'),
    };
    for (const path of [
      '/',
      '/?deck=daily',
      '/weekly',
      '/packs',
      '/connect',
      '/friends',
      '/create-pod',
      '/guides',
      '/assessments',
      '/pro',
      '/vere-pro',
      '/settings',
      '/profile',
    ]) {
      await page.goto(`${stack.url}${path}`);
      await page.locator('#boot').waitFor({ state: 'detached', timeout: 10_000 });
      await visible(ready[path]?.() ?? page.getByRole('heading', { level: 1 }));
      // The deck's and the weekly's rows were as wide as their content (363 px on a 360 px screen), and
      // Settings as wide as "Signed in as <this account's long e-mail address>" (404 px).
      expect(await page.getByText('Page not found').count(), path).toBe(0);
      const widths = await page.evaluate(
        `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`,
      );
      expect(widths, path).toEqual([360, 360]);
    }
    await me.close();
  });

  it('a tab is highlighted on every page of its area; the Pro ad title fits at 390 px; toasts clear the top bar; one avatar fallback', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, PHONE, 'polish-tabs');
    const { page } = me;
    const current = async () => text(page.locator('.shell-tabbar [aria-current="page"]'));
    for (const [path, tab] of [
      ['/weekly', 'Challenges'],
      ['/friends', 'Connect'],
      ['/chat/00000000-0000-4000-8000-000000000000', 'Connect'],
      ['/profile', 'Settings'],
      ['/connect', 'Connect'],
    ] as const) {
      await page.goto(`${stack.url}${path}`);
      await page.locator('#boot').waitFor({ state: 'detached', timeout: 10_000 });
      await expect.poll(current, { timeout: 10_000 }).toBe(tab);
    }
    // The Connect hub speaks to the user.
    await page.goto(`${stack.url}/connect`);
    await visible(page.getByText('Friends and pods keep you accountable.', { exact: false }));
    expect(await seriousViolations(page, undefined, { optionalRules: true })).toEqual([]);
    // /friends with search results: each "Add Friend" button's name starts with what it shows.
    const other = await player(browser, stack, PHONE, 'polish-other');
    await page.goto(`${stack.url}/friends`);
    await visible(page.getByRole('heading', { level: 1 }));
    const search = page.getByLabel('Search by username');
    const addButtons = page.getByRole('button', { name: /^Add Friend: / });
    await search.fill('@grace_hopper');
    await expect
      .poll(
        async () => {
          const found = await addButtons.count();
          // Not known to pods yet (its profile event in flight): ask again.
          if (found === 0 && (await page.getByText('No one with a username').count()) > 0) {
            await search.fill('@grace_hoppe');
            await search.fill('@grace_hopper');
          }
          return found;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    expect(await seriousViolations(page, undefined, { optionalRules: true })).toEqual([]);
    await shot(page, 'friends-search-phone-390');
    await other.close();

    // One fallback for a user without an avatar: the initial, in the frame and on a pod's page.
    const pod = (await me.api('POST', '/api/pods/pods', { name: 'Initials Only' })).body as { id: string };
    await page.goto(`${stack.url}/pods/${pod.id}`);
    await visible(page.getByRole('heading', { name: 'Initials Only' }));
    await expect.poll(() => page.locator('[data-avatar]').count()).toBeGreaterThan(1);
    const kinds = await page
      .locator('[data-avatar]')
      .evaluateAll((els: Array<{ getAttribute(name: string): string | null }>) =>
        els.map((e) => e.getAttribute('data-avatar')),
      );
    expect(new Set(kinds)).toEqual(new Set(['initial']));

    // The Pro ad card (every 4th card for a free user): its title is not clipped.
    await page.goto(`${stack.url}/?deck=daily`);
    // The 4th card is the ad: one skip (a free user's only one), then accepts until it shows.
    await (await visible(page.getByTestId('skip-button'))).click();
    for (let i = 0; i < 4 && (await page.getByTestId('upgrade-ad').count()) === 0; i += 1) {
      await expect.poll(() => page.getByTestId('accept-button').isEnabled()).toBe(true);
      await page.getByTestId('accept-button').click();
      await page.waitForTimeout(600);
    }
    const title = await visible(page.getByTestId('upgrade-ad').getByRole('heading'));
    type Box = { left: number; right: number; top: number; bottom: number };
    type El = { scrollWidth: number; clientWidth: number; getBoundingClientRect(): Box };
    const fits = await title.evaluate((el: El & { closest(s: string): El | null }) => {
      const card = el.closest('[data-testid="upgrade-ad"]')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return (
        el.scrollWidth <= el.clientWidth &&
        box.left >= card.left &&
        box.right <= card.right &&
        box.top >= card.top &&
        box.bottom <= card.bottom
      );
    });
    expect(fits).toBe(true);
    await shot(page, 'pro-ad-phone-390');

    // A toast sits below the phone's top bar.
    await page.evaluate(
      `window.dispatchEvent(new CustomEvent('vere:toast', { detail: { kind: 'success', message: 'Toast clear of the bar' } }))`,
    );
    const toast = await visible(page.getByText('Toast clear of the bar'));
    const bar = (await page.locator('.shell-topbar').boundingBox())!;
    const barBottom = bar.y + bar.height;
    await expect.poll(async () => (await toast.boundingBox())!.y, { timeout: 3_000 }).toBeGreaterThanOrEqual(barBottom);
    await shot(page, 'toast-phone-390');
    expect(me.csp).toEqual([]);
    await me.close();
  });

  it('the weekly pane renders part 2 as text, and /weekly and /settings pass axe with the optional rules', async ({
    browser,
    stack,
  }) => {
    for (const [label, viewport] of VIEWPORTS) {
      const me = await player(browser, stack, viewport, `polish-weekly-${label}`);
      const { page } = me;
      await page.goto(`${stack.url}/weekly`);
      await visible(page.getByTestId('weekly-pane'));
      await page.getByRole('button', { name: 'Page 4 of 5: The challenge, part 2' }).click();
      const part2 = await text(page.getByTestId('weekly-page-part2').locator('.ch-pane__text'));
      expect(part2).toMatch(/^Instead of/);
      await page.waitForTimeout(400);
      await shot(page, `weekly-part2-${label}`);
      expect(await seriousViolations(page, undefined, { optionalRules: true })).toEqual([]);
      await page.goto(`${stack.url}/settings`);
      await visible(page.getByRole('heading', { name: 'Settings' }));
      expect(await seriousViolations(page, undefined, { optionalRules: true })).toEqual([]);
      await page.goto(`${stack.url}/`);
      await visible(page.getByTestId('hub-weekly-title'));
      expect(await seriousViolations(page, undefined, { optionalRules: true })).toEqual([]);
      await shot(page, `hub-fresh-${label}`);
      await me.close();
    }
  });
});

describe('Pro finds its way (issue 22, point 7)', () => {
  it('a Pro member reaches /subscription and /pro-hub from the frame and Settings', async ({ browser, stack }) => {
    const me = await player(browser, stack, PHONE, 'pro-links');
    const { page } = me;
    await page.goto(`${stack.url}/vere-pro`);
    await (await visible(page.getByRole('button', { name: 'Upgrade to Pro' }))).click();
    await page.waitForURL(/\/api\/billing\/local\/checkout\/cs_local_/);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/subscription-success\?session_id=cs_local_/);
    await visible(page.getByTestId('user-plan').filter({ visible: true }).filter({ hasText: 'Pro Member' }));

    // Settings: "Manage subscription" and the Pro hub.
    await page.goto(`${stack.url}/settings`);
    await (await visible(page.getByRole('link', { name: 'Manage subscription' }))).click();
    await page.waitForURL(`${stack.url}/subscription`);
    await page.goto(`${stack.url}/settings`);
    await (await visible(page.getByRole('link', { name: 'Pro Hub' }))).click();
    await page.waitForURL(`${stack.url}/pro-hub`);
    await shot(page, 'pro-hub-phone');

    // The frame's Pro badge, on a phone and a desktop.
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${stack.url}/`);
      const badge = await visible(
        page.getByRole('link', { name: 'Pro Member: your subscription' }).filter({ visible: true }),
      );
      await badge.click();
      await page.waitForURL(`${stack.url}/subscription`);
    }
    await me.close();
  });
});
