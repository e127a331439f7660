import { randomUUID } from 'node:crypto';
import { randomAvatarConfig } from '@vere/domain';
import { deleteUser, profileUpdated, updateProfile } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, count, newPlayer, startQuests, type QuestsHarness } from './helper';

// A database of its own: ranks count every player in it.
let h: QuestsHarness;
beforeAll(async () => {
  h = await startQuests();
});
afterAll(async () => {
  await h?.close();
});

const setXp = (userId: string, xp: number) =>
  h.sql.query('UPDATE quests.player SET total_xp = $2 WHERE user_id = $1', [userId, xp]);

describe('leaderboard', () => {
  it('lists the top players by XP with name, username, avatar, level and rank, and the caller’s own rank', async () => {
    const xps = [50, 1500, 400, 400, 0, 2600, 90, 120, 75, 300, 10, 1000];
    const ids: string[] = [];
    for (const [i, xp] of xps.entries()) {
      const id = await newPlayer(h, { name: `Player ${i}`, username: `player_${i}` });
      await setXp(id, xp);
      ids.push(id);
    }
    const avatar = randomAvatarConfig('top');
    await updateProfile(h.bus, ids[5]!, {
      name: 'Top Player',
      username: 'top_player',
      avatarConfig: avatar,
      photoUrl: 'https://img.example.com/top.png',
    });

    const caller = ids[0]!; // 50 XP: players above with 2600, 1500, 1000, 400, 400, 300, 120, 90, 75 → rank 10
    const res = await as(h, caller).leaderboard();
    expect(res.statusCode).toBe(200);
    const { entries, me } = res.json();
    expect(entries).toHaveLength(10);
    expect(entries[0]).toEqual({
      id: ids[5],
      name: 'Top Player',
      username: 'top_player',
      avatarConfig: avatar,
      photoUrl: null, // a link to another site is never shown (decision 0035)
      level: 18,
      totalXP: 2600,
      rank: 1, // 150n - 50 ≤ 2600 for n ≤ 17
    });
    expect(entries.map((e: { totalXP: number }) => e.totalXP)).toEqual([
      2600, 1500, 1000, 400, 400, 300, 120, 90, 75, 50,
    ]);
    expect(entries.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 4, 6, 7, 8, 9, 10]); // ties share a rank
    expect(me).toMatchObject({ id: caller, totalXP: 50, rank: 10, level: 1, name: 'Player 0' });

    expect((await as(h, ids[4]!).leaderboard('?limit=3')).json()).toMatchObject({
      entries: [{ totalXP: 2600 }, { totalXP: 1500 }, { totalXP: 1000 }],
      me: { totalXP: 0, rank: 12 },
    });
  });

  it('keeps ranks right as XP changes and players leave', async () => {
    const a = await newPlayer(h);
    const b = await newPlayer(h);
    await setXp(a, 5000);
    await setXp(b, 4999);
    expect((await as(h, b).leaderboard('?limit=1')).json()).toMatchObject({
      entries: [{ id: a, rank: 1 }],
      me: { id: b, rank: 2 },
    });
    await deleteUser(h.bus, a);
    expect((await as(h, b).leaderboard('?limit=1')).json()).toMatchObject({
      entries: [{ id: b, rank: 1 }],
      me: { rank: 1 },
    });
    const counted = await count(h, 'SELECT coalesce(sum(players), 0) AS count FROM quests.xp_rank_count', []);
    expect(counted).toBe(await count(h, 'SELECT count(*) FROM quests.player', []));
  });

  it('shows no photo link to another site, even one kept before the rule (decision 0035)', async () => {
    const a = await newPlayer(h);
    await setXp(a, 9_000_000);
    await h.sql.query('UPDATE quests.player SET photo_url = $1 WHERE user_id = $2', [
      'https://tracker.example/a.png',
      a,
    ]);
    const { entries, me } = (await as(h, a).leaderboard('?limit=1')).json();
    expect(entries[0]).toMatchObject({ id: a, photoUrl: null });
    expect(me).toMatchObject({ id: a, photoUrl: null });
    await deleteUser(h.bus, a);
  });

  it('answers me: null for a caller whose player is not set up yet', async () => {
    expect((await as(h, randomUUID()).leaderboard()).json().me).toBeNull();
  });

  it.each(['?limit=0', '?limit=101', '?limit=abc', '?limit=1.5', '?limit=-1', '?sort=xp'])(
    'refuses %s with 400',
    async (query) => {
      const res = await as(h, randomUUID()).leaderboard(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('profile read model', () => {
  it('ignores a profile event older than the one applied', async () => {
    const userId = await newPlayer(h);
    const newer = await updateProfile(h.bus, userId, { name: 'Newer Name' });
    const older = profileUpdated(userId, { ...newer.payload, name: 'Older Name' });
    older.payload.occurredAt = new Date(Date.parse(newer.payload.occurredAt) - 60_000).toISOString();
    await h.bus.publish(older);
    await h.bus.idle();
    expect((await h.sql.query('SELECT name FROM quests.player WHERE user_id = $1', [userId])).rows[0].name).toBe(
      'Newer Name',
    );
  });

  it('keeps the zone it holds when a profile event carries none (an event from before zones)', async () => {
    const userId = await newPlayer(h, { timeZone: 'Asia/Kolkata' });
    await updateProfile(h.bus, userId, { name: 'Renamed' });
    expect(
      (await h.sql.query('SELECT name, time_zone FROM quests.player WHERE user_id = $1', [userId])).rows[0],
    ).toEqual({ name: 'Renamed', time_zone: 'Asia/Kolkata' });
  });

  it('erases to-dos, usage, XP and entitlement with the account', async () => {
    const userId = await newPlayer(h);
    const [card] = (await h.sql.query("SELECT id FROM quests.sidequest WHERE type = 'daily' LIMIT 1")).rows;
    expect((await as(h, userId).accept(card.id)).statusCode).toBe(201);
    await deleteUser(h.bus, userId);
    for (const table of ['player', 'todo', 'daily_usage', 'xp_ledger', 'entitlement']) {
      expect(await count(h, `SELECT count(*) FROM quests.${table} WHERE user_id = $1`, [userId]), table).toBe(0);
    }
  });
});
