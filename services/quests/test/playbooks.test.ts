import { randomUUID } from 'node:crypto';
import { levelThreshold } from '@vere/domain';
import { changeEntitlement } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, newPlayer, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
beforeAll(async () => {
  h = await startQuests();
});
afterAll(async () => {
  await h?.close();
});

const playbooks = (userId: string) => as(h, userId).call('GET', '/api/quests/me/playbooks');
const unlockedLevels = async (userId: string) => {
  const res = await playbooks(userId);
  expect(res.statusCode).toBe(200);
  return (res.json().playbooks as { unlockLevel: number; unlocked: boolean }[])
    .filter((p) => p.unlocked)
    .map((p) => p.unlockLevel);
};
/** XP as the ledger gives it: the award row and the player's total (what a completion writes). */
const giveXp = async (userId: string, amount: number) => {
  await h.sql.query('INSERT INTO quests.xp_ledger (source_key, user_id, amount, reason) VALUES ($1, $2, $3, $4)', [
    `test:${randomUUID()}`,
    userId,
    amount,
    'test',
  ]);
  await h.sql.query('UPDATE quests.player SET total_xp = total_xp + $2 WHERE user_id = $1', [userId, amount]);
};

describe('GET /api/quests/me/playbooks', () => {
  it('a free level-1 player has none of the seven unlocked', async () => {
    const userId = await newPlayer(h);
    const res = await playbooks(userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      level: 1,
      isPro: false,
      unlockedCount: 0,
      playbooks: [3, 7, 12, 18, 25, 35, 50].map((unlockLevel, i) => ({ slot: i + 1, unlockLevel, unlocked: false })),
    });
  });

  it('a level-7 player has the first two (levels 3 and 7)', async () => {
    const userId = await newPlayer(h);
    await giveXp(userId, levelThreshold(6)); // exactly level 7
    expect(await unlockedLevels(userId)).toEqual([3, 7]);
    expect((await playbooks(userId)).json()).toMatchObject({ level: 7, unlockedCount: 2 });
  });

  it("Pro from billing.entitlement.changed.v1 opens all seven; losing Pro goes back to the level's", async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const userId = await newPlayer(h);
    await giveXp(userId, levelThreshold(6));
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true, expirationDate: '2026-02-14T12:00:00Z' });
    expect(await unlockedLevels(userId)).toEqual([3, 7, 12, 18, 25, 35, 50]);
    expect((await playbooks(userId)).json()).toMatchObject({ isPro: true, unlockedCount: 7 });

    // Cancelled: billing says inactive.
    await changeEntitlement(h.bus, userId, { version: 2, isActive: false });
    expect(await unlockedLevels(userId)).toEqual([3, 7]);

    // Pro again, then its expiry passes without a further event: the answer follows the clock.
    await changeEntitlement(h.bus, userId, { version: 3, isActive: true, expirationDate: '2026-01-20T00:00:00Z' });
    expect((await playbooks(userId)).json().unlockedCount).toBe(7);
    h.clock.set('2026-01-20T00:00:01Z');
    expect(await unlockedLevels(userId)).toEqual([3, 7]);
  });

  it('ignores an older entitlement event arriving late', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const userId = await newPlayer(h);
    await changeEntitlement(h.bus, userId, { version: 5, isActive: false });
    await changeEntitlement(h.bus, userId, { version: 4, isActive: true });
    expect(await unlockedLevels(userId)).toEqual([]);
  });

  it('answers 404 PLAYER_NOT_FOUND before the player exists and 401 without a token', async () => {
    const res = await playbooks(randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PLAYER_NOT_FOUND');
    const anonymous = await h.quests.app.inject({ method: 'GET', url: '/api/quests/me/playbooks' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });
});
