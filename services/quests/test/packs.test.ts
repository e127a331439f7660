// Challenge packs and the deck shaped by assessment results (issue 24, decisions 0051 and 0052).
import { randomUUID } from 'node:crypto';
import { ADVANCED_PACK_LEVEL, levelThreshold, PACK_COMPLETION_XP } from '@vere/domain';
import { changeEntitlement, deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, count, newPlayer, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
beforeAll(async () => {
  h = await startQuests();
});
afterAll(async () => {
  await h?.close();
});

const WEDNESDAY = '2026-01-14T12:00:00Z';
const proof = { proofType: 'text', proofText: 'Done, and it felt good.' };

interface Card {
  id: string;
  title: string;
  tags: string[];
  pack?: { id: string; title: string };
}

async function proPlayer(): Promise<string> {
  const userId = await newPlayer(h);
  await changeEntitlement(h.bus, userId, { version: 1, isActive: true, expirationDate: '2026-12-31T00:00:00Z' });
  await expect.poll(async () => (await as(h, userId).limits()).json().isPro, { timeout: 5000 }).toBe(true);
  return userId;
}

const deckOf = async (userId: string) => {
  const res = await as(h, userId).call('GET', '/api/quests/me/deck?type=daily');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { sidequests: Card[]; shapedBy?: { text: string } | null };
};
const addPack = (userId: string, packId: string) => as(h, userId).call('PUT', `/api/quests/me/packs/${packId}`);
const packDares = async (packId: string) =>
  (
    await h.sql.query<{ id: string }>('SELECT id FROM quests.sidequest WHERE pack_id = $1 ORDER BY pack_position', [
      packId,
    ])
  ).rows.map((r) => r.id);
const giveResult = (userId: string, assessmentId: string, scores: Record<string, number>, completedAt: string) =>
  h.sql.query(
    `INSERT INTO quests.assessment_result (id, user_id, assessment_id, assessment_version, scoring_version, answers, scores, completed_at)
     VALUES ($1, $2, $3, 1, 1, '[]'::jsonb, $4::jsonb, $5)`,
    [randomUUID(), userId, assessmentId, JSON.stringify(scores), completedAt],
  );

describe('the pack list', () => {
  it('shows at least 8 packs of 8–12 dares, with the Pro-only and advanced ones locked for a new free player', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const { packs } = (await as(h, userId).call('GET', '/api/quests/packs')).json();
    expect(packs.length).toBeGreaterThanOrEqual(8);
    for (const p of packs) {
      expect(p.dareCount).toBeGreaterThanOrEqual(8);
      expect(p.dareCount).toBeLessThanOrEqual(12);
      expect(p).toMatchObject({ done: 0, added: false, completedAt: null });
      expect(p.access).toBe(p.proOnly ? 'pro' : p.advanced ? 'level' : 'open');
    }
    expect(packs.filter((p: { proOnly: boolean }) => p.proOnly).length).toBeGreaterThanOrEqual(3);
    expect(packs.some((p: { advanced: boolean; proOnly: boolean }) => p.advanced && !p.proOnly)).toBe(true);
    const pro = (await as(h, userId).call('GET', '/api/quests/packs/pro')).json().packs;
    expect(pro.map((p: { id: string }) => p.id)).toEqual(
      packs.filter((p: { proOnly: boolean }) => p.proOnly).map((p: { id: string }) => p.id),
    );
  });

  it('answers an unknown pack 404 PACK_NOT_FOUND and a malformed id 400, never a 5xx', async () => {
    const user = as(h, await newPlayer(h));
    const missing = await user.call('PUT', '/api/quests/me/packs/no-such-pack');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PACK_NOT_FOUND');
    expect((await user.call('GET', '/api/quests/packs/no-such-pack')).statusCode).toBe(404);
    const bad = await user.call('PUT', '/api/quests/me/packs/Not%20A%20Pack!');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps pack dares out of the catalogue and out of the deck of a player who has not added the pack', async () => {
    const userId = await newPlayer(h);
    const all = (await as(h, userId).call('GET', '/api/quests/sidequests')).json().sidequests as Card[];
    const dares = new Set(await packDares('morning-reset'));
    expect(all.some((c) => dares.has(c.id))).toBe(false);
    expect((await deckOf(userId)).sidequests.some((c) => c.pack !== undefined)).toBe(false);
  });
});

describe('who may add a pack', () => {
  it('refuses a Pro-only pack to a free player on the server (403 PACK_PRO_ONLY) and lets a Pro player add it', async () => {
    h.clock.set(WEDNESDAY);
    const free = await newPlayer(h);
    const refused = await addPack(free, 'friends-irl');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PACK_PRO_ONLY');
    expect(await count(h, 'SELECT count(*) FROM quests.player_pack WHERE user_id = $1', [free])).toBe(0);
    expect((await deckOf(free)).sidequests.some((c) => c.pack?.id === 'friends-irl')).toBe(false);

    const pro = await proPlayer();
    const added = await addPack(pro, 'friends-irl');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: 'friends-irl', added: true, access: 'open' });
  });

  it(`locks an advanced pack below level ${ADVANCED_PACK_LEVEL} (403 PACK_LOCKED) and opens it at that level`, async () => {
    const userId = await newPlayer(h);
    const locked = await addPack(userId, 'fear-ladder');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('PACK_LOCKED');
    await h.sql.query('UPDATE quests.player SET total_xp = $2 WHERE user_id = $1', [
      userId,
      levelThreshold(ADVANCED_PACK_LEVEL - 1) - 1,
    ]);
    expect((await as(h, userId).limits()).json().level).toBe(ADVANCED_PACK_LEVEL - 1);
    expect((await addPack(userId, 'fear-ladder')).statusCode).toBe(403);
    await h.sql.query('UPDATE quests.player SET total_xp = $2 WHERE user_id = $1', [
      userId,
      levelThreshold(ADVANCED_PACK_LEVEL - 1),
    ]);
    expect((await as(h, userId).limits()).json().level).toBe(ADVANCED_PACK_LEVEL);
    const opened = await addPack(userId, 'fear-ladder');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ added: true, advanced: true });
  });
});

describe('a pack in the deck', () => {
  it("puts the pack's dares first, in the pack's order, and counts them in the same daily swipes", async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const dares = await packDares('outdoors');
    expect((await addPack(userId, 'outdoors')).statusCode).toBe(200);
    const deck = (await deckOf(userId)).sidequests;
    expect(deck.slice(0, dares.length).map((c) => c.id)).toEqual(dares);
    expect(deck[0]!.pack).toEqual({ id: 'outdoors', title: 'Outdoors' });
    expect(deck.slice(dares.length).some((c) => c.pack)).toBe(false);

    const user = as(h, userId);
    const accepted = await user.accept(dares[0]!);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().limits.dailySwipes).toBe(1);
    // Never twice a day: the accepted dare is gone from today's deck, the next dare leads.
    expect((await deckOf(userId)).sidequests[0]!.id).toBe(dares[1]);
    expect((await user.accept(dares[0]!)).json().error.code).toBe('ALREADY_SWIPED_TODAY');

    const max = (await user.limits()).json().maxSwipes as number;
    for (let i = 1; i < max; i += 1) expect((await user.accept(dares[i]!)).statusCode).toBe(201);
    const over = await user.accept(dares[max]!);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('SWIPE_LIMIT_REACHED');
  });
});

describe('finishing a pack', () => {
  it('awards the badge and the bonus XP exactly once under 50 parallel completions of its dares', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await proPlayer();
    const user = as(h, userId);
    const dares = await packDares('morning-reset');
    expect((await addPack(userId, 'morning-reset')).statusCode).toBe(200);
    const todoIds: string[] = [];
    for (const id of dares) {
      const res = await user.accept(id);
      expect(res.statusCode).toBe(201);
      todoIds.push(res.json().todo.id);
    }
    const xpBefore = Number(
      (await h.sql.query('SELECT total_xp FROM quests.player WHERE user_id = $1', [userId])).rows[0].total_xp,
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => user.complete(todoIds[i % todoIds.length]!, proof)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(dares.length);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(50 - dares.length);
    const finishers = ok.filter((r) => r.json().packCompleted);
    expect(finishers).toHaveLength(1);
    expect(finishers[0]!.json().packCompleted).toEqual({
      packId: 'morning-reset',
      title: 'Morning Reset',
      bonusXp: PACK_COMPLETION_XP,
    });

    expect(
      await count(h, "SELECT count(*) FROM quests.xp_ledger WHERE user_id = $1 AND reason = 'pack_completed'", [
        userId,
      ]),
    ).toBe(1);
    const events = await h.sql.query(
      `SELECT payload FROM quests.outbox_event WHERE subject = 'quests.pack.completed.v1' AND payload->>'userId' = $1`,
      [userId],
    );
    expect(events.rows.map((r) => r.payload)).toEqual([
      expect.objectContaining({ packId: 'morning-reset', badgeId: 'pack:morning-reset', bonusXp: PACK_COMPLETION_XP }),
    ]);
    const dareXp = (
      await h.sql.query('SELECT coalesce(sum(xp), 0)::int AS n FROM quests.sidequest WHERE pack_id = $1', [
        'morning-reset',
      ])
    ).rows[0].n as number;
    const xpAfter = Number(
      (await h.sql.query('SELECT total_xp FROM quests.player WHERE user_id = $1', [userId])).rows[0].total_xp,
    );
    expect(xpAfter - xpBefore).toBe(dareXp + PACK_COMPLETION_XP);
    expect((await user.call('GET', '/api/quests/me/badges')).json().badges).toEqual([
      { id: 'pack:morning-reset', title: 'Morning Reset finished', awardedAt: expect.any(String) },
    ]);
    const pack = (await user.call('GET', '/api/quests/packs/morning-reset')).json();
    expect(pack.pack).toMatchObject({ done: dares.length, completedAt: expect.any(String) });
    expect(pack.dares.every((d: { done: boolean }) => d.done)).toBe(true);
    // Its dares leave the deck once done.
    expect((await deckOf(userId)).sidequests.some((c) => c.pack?.id === 'morning-reset')).toBe(false);
  });

  it("refuses a dare of a pack the player did not add, a Pro pack's for a free player too (404, nothing counted)", async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const user = as(h, userId);
    for (const packId of ['creative-sparks', 'friends-irl']) {
      const [dare] = await packDares(packId);
      const refused = await user.accept(dare!);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('SIDEQUEST_NOT_FOUND');
    }
    expect((await user.limits()).json().dailySwipes).toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.todo WHERE user_id = $1', [userId])).toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.sidequest_seen WHERE user_id = $1', [userId])).toBe(0);
    expect((await addPack(userId, 'creative-sparks')).statusCode).toBe(200);
    const [dare] = await packDares('creative-sparks');
    expect((await user.accept(dare!)).statusCode).toBe(201);
  });
});

describe('results shape the deck', () => {
  const socialFirst = (cards: Card[], n: number) => cards.slice(0, n).every((c) => c.tags.includes('social'));

  it('deals social cards first after a low social-energy result, with the reason, and recommends a pack and a playbook', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const before = await deckOf(userId);
    expect(before.shapedBy).toBeNull();
    expect(socialFirst(before.sidequests, 10)).toBe(false);

    // An older take says high; the newest one counts.
    await giveResult(userId, 'social-energy', { 'social-energy': 80, 'social-initiative': 50 }, '2026-01-01T10:00:00Z');
    await giveResult(userId, 'social-energy', { 'social-energy': 18, 'social-initiative': 45 }, '2026-01-10T10:00:00Z');
    const after = await deckOf(userId);
    expect(after.shapedBy).toEqual({
      dimension: 'social-energy',
      band: 'low',
      text: 'because you scored low on social energy',
    });
    expect(socialFirst(after.sidequests, 10)).toBe(true);

    const recs = (await as(h, userId).call('GET', '/api/quests/me/recommendations')).json();
    expect(recs).toMatchObject({
      enabled: true,
      reason: { text: 'because you scored low on social energy' },
      pack: { id: 'talk-to-strangers' },
      playbook: { id: 'social-courage' },
    });
  });

  it('keeps the packs a player added in front of the shaped cards', async () => {
    const userId = await newPlayer(h);
    await giveResult(userId, 'resilience', { 'bounce-back': 20, 'stress-calm': 30 }, '2026-01-10T10:00:00Z');
    await addPack(userId, 'creative-sparks');
    const deck = await deckOf(userId);
    expect(deck.sidequests.slice(0, 8).every((c) => c.pack?.id === 'creative-sparks')).toBe(true);
    expect(deck.sidequests[8]!.tags).toContain('calm');
  });

  it('stops when the player turns it off (and starts again when they turn it on)', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const user = as(h, userId);
    const plain = await deckOf(userId);
    await giveResult(userId, 'social-energy', { 'social-energy': 5, 'social-initiative': 10 }, '2026-01-10T10:00:00Z');
    expect(socialFirst((await deckOf(userId)).sidequests, 10)).toBe(true);

    const off = await user.call('PUT', '/api/quests/me/settings/deck-shaping', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    const unshaped = await deckOf(userId);
    expect(unshaped.shapedBy).toBeNull();
    expect(unshaped.sidequests.map((c) => c.id)).toEqual(plain.sidequests.map((c) => c.id));
    expect((await user.call('GET', '/api/quests/me/recommendations')).json()).toEqual({
      enabled: false,
      reason: null,
      pack: null,
      playbook: null,
    });

    expect((await user.call('PUT', '/api/quests/me/settings/deck-shaping', { enabled: 'no' })).statusCode).toBe(400);
    await user.call('PUT', '/api/quests/me/settings/deck-shaping', { enabled: true });
    expect((await deckOf(userId)).shapedBy?.text).toBe('because you scored low on social energy');
  });
});

describe('the Pro hub numbers', () => {
  it('says since when the player is Pro (kept through a renewal), their swipes, packs and badges', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await proPlayer();
    const user = as(h, userId);
    const since = (await user.call('GET', '/api/quests/me/pro-stats')).json().proSince as string;
    expect(Date.parse(since)).toBeGreaterThan(0);
    await changeEntitlement(h.bus, userId, { version: 2, isActive: true, expirationDate: '2027-12-31T00:00:00Z' });
    await addPack(userId, 'bold-moves');
    const [dare] = await packDares('bold-moves');
    await user.accept(dare!);
    const maxSwipes = (await user.limits()).json().maxSwipes;
    await expect
      .poll(async () => (await user.call('GET', '/api/quests/me/pro-stats')).json(), { timeout: 5000 })
      .toEqual({
        proSince: since,
        swipesToday: 1,
        maxSwipes,
        swipesAllTime: 1,
        packsAdded: 1,
        packsCompleted: 0,
        badges: 0,
      });
    await changeEntitlement(h.bus, userId, { version: 3, isActive: false });
    await expect
      .poll(async () => (await user.call('GET', '/api/quests/me/pro-stats')).json().proSince, { timeout: 5000 })
      .toBeNull();
  });
});

describe('your data', () => {
  it('lists packs, dares done, badges and the setting, and erases them with the account', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const user = as(h, userId);
    await addPack(userId, 'kindness-week');
    const [dare] = await packDares('kindness-week');
    const todo = (await user.accept(dare!)).json().todo;
    await user.complete(todo.id, proof);
    await user.call('PUT', '/api/quests/me/settings/deck-shaping', { enabled: false });
    await h.sql.query("INSERT INTO quests.player_badge VALUES ($1, 'pack:outdoors', now())", [userId]);

    const data = (await user.call('GET', '/api/quests/me/export')).json();
    expect(data.packs).toEqual([
      {
        packId: 'kindness-week',
        addedAt: expect.any(String),
        completedAt: null,
        daresDone: [{ title: 'Thank-You Message', doneAt: expect.any(String) }],
      },
    ]);
    expect(data.badges).toEqual([{ badgeId: 'pack:outdoors', awardedAt: expect.any(String) }]);
    expect(data.deckShaping).toEqual({ enabled: false, updatedAt: expect.any(String) });

    await deleteUser(h.bus, userId);
    const left = async () =>
      (await count(h, 'SELECT count(*) FROM quests.player_pack WHERE user_id = $1', [userId])) +
      (await count(h, 'SELECT count(*) FROM quests.pack_dare_done WHERE user_id = $1', [userId])) +
      (await count(h, 'SELECT count(*) FROM quests.player_badge WHERE user_id = $1', [userId])) +
      (await count(h, 'SELECT count(*) FROM quests.deck_setting WHERE user_id = $1', [userId]));
    await expect.poll(left, { timeout: 10_000 }).toBe(0);
  });
});
