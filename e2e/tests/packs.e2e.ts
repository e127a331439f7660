import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newUser, visible, viewportShot } from '../support/app';
import { seriousViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { stackDatabase } from '../support/database';
import { describe, expect, test as it } from '../support/fixtures';
import { type Stack } from '../support/stack';

// Challenge packs and a deck shaped by results (issue 24): a player adds a pack and finds its dares
// first in the deck; an assessment result (written as the assessments work writes it) reorders the
// deck with the reason shown, and the player can turn that off; a Pro player opens a Pro pack from
// the Pro hub. Phone and desktop, axe clean, screenshots in docs/screenshots.

const shot = (page: Page, name: string): Promise<void> => viewportShot(page, `packs-${name}`);

const database = stackDatabase();

interface Player {
  userId: string;
  page: Page;
  context: BrowserContext;
}

/** A new free account, past the intro, whose quests player exists, signed in in its own context. */
async function player(browser: Browser, stack: Stack, viewport: typeof PHONE, tag: string): Promise<Player> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const res = await context.request.post(`${stack.url}/api/identity/auth/sign-up`, {
    data: { ...newUser(tag), timeZone: 'UTC' },
  });
  if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}: ${await res.text()}`);
  const { accessToken, user } = (await res.json()) as { accessToken: string; user: { id: string } };
  const headers = { Authorization: `Bearer ${accessToken}` };
  await context.request.put(`${stack.url}/api/identity/me/milestones/onboarding`, { headers });
  await expect
    .poll(async () => (await context.request.get(`${stack.url}/api/quests/me/progress`, { headers })).status(), {
      timeout: 15_000,
    })
    .toBe(200);
  return { userId: user.id, page: await context.newPage(), context };
}

/** Pro as billing and quests hold it (what billing's webhook and its event would leave behind). */
async function makePro(stack: Stack, userId: string): Promise<void> {
  const db = database(stack);
  await db.query(
    `INSERT INTO billing.entitlement (user_id, is_active, expiration_date, will_renew, source, version, updated_at)
     VALUES ($1, true, now() + interval '30 days', false, 'database', 1, now())
     ON CONFLICT (user_id) DO UPDATE SET is_active = true, expiration_date = EXCLUDED.expiration_date, source = 'database', version = 1`,
    [userId],
  );
  await db.query(
    `INSERT INTO quests.entitlement (user_id, version, is_active, expiration_date, pro_since)
     VALUES ($1, 1, true, now() + interval '30 days', now() - interval '3 days')
     ON CONFLICT (user_id) DO UPDATE SET is_active = true, expiration_date = EXCLUDED.expiration_date, version = 1, pro_since = EXCLUDED.pro_since`,
    [userId],
  );
}

const topCard = (page: Page) => page.getByTestId('deck-card').filter({ visible: true });

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('challenge packs on %s', (label, viewport) => {
  it('a player opens /packs, adds a pack and finds its dares first in the deck', async ({ browser, stack }) => {
    const me = await player(browser, stack, viewport, `packs-${label}`);
    const { page } = me;
    await page.goto(`${stack.url}/`);
    // From the hub on a phone, from the frame on a desktop.
    if (label === 'phone') await (await visible(page.getByTestId('hub-packs'))).click();
    else await (await visible(page.getByTestId('packs-link').filter({ visible: true }))).click();
    await page.waitForURL(`${stack.url}/packs`);
    await visible(page.getByRole('heading', { name: 'Challenge Packs', level: 1 }));
    const outdoors = page.getByTestId('pack-outdoors');
    await visible(outdoors.getByText('0 of 8 dares done'));
    await visible(page.getByTestId('pack-friends-irl').getByRole('link', { name: /Unlock with Pro/ }));
    await visible(page.getByTestId('pack-fear-ladder').getByText('Opens at level 20'));
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);
    await shot(page, `list-${label}`);
    await outdoors.getByRole('button', { name: 'See the dares' }).click();
    await visible(outdoors.getByText('Find Three Birds'));
    await outdoors.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);
    await shot(page, `dares-${label}`);

    await outdoors.getByRole('button', { name: /^Add to my deck.*Outdoors/ }).click();
    await (await visible(outdoors.getByRole('link', { name: 'In your deck · Play' }))).click();
    await page.waitForURL(`${stack.url}/?deck=daily`);
    await visible(topCard(page));
    expect(await topCard(page).getByRole('heading').textContent()).toBe('Find Three Birds');
    expect((await topCard(page).getByTestId('deck-card-pack').textContent())?.trim()).toBe('Outdoors');
    expect(await topCard(page).getAttribute('aria-label')).toMatch(/^Outdoors pack: Find Three Birds\./);
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);
    await shot(page, `deck-${label}`);
    await me.context.close();
  }, 180_000);

  it('a result reorders the deck with the reason shown, and the player can turn it off', async ({ browser, stack }) => {
    const me = await player(browser, stack, viewport, `shaped-${label}`);
    const { page } = me;
    await database(stack).query(
      `INSERT INTO quests.assessment_result (id, user_id, assessment_id, assessment_version, scoring_version, answers, scores, completed_at)
       VALUES (gen_random_uuid(), $1, 'social-energy', 1, 1, '[]'::jsonb, $2::jsonb, now())`,
      [me.userId, JSON.stringify({ 'social-energy': 15, 'social-initiative': 50 })],
    );
    await page.goto(`${stack.url}/?deck=daily`);
    const reason = await visible(page.getByTestId('deck-shaped-by'));
    expect((await reason.textContent())?.trim()).toBe('Cards first because you scored low on social energy. Change');
    // The low social-energy score favours social cards: the top card is one.
    expect((await topCard(page).getByTestId('deck-card-category').textContent())?.trim()).toBe('Social');
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);
    await shot(page, `shaped-deck-${label}`);

    await page.goto(`${stack.url}/`);
    const forYou = await visible(page.getByTestId('for-you'));
    expect((await forYou.getByTestId('for-you-reason').textContent())?.trim()).toBe(
      'Picked because you scored low on social energy.',
    );
    await visible(forYou.getByTestId('recommended-pack').getByText('Talk to Strangers'));
    await visible(forYou.getByTestId('recommended-playbook').getByText(/.+/));
    expect(await seriousViolations(page, '[data-remote="challenges"]')).toEqual([]);
    await forYou.scrollIntoViewIfNeeded();
    await shot(page, `for-you-${label}`);

    // The off switch: stored by quests, so the deck forgets the result too.
    const toggle = forYou.getByRole('switch', { name: 'Let my assessment results shape my deck' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await visible(page.getByText('Your deck is dealt without your assessment results.'));
    await page.goto(`${stack.url}/?deck=daily`);
    await visible(topCard(page));
    expect(await page.getByTestId('deck-shaped-by').count()).toBe(0);
    await me.context.close();
  }, 180_000);

  it('a Pro player opens a Pro pack from the Pro hub', async ({ browser, stack }) => {
    const me = await player(browser, stack, viewport, `prohub-${label}`);
    await makePro(stack, me.userId);
    const { page } = me;
    await page.goto(`${stack.url}/pro-hub`);
    await visible(page.getByRole('heading', { name: 'Pro Hub', level: 1 }));
    const stats = await visible(page.getByTestId('pro-stats'));
    await visible(stats.getByText('0 of 10'));
    expect((await stats.getByTestId('pro-since').textContent())?.trim()).not.toBe('—');
    // Every card leads somewhere real, and none back to the hub itself.
    for (const to of ['/pro/assessments', '/guides', '/packs']) await visible(page.getByTestId(`pro-link-${to}`));
    expect(await page.locator('[data-remote="account"] a[href="/pro-hub"]').filter({ visible: true }).count()).toBe(0);
    await visible(page.getByTestId('pro-manage-subscription'));
    const friends = await visible(page.getByTestId('pro-pack-friends-irl'));
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);
    await shot(page, `pro-hub-${label}`);

    await friends.getByRole('button', { name: /^Add to my deck.*Friends IRL/ }).click();
    await (await visible(friends.getByRole('link', { name: 'Play in your deck' }))).click();
    await page.waitForURL(`${stack.url}/?deck=daily`);
    await visible(topCard(page));
    expect((await topCard(page).getByTestId('deck-card-pack').textContent())?.trim()).toBe('Friends IRL');

    await page.goto(`${stack.url}/pro/challenges`);
    await visible(page.getByRole('heading', { name: 'Pro Challenges', level: 1 }));
    expect(
      await page.locator('[data-remote="account"] a[href="/pro/challenges"]').filter({ visible: true }).count(),
    ).toBe(0);
    await visible(page.getByTestId('pro-pack-bold-moves'));
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);
    await shot(page, `pro-challenges-${label}`);
    await me.context.close();
  }, 180_000);
});
