import type { Browser, Locator, Page } from 'playwright-core';
import { newUser, visible, viewportShot } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { type Stack } from '../support/stack';

// Issue 22: the deck never repeats a day. A Pro user swipes 10 cards, all different; after a reload
// none of them is offered again and each is on the to-do list once; a card swiped on another device
// is dropped without an error (decision 0036).

const shot = (page: Page, name: string): Promise<void> => viewportShot(page, name);

const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').trim();

interface Player {
  page: Page;
  api(method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A new account past the intro, made Pro through billing's local test checkout (the real webhook path). */
async function proPlayer(browser: Browser, stack: Stack, viewport: typeof PHONE, tag: string): Promise<Player> {
  const context = await browser.newContext({ viewport });
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, {
    data: { ...newUser(tag), timeZone: 'UTC' },
  });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, { headers });
  const api: Player['api'] = async (method, path, data) => {
    const r =
      method === 'GET'
        ? await context.request.get(`${stack.url}${path}`, { headers })
        : await context.request.post(`${stack.url}${path}`, { headers, data });
    return { status: r.status(), body: await r.json() };
  };
  const page = await context.newPage();
  await page.goto(`${stack.url}/vere-pro`);
  await (await visible(page.getByRole('button', { name: 'Upgrade to Pro' }))).click();
  await page.waitForURL(/\/api\/billing\/local\/checkout\/cs_local_/);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await visible(page.getByRole('heading', { name: 'Welcome to Vere Pro!' }));
  await expect.poll(async () => (await api('GET', '/api/quests/me/limits')).body.isPro, { timeout: 15_000 }).toBe(true);
  return { page, api, close: () => context.close() };
}

async function counterReads(page: Page, used: number): Promise<void> {
  await expect
    .poll(() => text(page.getByTestId('swipe-counter')), { timeout: 10_000 })
    .toBe(`Swipe to decide • ${used}/10 swipes`);
  await expect.poll(() => page.locator('.ch-card.is-leaving').count()).toBe(0);
}

const topTitle = (page: Page) => text(page.getByTestId('deck-card').locator('h2'));

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

describe.each(VIEWPORTS)('a fresh deck every day, on %s', (label, viewport) => {
  it('a Pro user swipes 10 different cards; after a reload none is offered again and each is on the to-do list once', async ({
    browser,
    stack,
  }) => {
    const me = await proPlayer(browser, stack, viewport, `fresh-${label}`);
    const { page } = me;
    // Every toast the page raises (the kit's DOM event), to prove a stale card raises no error.
    await page.addInitScript({
      content: `window.__toasts = []; window.addEventListener('vere:toast', (e) => window.__toasts.push(e.detail));`,
    });
    await page.goto(`${stack.url}/?deck=daily`);
    await counterReads(page, 0);
    await visible(page.getByTestId('deck-card-category'));
    expect(await text(page.getByTestId('deck-card-category'))).toMatch(
      /^(Social|Body|Mind|Creativity|Home|Nature|Courage)$/,
    );
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);
    await shot(page, `deck-fresh-${label}`);

    // Another device skips the card on top: the page's accept of it is refused (409
    // ALREADY_SWIPED_TODAY), and the page just moves on to a fresh card, without an error.
    const stale = await topTitle(page);
    const deck = (await me.api('GET', '/api/quests/me/deck?type=daily')).body.sidequests as {
      id: string;
      title: string;
    }[];
    expect(deck[0]!.title).toBe(stale);
    expect((await me.api('POST', '/api/quests/me/swipes/skip', { sidequestId: deck[0]!.id })).status).toBe(200);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/quests/me/swipes/accept'));
    await page.getByTestId('accept-button').click();
    expect((await refused).status()).toBe(409);
    await expect.poll(() => topTitle(page)).not.toBe(stale);
    await counterReads(page, 0);

    // Ten accepts, by keyboard and by button: ten different cards.
    const accepted: string[] = [];
    for (let used = 1; used <= 10; used += 1) {
      const title = await topTitle(page);
      expect(accepted).not.toContain(title);
      expect(title).not.toBe(stale);
      accepted.push(title);
      if (used % 2) await page.keyboard.press('ArrowRight');
      else await page.getByTestId('accept-button').click();
      await counterReads(page, used);
    }
    expect(new Set(accepted).size).toBe(10);
    const toasts = (await page.evaluate('window.__toasts')) as { kind: string; message: string }[];
    expect(toasts.filter((t) => t.kind === 'error')).toEqual([]);
    await (
      await visible(page.getByRole('dialog', { name: "You're out of swipes" }))
    )
      .getByRole('button', { name: 'Not now' })
      .click();

    // After a reload: the deck offers none of them (nor the skipped one), and the to-do list holds each once.
    await page.reload();
    await counterReads(page, 10);
    const after = await topTitle(page);
    expect([...accepted, stale]).not.toContain(after);
    const dealt = (await me.api('GET', '/api/quests/me/deck?type=daily')).body.sidequests as { title: string }[];
    expect(dealt.length).toBeGreaterThan(0);
    expect(dealt.filter((c) => [...accepted, stale].includes(c.title))).toEqual([]);
    await page.getByTestId('todo-button').click();
    const list = await visible(page.getByRole('dialog', { name: 'My To-Do List' }));
    await expect.poll(() => list.getByTestId('todo-pending').count()).toBe(10);
    const pending = await list.getByTestId('todo-pending').locator('.ch-todo__title').allTextContents();
    expect(pending.map((t) => t.trim()).sort()).toEqual([...accepted].sort());
    await shot(page, `deck-fresh-todos-${label}`);
    await me.close();
  }, 180_000);
});

describe('the longest cards of the catalogue', () => {
  it('fit the card on a 360 × 740 phone: title, description and chips inside, nothing cut off', async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, {
      data: { ...newUser('longest'), timeZone: 'UTC' },
    });
    const { accessToken } = (await res.json()) as { accessToken: string };
    const headers = { Authorization: `Bearer ${accessToken}` };
    await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, { headers });
    await expect
      .poll(async () => (await context.request.get(`${stack.url}/api/quests/me/progress`, { headers })).status(), {
        timeout: 15_000,
      })
      .toBe(200);
    type Card = { title: string; description: string };
    const all = (
      (await (await context.request.get(`${stack.url}/api/quests/sidequests`, { headers })).json()) as {
        sidequests: Card[];
      }
    ).sidequests;
    const longest = (key: keyof Card) => [...all].sort((a, b) => b[key].length - a[key].length)[0]!;
    // The deck as the server deals it, with one of the longest cards (of either kind) put on top.
    const page = await context.newPage();
    let onTop: Card = all[0]!;
    await page.route('**/api/quests/me/deck?type=daily', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { date: string; sidequests: Card[] };
      const rest = body.sidequests.filter((c) => c.title !== onTop.title);
      await route.fulfill({ response: real, json: { ...body, sidequests: [onTop, ...rest] } });
    });
    for (const key of ['title', 'description'] as const) {
      onTop = longest(key);
      await page.goto(`${stack.url}/?deck=daily`);
      await expect.poll(() => topTitle(page), { timeout: 15_000 }).toBe(onTop.title);
      const fits = await page.evaluate(`(() => {
        const card = document.querySelector('[data-testid="deck-card"]').getBoundingClientRect();
        const parts = [...document.querySelectorAll('[data-testid="deck-card"] > :not(.ch-card__hint)')];
        return parts.every((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= card.top && r.bottom <= card.bottom + 0.5 && r.right <= card.right + 0.5;
        });
      })()`);
      await shot(page, `deck-longest-${key}-360`);
      expect(fits, onTop.title).toBe(true);
    }
    await context.close();
  }, 120_000);
});
