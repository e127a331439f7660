import type { Browser, Locator, Page } from 'playwright-core';
import { outage } from '../support/api';
import { newUser, visible, viewportShot } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { type Stack } from '../support/stack';
import { stackDatabase } from '../support/database';

// The built-in sample sidequests (an empty catalogue) and the "+N bonus" swipes of a level-5 player,
// against the app as `npm start` runs it; the test reaches the stack's own database for what no
// API offers (emptying the catalogue, giving XP).

const shot = (page: Page, name: string): Promise<void> => viewportShot(page, name);

const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').trim();

const database = stackDatabase();

interface Player {
  userId: string;
  page: Page;
  api(method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A new free account, past the intro, whose quests player exists. */
async function player(browser: Browser, stack: Stack, viewport: typeof PHONE, tag: string): Promise<Player> {
  const context = await browser.newContext({ viewport });
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
  return { userId: user.id, page: await context.newPage(), api, close: () => context.close() };
}

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

describe.each(VIEWPORTS)('sample sidequests while the catalogue is empty, on %s', (label, viewport) => {
  it('the daily deck shows labelled samples to browse; none reaches the server or uses a swipe', async ({
    browser,
    stack,
  }) => {
    const db = database(stack);
    const me = await player(browser, stack, viewport, `samples-${label}`);
    // The server's list is empty: take the catalogue out (and put it back after).
    const { rows: catalogue } = await db.query('SELECT * FROM quests.sidequest');
    expect(catalogue.length).toBeGreaterThan(0);
    await db.query('DELETE FROM quests.sidequest');
    try {
      const { page } = me;
      const swipeCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/quests/me/swipes/')) swipeCalls.push(r.url());
      });
      await page.goto(`${stack.url}/?deck=daily`);
      await visible(page.getByTestId('sample-deck'));
      await visible(page.getByText('Sample quests — preview only'));
      await visible(page.getByText("can't be accepted and don't use your swipes", { exact: false }));
      const card = page.getByTestId('deck-card');
      expect(await card.getAttribute('aria-label')).toBe('Sample: Morning Gratitude. Mind, 5 min, +25 XP');
      expect(await text(card.locator('.ch-card__sample'))).toBe('Sample');
      // Nothing to accept or skip: no swipe counter, no Accept/Skip buttons.
      expect(await page.getByTestId('accept-button').count()).toBe(0);
      expect(await page.getByTestId('skip-button').count()).toBe(0);
      expect(await page.getByTestId('swipe-counter').count()).toBe(0);
      expect(await text(page.getByTestId('sample-position'))).toBe('Sample 1 of 4');
      expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);
      await shot(page, `challenges-samples-${label}`);

      await page.getByRole('button', { name: 'Next sample' }).click();
      expect(await card.getAttribute('aria-label')).toBe('Sample: Talk to a Neighbour. Social, 5-10 min, +40 XP');
      // Arrow keys browse too (right: next, left: back) — they decide nothing here.
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => text(page.getByTestId('sample-position'))).toBe('Sample 3 of 4');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => text(page.getByTestId('sample-position'))).toBe('Sample 4 of 4');
      // A drag to the right is not an accept either.
      const box = (await card.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 160, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
      await visible(page.getByTestId('sample-deck'));

      expect(swipeCalls).toEqual([]);
      const limits = await me.api('GET', '/api/quests/me/limits');
      expect(limits.body).toMatchObject({ dailySwipes: 0, dailySkips: 0 });
      const todos = await me.api('GET', '/api/quests/me/todos');
      expect(todos.body.pending).toEqual([]);
      // And a sample id sent by hand is no card the server knows.
      const forged = await me.api('POST', '/api/quests/me/swipes/accept', { sidequestId: 'sample-daily-1' });
      expect(forged.status).toBe(400);
    } finally {
      await db.query(
        `INSERT INTO quests.sidequest SELECT * FROM json_populate_recordset(null::quests.sidequest, $1::json) ON CONFLICT DO NOTHING`,
        [JSON.stringify(catalogue)],
      );
      await me.close();
    }

    // With the catalogue back, the real deck replaces the samples.
    const again = await player(browser, stack, viewport, `samples-back-${label}`);
    await again.page.goto(`${stack.url}/?deck=daily`);
    await visible(again.page.getByTestId('accept-button'));
    expect(await again.page.getByTestId('sample-deck').count()).toBe(0);
    await again.close();
  }, 180_000);
});

describe('bonus swipes of a level-5 player', () => {
  it('shows "+1 bonus" and 6 swipes in the header, and the server admits exactly 6 accepts', async ({
    browser,
    stack,
  }) => {
    const me = await player(browser, stack, PHONE, 'bonus');
    // 550 XP is level 5 (levelThreshold(4)): written as a completion writes it — a ledger row and the player's total.
    const db = database(stack);
    await db.query(
      `INSERT INTO quests.xp_ledger (source_key, user_id, amount, reason) VALUES ($1, $2, 550, 'e2e: earlier completions')`,
      [`e2e:${me.userId}`, me.userId],
    );
    await db.query('UPDATE quests.player SET total_xp = total_xp + 550 WHERE user_id = $1', [me.userId]);

    const { page } = me;
    await page.goto(`${stack.url}/?deck=daily`);
    await expect
      .poll(() => text(page.getByTestId('swipe-counter')), { timeout: 15_000 })
      .toBe('Swipe to decide • 0/6 swipes');
    expect(await text(page.getByTestId('bonus'))).toBe('+1 bonus');
    await shot(page, 'challenges-bonus-phone');

    // One accept through the page, then seven more at once from another device: five more fit.
    await page.getByTestId('accept-button').click();
    await expect
      .poll(() => text(page.getByTestId('swipe-counter')), { timeout: 10_000 })
      .toBe('Swipe to decide • 1/6 swipes');
    // The deck leaves out the card just accepted (the same card twice a day is refused, decision 0036).
    const { body } = await me.api('GET', '/api/quests/me/deck?type=daily');
    const ids = (body.sidequests as { id: string }[]).map((q) => q.id);
    const answers = await Promise.all(
      ids.slice(0, 7).map((sidequestId) => me.api('POST', '/api/quests/me/swipes/accept', { sidequestId })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, (a.body.error as { code: string }).code])).toEqual([
      [409, 'SWIPE_LIMIT_REACHED'],
      [409, 'SWIPE_LIMIT_REACHED'],
    ]);
    expect((await me.api('GET', '/api/quests/me/todos')).body.pending).toHaveLength(6);

    await page.reload();
    await expect
      .poll(() => text(page.getByTestId('swipe-counter')), { timeout: 15_000 })
      .toBe('Swipe to decide • 6/6 swipes');
    expect(await page.getByTestId('accept-button').isDisabled()).toBe(true);
    await me.close();
  }, 120_000);
});

describe('playbook unlocks', () => {
  it('the playbooks page shows what quests decides: the level-1 playbook open, three at level 7, and an error card while quests is down', async ({
    browser,
    stack,
  }) => {
    for (const [label, viewport] of VIEWPORTS) {
      const me = await player(browser, stack, viewport, `playbooks-${label}`);
      const { page } = me;
      await page.goto(`${stack.url}/guides`);
      await visible(page.getByRole('heading', { name: '1 of 8 playbooks open' }));
      const cards = page.getByTestId('playbook-card');
      expect(await cards.count()).toBe(8);
      expect(await text(cards.nth(0))).toContain('Available');
      expect(await text(cards.nth(1))).toContain('Unlocks at Level 3');
      expect(await text(cards.nth(7))).toContain('Unlocks at Level 50');

      // Level 7 (850 XP): the playbooks of levels 3 and 7 open too.
      const db = database(stack);
      await db.query(
        `INSERT INTO quests.xp_ledger (source_key, user_id, amount, reason) VALUES ($1, $2, 850, 'e2e: earlier completions')`,
        [`e2e:pb:${me.userId}`, me.userId],
      );
      await db.query('UPDATE quests.player SET total_xp = total_xp + 850 WHERE user_id = $1', [me.userId]);
      await page.reload();
      await visible(page.getByRole('heading', { name: '3 of 8 playbooks open' }));
      expect(await Promise.all(Array.from({ length: 8 }, (_, i) => cards.nth(i).getAttribute('data-state')))).toEqual([
        'available',
        'available',
        'available',
        'locked',
        'locked',
        'locked',
        'locked',
        'locked',
      ]);
      expect(await text(cards.nth(3))).toContain('Unlocks at Level 12');
      expect(await seriousViolations(page, '[data-remote="playbooks"]')).toEqual([]);
      await shot(page, `playbooks-unlocks-${label}`);

      const restore = await outage(page, '/api/quests/playbooks');
      await page.reload();
      await visible(page.getByText("Couldn't load playbooks"), 20_000);
      await page.getByText("Couldn't load playbooks").scrollIntoViewIfNeeded();
      if (label === 'phone') await shot(page, 'playbooks-unlocks-error-phone');
      await restore();
      await page.getByRole('button', { name: 'Try Again' }).click();
      await visible(page.getByRole('heading', { name: '3 of 8 playbooks open' }));
      await me.close();
    }
  }, 240_000);
});
