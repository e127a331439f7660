import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { befriend, docShot, docShotBothSizes, member, type Member } from '../support/people';
import { repoRoot, type Stack } from '../support/stack';

// Assessments (issue 24): a player takes an assessment in the browser (one statement per screen,
// back, resume after a reload) to its results and sees them on the dashboard; a Pro player opens a
// Pro assessment from /pro/assessments; three friends rate a player and "how friends see you"
// appears only then. Phone and desktop, axe on every screen.

interface Item {
  id: string;
  key: '+' | '-';
  text: string;
}
const content = (id: string) =>
  JSON.parse(readFileSync(join(repoRoot, `services/quests/content/assessments/${id}.v1.json`), 'utf8')) as {
    title: string;
    items: Item[];
  };
const comfortZone = content('comfort-zone');
const bigFive = content('big-five');

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const remote = '[data-remote="playbooks"]';
const axeClean = async (page: Page) => expect(await seriousViolations(page, remote)).toEqual([]);

async function api(stack: Stack, who: Member, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await who.context.request.fetch(`${stack.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${who.token}` },
    data,
  });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

/** Waits until quests knows the player (identity's event arrived). */
async function playerReady(stack: Stack, who: Member) {
  await expect
    .poll(async () => (await api(stack, who, 'GET', '/api/quests/assessments')).status, { timeout: 20_000 })
    .toBe(200);
}

/** "Very accurate" to a positively keyed statement, "Moderately inaccurate" to a reverse-keyed one. */
const answerFor = (item: Item) => (item.key === '+' ? 'Very accurate' : 'Moderately inaccurate');

async function answer(page: Page, item: Item, label: string) {
  await visible(page.getByTestId('question-text').getByText(item.text, { exact: true }));
  await page.getByRole('radio', { name: label, exact: true }).check();
}

describe.each(VIEWPORTS)('assessments on %s', (label, viewport) => {
  it('a player takes an assessment (back, resume after a reload) to its results and sees it on the dashboard', async ({
    browser,
    stack,
  }) => {
    const me = await member(browser, stack, `as${label.slice(0, 2)}`, 'Noor', { viewport });
    await playerReady(stack, me);
    const { page } = me;
    await page.goto(`${stack.url}/assessments`);
    const list = await visible(page.getByTestId('assessments'));
    await visible(list.getByText('Your comfort zone'));
    await visible(page.getByTestId('assessment-resilience').getByText('Pro'));
    await axeClean(page);
    await docShot(page, `assessments-list-${label}`);

    await page.getByTestId('assessment-comfort-zone').getByRole('link').click();
    await visible(page.getByRole('heading', { name: 'Your comfort zone', level: 1 }));
    await visible(page.getByText('About 3 minutes · 12 statements'));
    await axeClean(page);
    await page.getByRole('link', { name: 'Start' }).click();

    // Five answers, then back to the fourth (its answer kept), forward again.
    for (const item of comfortZone.items.slice(0, 5)) {
      await answer(page, item, answerFor(item));
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await visible(page.getByText('Question 6 of 12'));
    await axeClean(page);
    await docShot(page, `assessments-question-${label}`, { fullPage: false });
    await page.getByRole('button', { name: 'Back' }).click();
    await visible(page.getByTestId('question-text').getByText(comfortZone.items[4]!.text, { exact: true }));
    expect(await page.getByRole('radio', { name: answerFor(comfortZone.items[4]!), exact: true }).isChecked()).toBe(
      true,
    );

    // Leaving and coming back resumes at the first unanswered statement.
    await page.reload();
    await visible(page.getByText('Question 6 of 12'));
    for (const item of comfortZone.items.slice(5)) {
      await answer(page, item, answerFor(item));
      await page.getByRole('button', { name: item === comfortZone.items.at(-1) ? 'See my results' : 'Next' }).click();
    }

    // Keyed answers are 5 (+) and 4 (−): 27 / 6 = 4.5 → 88 for both dimensions, "high".
    const result = await visible(page.getByTestId('assessment-result'));
    await visible(result.getByRole('heading', { name: 'Your comfort zone', level: 1 }));
    const table = page.getByTestId('score-table');
    await visible(table.getByRole('row', { name: /Novelty seeking 88 High First take/ }));
    await visible(table.getByRole('row', { name: /Risk tolerance 88 High First take/ }));
    await visible(page.getByTestId('score-chart').locator('svg').first());
    await visible(
      page.getByTestId('reading-novelty-seeking').getByText('New is your favourite flavour.', { exact: false }),
    );
    await axeClean(page);
    await docShot(page, `assessments-result-${label}`);

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    const panel = await visible(page.getByTestId('dashboard-comfort-zone'));
    await visible(panel.getByText('Taken once'));
    await visible(panel.getByRole('row', { name: /Risk tolerance 88 High/ }));
    await axeClean(page);
    await docShot(page, `assessments-dashboard-${label}`);
    await me.context.close();
    // 110 s on a phone viewport at load average 28 (50 s on desktop): the bound leaves room for CI.
  }, 240_000);
});

/** Upgrades through billing's local test checkout (the real webhook path) and waits for quests to know. */
async function makePro(stack: Stack, me: Member) {
  const { page } = me;
  await page.goto(`${stack.url}/vere-pro`);
  await (await visible(page.getByRole('button', { name: 'Upgrade to Pro' }))).click();
  await page.waitForURL(/\/api\/billing\/local\/checkout\/cs_local_/);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await visible(page.getByRole('heading', { name: 'Welcome to Vere Pro!' }));
  await expect
    .poll(async () => (await api(stack, me, 'GET', '/api/quests/assessments')).body.isPro, { timeout: 20_000 })
    .toBe(true);
}

describe('Pro assessments', () => {
  it('a Pro player opens a Pro assessment from /pro/assessments', async ({ browser, stack }) => {
    const me = await member(browser, stack, 'aspro', 'Ines', { viewport: DESKTOP });
    await playerReady(stack, me);
    expect((await api(stack, me, 'GET', '/api/quests/assessments/resilience')).status).toBe(403);
    await makePro(stack, me);
    const { page } = me;
    await page.goto(`${stack.url}/pro/assessments`);
    await visible(page.getByRole('heading', { name: 'Pro assessments', level: 1 }));
    const list = await visible(page.getByTestId('assessments'));
    expect(await list.getByRole('listitem').count()).toBe(2);
    await axeClean(page);
    await docShotBothSizes(page, 'assessments-pro');
    await list.getByRole('link', { name: /Resilience/ }).click();
    await page.waitForURL(/\/pro\/assessments\/resilience$/);
    await visible(page.getByRole('heading', { name: 'Resilience', level: 1 }));
    await axeClean(page);
    await page.getByRole('link', { name: 'Start' }).click();
    await visible(page.getByText('Question 1 of 12'));
    await me.context.close();
  }, 180_000);
});

async function friendsOf(browser: Browser, stack: Stack, names: string[]) {
  return Promise.all(names.map((n, i) => member(browser, stack, `asf${i}`, n, { viewport: PHONE })));
}

describe("friends' view", () => {
  it('three friends rate a player; the comparison appears only with the third, raters unnamed', async ({
    browser,
    stack,
  }) => {
    const maya = await member(browser, stack, 'asmaya', 'Maya', { viewport: DESKTOP });
    const friends = await friendsOf(browser, stack, ['Ravi', 'Sol', 'Tamsin']);
    for (const f of friends) await befriend(stack, maya.context, f, maya);
    await playerReady(stack, maya);
    for (const f of friends) await playerReady(stack, f);
    // Maya's own take (every answer "Neither": 50 everywhere), through the API.
    const all = (value: number) => Object.fromEntries(bigFive.items.map((i) => [i.id, value]));
    expect(
      (await api(stack, maya, 'POST', '/api/quests/assessments/big-five/submit', { answers: all(3) })).status,
    ).toBe(201);

    // Below three ratings the dashboard only invites.
    const { page } = maya;
    await page.goto(`${stack.url}/assessments/dashboard`);
    const view = await visible(page.getByTestId('friends-view'));
    await visible(view.getByText("Friends' view appears once 3 friends have rated you."));
    await view.getByRole('button', { name: 'Ask friends to rate you' }).click();
    for (const f of friends) await (await visible(view.getByRole('checkbox', { name: f.name }))).check();
    await view.getByRole('button', { name: 'Send 3 requests' }).click();
    await visible(page.getByText('Asked 3 friends.'));
    await axeClean(page);

    // Ravi rates Maya in the browser, all 50 statements read about her.
    const ravi = friends[0]!;
    await ravi.page.goto(`${stack.url}/assessments`);
    await (await visible(ravi.page.getByRole('link', { name: 'Rate Maya · Big Five personality' }))).click();
    await visible(ravi.page.getByRole('heading', { name: 'How do you see Maya?' }));
    await visible(ravi.page.getByText('How accurately does this describe Maya?'));
    await axeClean(ravi.page);
    await docShot(ravi.page, 'assessments-rate-friend-phone', { fullPage: false });
    for (const item of bigFive.items) {
      await ravi.page.getByRole('radio', { name: 'Very accurate', exact: true }).check();
      await ravi.page.getByRole('button', { name: item === bigFive.items.at(-1) ? 'Send my view' : 'Next' }).click();
    }
    await visible(ravi.page.getByRole('heading', { name: 'Thanks — your view of Maya is in' }));

    // Sol through the API; still two ratings: nothing shows.
    const rateByApi = async (f: Member, value: number) => {
      const list = (await api(stack, f, 'GET', '/api/quests/me/rating-requests')).body.requests as { id: string }[];
      expect(
        (await api(stack, f, 'POST', `/api/quests/rating-requests/${list[0]!.id}`, { answers: all(value) })).status,
      ).toBe(200);
    };
    await rateByApi(friends[1]!, 1);
    await page.reload();
    await visible(page.getByTestId('friends-view').getByText("Friends' view appears once 3 friends have rated you."));
    expect(await page.getByTestId('friends-table').count()).toBe(0);

    // The third rating: averages appear. All 5s, all 1s, all 5s → extraversion 50, agreeableness 53,
    // emotional stability 40, intellect 57 (Maya herself: 50).
    await rateByApi(friends[2]!, 5);
    await page.reload();
    const table = await visible(page.getByTestId('friends-table'));
    await visible(table.getByRole('row', { name: 'Agreeableness 50 53' }));
    await visible(table.getByRole('row', { name: 'Emotional stability 50 40' }));
    await visible(table.getByRole('row', { name: 'Intellect and imagination 50 57' }));
    const shown = (await page.getByTestId('friends-view').textContent()) ?? '';
    for (const f of friends) expect(shown).not.toContain(f.name);
    await axeClean(page);
    await docShotBothSizes(page, 'assessments-friends-view');
    for (const who of [maya, ...friends]) await who.context.close();
  }, 240_000);
});
