import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { auth, befriend, docShot, podThroughApi, signUp, type Person } from '../support/people';
import type { Stack } from '../support/stack';

/**
 * The boards of decision 0037 as two friends see them: one earns XP through a real completion,
 * both open the hub; This week / Friends (the default) ranks the earner first and the other second
 * with 0 XP, each sees their own row marked; All time and Everyone answer too, the own row always
 * there. Phone at 360 px (names must stay readable) and desktop.
 */
const VIEWPORTS: Array<[string, { width: number; height: number }]> = [
  ['phone', { width: 360, height: 740 }],
  ['desktop', DESKTOP],
];

/** Accepts a daily card and completes it with a text proof through quests' API; answers the XP earned. */
async function earnXp(request: APIRequestContext, stack: Stack, p: Person): Promise<number> {
  const list = await request.get(`${stack.url}/api/quests/sidequests?type=daily`, { headers: auth(p) });
  expect(list.status()).toBe(200);
  const [card] = ((await list.json()) as { sidequests: { id: string; xp: number }[] }).sidequests;
  let todoId = '';
  // quests learns the account from identity's event: until then the player is being set up.
  await expect
    .poll(
      async () => {
        const res = await request.post(`${stack.url}/api/quests/me/swipes/accept`, {
          headers: auth(p),
          data: { sidequestId: card!.id },
        });
        if (res.status() === 201) todoId = ((await res.json()) as { todo: { id: string } }).todo.id;
        return res.status();
      },
      { timeout: 20_000 },
    )
    .toBe(201);
  const done = await request.post(`${stack.url}/api/quests/me/todos/${todoId}/complete`, {
    headers: auth(p),
    data: { proofType: 'text', proofText: 'Called my grandmother and let her tell the whole story.' },
  });
  expect(done.status(), await done.text()).toBe(200);
  return card!.xp;
}

/** Accepts and completes this week's weekly challenge through quests' API. */
async function completeWeekly(request: APIRequestContext, stack: Stack, p: Person): Promise<void> {
  const current = await request.get(`${stack.url}/api/quests/me/weekly`, { headers: auth(p) });
  expect(current.status()).toBe(200);
  const [weekly] = ((await current.json()) as { challenges: { id: string }[] }).challenges;
  const accepted = await request.post(`${stack.url}/api/quests/me/weekly/${weekly!.id}/accept`, { headers: auth(p) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const done = await request.post(`${stack.url}/api/quests/me/weekly/${weekly!.id}/complete`, {
    headers: auth(p),
    data: { note: 'Knocked on two doors and learned both names.' },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/** The rows of the leaderboard as [name, rank, xp, is-me]. */
async function rows(page: Page): Promise<[string, number, string, boolean][]> {
  const list = page.getByTestId('leaderboard').getByTestId('leaderboard-row');
  const out: [string, number, string, boolean][] = [];
  for (const row of await list.all()) {
    out.push([
      (await row.getByTestId('leaderboard-name').innerText()).replace(' (you)', '').trim(),
      Number(await row.getAttribute('data-rank')),
      (await row.getByTestId('leaderboard-xp').innerText()).replace(/\s*this week$/, '').trim(),
      (await row.getAttribute('aria-current')) === 'true',
    ]);
  }
  return out;
}

async function openHub(browser: Browser, stack: Stack, viewport: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  return context;
}

describe.each(VIEWPORTS)('leaderboard tabs on %s', (label, viewport) => {
  it(
    'ranks two friends this week and all time, each seeing their own row',
    { timeout: 180_000 },
    async ({ browser, stack }) => {
      const aCtx = await openHub(browser, stack, viewport);
      const bCtx = await openHub(browser, stack, viewport);
      const ada = await signUp(stack, aCtx, 'ada', 'Ada Wollstonecraft-Lovelace', { timeZone: 'UTC' });
      const bob = await signUp(stack, bCtx, 'bob', 'Bob Builder', { timeZone: 'UTC' });
      await befriend(stack, aCtx, ada, bob);
      const xp = await earnXp(bCtx.request, stack, bob);

      for (const [ctx, me] of [
        [aCtx, ada],
        [bCtx, bob],
      ] as const) {
        const page = await ctx.newPage();
        await page.goto(`${stack.url}/`);
        const board = await visible(page.getByTestId('leaderboard'));
        await board.scrollIntoViewIfNeeded();
        // This week among friends is the default.
        await expect
          .poll(() => board.getByTestId('board-period').getByRole('radio', { name: 'This week' }).isChecked())
          .toBe(true);
        expect(await board.getByTestId('board-scope').getByRole('radio', { name: 'Friends' }).isChecked()).toBe(true);
        const expected: [string, number, string, boolean][] = [
          [bob.name, 1, `${xp} XP`, me === bob],
          [ada.name, 2, '0 XP', me === ada],
        ];
        await expect.poll(() => rows(page), { timeout: 15_000 }).toEqual(expected);
        await expect.poll(() => board.getByTestId('my-rank').innerText()).toContain(`#${me === bob ? 1 : 2}`);

        if (me === ada) await docShot(page, `leaderboard-${label}`, { fullPage: false, reset: false });
        // The whole name reads at 360 px: wrapped if need be, never cut.
        const name = board.getByTestId('leaderboard-name').filter({ hasText: 'Wollstonecraft' });
        type Box = { scrollHeight: number; clientHeight: number; scrollWidth: number; clientWidth: number };
        const box = await name.evaluate((el) => {
          const b = el as unknown as Box;
          return {
            scrollHeight: b.scrollHeight,
            clientHeight: b.clientHeight,
            scrollWidth: b.scrollWidth,
            clientWidth: b.clientWidth,
          };
        });
        expect(box.scrollHeight, JSON.stringify(box)).toBeLessThanOrEqual(box.clientHeight + 1);
        expect(box.scrollWidth, JSON.stringify(box)).toBeLessThanOrEqual(box.clientWidth + 1);
        if (me === ada) expect(await seriousViolations(page, '[data-testid="leaderboard"]')).toEqual([]);

        // All time: the same two, Bob ahead by the XP he earned.
        await board.getByText('All time', { exact: true }).click();
        await expect.poll(() => rows(page), { timeout: 15_000 }).toEqual(expected);

        // Everyone: the stack's other players too; the own row is always shown.
        await board.getByText('Everyone', { exact: true }).click();
        await expect
          .poll(async () => (await rows(page)).filter((r) => r[3]).map((r) => r[0]), { timeout: 15_000 })
          .toEqual([me.name]);

        // Keyboard: arrows move between the scope's options.
        await board.getByTestId('board-scope').getByRole('radio', { name: 'Everyone' }).focus();
        await page.keyboard.press('ArrowLeft');
        expect(await board.getByTestId('board-scope').getByRole('radio', { name: 'Pods' }).isChecked()).toBe(true);
        await visible(board.getByTestId('leaderboard-empty'));

        await page.close();
      }
      await aCtx.close();
      await bCtx.close();
    },
  );

  it(
    'shows the weekly pod league: the user’s own pod by name, others by size',
    { timeout: 180_000 },
    async ({ browser, stack }) => {
      const ctx = await openHub(browser, stack, viewport);
      const [cyd, dev, eli, fay] = [
        await signUp(stack, ctx, 'cyd', 'Cyd Charisse', { timeZone: 'UTC' }),
        await signUp(stack, ctx, 'dev', 'Dev Patel', { timeZone: 'UTC' }),
        await signUp(stack, ctx, 'eli', 'Eli Wallach', { timeZone: 'UTC' }),
        await signUp(stack, ctx, 'fay', 'Fay Wray', { timeZone: 'UTC' }),
      ];
      // Each signed up in this context: the last one (Fay) is the one signed in to its pages.
      const ours = (await podThroughApi(stack, ctx.request, `Dawn Walkers ${label}`, fay, eli)).id;
      await podThroughApi(stack, ctx.request, `Other pod ${label}`, cyd, dev);
      await earnXp(ctx.request, stack, cyd); // quests knows the players before the weekly calls
      await earnXp(ctx.request, stack, dev);
      await completeWeekly(ctx.request, stack, cyd);
      await completeWeekly(ctx.request, stack, dev);
      await earnXp(ctx.request, stack, eli);
      await completeWeekly(ctx.request, stack, eli);

      const page = await ctx.newPage();
      await page.goto(`${stack.url}/`);
      const league = await visible(page.getByTestId('pod-league'));
      await league.scrollIntoViewIfNeeded();
      const mine = league.locator('[data-testid="pod-league-row"][aria-current="true"]');
      await expect.poll(() => mine.innerText(), { timeout: 20_000 }).toContain(`Dawn Walkers ${label}`);
      expect(await mine.innerText()).toContain('1/2');
      expect(await mine.innerText()).toContain('50%');
      // The other pod (both done) is above, unnamed.
      const rowsText = await league.getByTestId('pod-league-row').allInnerTexts();
      expect(rowsText.some((t) => t.includes('A pod of 2') && t.includes('2/2'))).toBe(true);
      expect(rowsText.join('\n')).not.toContain(`Other pod ${label}`);
      expect(ours).toBeTruthy();
      await docShot(page, `leaderboard-pod-league-${label}`, { fullPage: false, reset: false });
      expect(await seriousViolations(page, '[data-testid="pod-league"]')).toEqual([]);
      await ctx.close();
    },
  );
});
