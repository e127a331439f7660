import { randomUUID } from 'node:crypto';
import { BlockChanged, FriendshipChanged, MemberJoined, MemberLeft } from '@vere/contracts';
import { randomAvatarConfig, weekDates, xpWeekAt } from '@vere/domain';
import { newEvent } from '@vere/service-kit';
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
      xp: 2600, // all time by default: the board counts the total
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

  it.each([
    '?limit=0',
    '?limit=101',
    '?limit=abc',
    '?limit=1.5',
    '?limit=-1',
    '?sort=xp',
    '?period=month',
    '?period=',
    '?scope=world',
    '?scope=FRIENDS',
    '?period=week&scope=pods&extra=1',
  ])('refuses %s with 400', async (query) => {
    const res = await as(h, randomUUID()).leaderboard(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
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
    const [card] = (
      await h.sql.query("SELECT id FROM quests.sidequest WHERE type = 'daily' AND pack_id IS NULL LIMIT 1")
    ).rows;
    expect((await as(h, userId).accept(card.id)).statusCode).toBe(201);
    await deleteUser(h.bus, userId);
    for (const table of ['player', 'todo', 'daily_usage', 'xp_ledger', 'entitlement']) {
      expect(await count(h, `SELECT count(*) FROM quests.${table} WHERE user_id = $1`, [userId]), table).toBe(0);
    }
  });
});

// Boards of decision 0037. Players here carry XP far above the tests before, so the Everyone boards'
// tops are theirs; each test deletes its players at the end.
let version = 0;
async function publish(subject: string, userId: string, fields: Record<string, unknown>) {
  await h.bus.publish(newEvent(subject, userId, fields));
  await h.bus.idle();
}
const befriend = (a: string, b: string) =>
  publish(FriendshipChanged.subject, a, { otherUserId: b, change: 'accepted', friends: true, version: ++version });
const block = (blocker: string, blocked: string, on = true) =>
  publish(BlockChanged.subject, blocker, { otherUserId: blocked, blocked: on, version: ++version });
const join = (podId: string, userId: string) =>
  publish(MemberJoined.subject, userId, { podId, via: 'invite', memberCount: 2 });
const leave = (podId: string, userId: string) => publish(MemberLeft.subject, userId, { podId, reason: 'left' });
/** This week (the harness clock's, in UTC) as the boards number it. */
const thisWeek = () => xpWeekAt(h.clock(), 'UTC');
const setWeekXp = (userId: string, xp: number, week = thisWeek()) =>
  h.sql.query(
    `INSERT INTO quests.weekly_xp (week_number, user_id, xp) VALUES ($1, $2, $3)
     ON CONFLICT (week_number, user_id) DO UPDATE SET xp = EXCLUDED.xp`,
    [week, userId, xp],
  );
type Row = { id: string; rank: number; xp: number };
const board = async (userId: string, query: string) => {
  const res = await as(h, userId).leaderboard(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Row[]; me: Row | null; week: unknown; period: string; scope: string };
};
const ids = (rows: Row[]) => rows.map((r) => r.id);
const BOARDS = ['week', 'all'].flatMap((period) =>
  ['friends', 'pods', 'everyone'].map((scope) => `?period=${period}&scope=${scope}&limit=20`),
);

describe('boards: this week / all time × friends / pods / everyone (decision 0037)', () => {
  it('hides users blocked either way from every board within seconds over the bus, and shows them again once lifted', async () => {
    const ana = await newPlayer(h, { name: 'Ana' });
    const bo = await newPlayer(h, { name: 'Bo' });
    const cy = await newPlayer(h, { name: 'Cy' });
    const podId = randomUUID();
    for (const [u, xp] of [
      [ana, 90_000_003],
      [bo, 90_000_002],
      [cy, 90_000_001],
    ] as const) {
      await setXp(u, xp);
      await setWeekXp(u, xp - 89_000_000);
      await join(podId, u);
    }
    await befriend(ana, bo);
    await befriend(ana, cy);
    await befriend(bo, cy);
    const everyoneSees = async (viewer: string, others: string[]) => {
      for (const q of BOARDS) {
        const { entries, me } = await board(viewer, q);
        expect(me?.id, q).toBe(viewer);
        for (const other of others) expect(ids(entries), `${q} shows ${other}`).toContain(other);
      }
    };
    await everyoneSees(ana, [bo, cy]);
    await everyoneSees(bo, [ana, cy]);

    // The event goes through the bus and the consumer; each board must show it within 5 s.
    await block(ana, bo);
    for (const [viewer, hidden] of [
      [ana, bo],
      [bo, ana],
    ] as const) {
      for (const q of BOARDS) {
        await expect.poll(async () => ids((await board(viewer, q)).entries), { timeout: 5000 }).not.toContain(hidden);
        expect(ids((await board(viewer, q)).entries), q).toContain(cy);
      }
    }
    // Ranks on Everyone stay global: Bo sees Cy third, with a gap where Ana was.
    const { entries, me } = await board(bo, '?period=all&scope=everyone&limit=3');
    expect(entries.slice(0, 2).map((e) => [e.id, e.rank])).toEqual([
      [bo, 2],
      [cy, 3],
    ]);
    expect(me).toMatchObject({ id: bo, rank: 2 });
    // Cy, who blocked nobody, still sees both.
    await everyoneSees(cy, [ana, bo]);

    await block(ana, bo, false);
    await everyoneSees(ana, [bo, cy]);
    await everyoneSees(bo, [ana, cy]);
    for (const u of [ana, bo, cy]) await deleteUser(h.bus, u);
    expect(await count(h, 'SELECT count(*) FROM quests.user_block WHERE blocker_id = $1', [ana])).toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.pod_member WHERE user_id = $1', [ana])).toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.weekly_xp WHERE user_id = $1', [ana])).toBe(0);
  });

  it('ignores a block change older than the one it holds (redelivered or reordered)', async () => {
    const ana = await newPlayer(h);
    const bo = await newPlayer(h);
    await befriend(ana, bo);
    await block(ana, bo, false); // newest: lifted
    await publish(BlockChanged.subject, ana, { otherUserId: bo, blocked: true, version: version - 1 });
    expect(ids((await board(ana, '?scope=friends')).entries)).toContain(bo);
    for (const u of [ana, bo]) await deleteUser(h.bus, u);
  });

  it('ranks ties by competition ranking (1, 2, 2, 4) and shows the caller’s own row outside the top', async () => {
    const me = await newPlayer(h, { name: 'Me' });
    const friends = [await newPlayer(h), await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    const xps = [400, 300, 300, 200];
    for (const [i, f] of friends.entries()) {
      await befriend(me, f);
      await setXp(f, xps[i]!);
    }
    await setXp(me, 100);
    const all = await board(me, '?period=all&scope=friends');
    expect(all.entries.map((e) => [e.xp, e.rank])).toEqual([
      [400, 1],
      [300, 2],
      [300, 2],
      [200, 4],
      [100, 5],
    ]);
    expect(all).toMatchObject({ period: 'all', scope: 'friends', week: null, me: { id: me, xp: 100, rank: 5 } });
    // The top 2 leaves the caller out of `entries`, never out of `me`.
    const top = await board(me, '?period=all&scope=friends&limit=2');
    expect(top.entries.map((e) => e.xp)).toEqual([400, 300]);
    expect(top.me).toMatchObject({ id: me, rank: 5 });
    // A tie with the caller: they share the rank.
    await setXp(me, 300);
    expect((await board(me, '?scope=friends')).me).toMatchObject({ rank: 2 });
    for (const u of [me, ...friends]) await deleteUser(h.bus, u);
  });

  it('counts this week’s XP only, from a real completion, and starts again at 0 next week', async () => {
    const me = await newPlayer(h);
    const friend = await newPlayer(h);
    await befriend(me, friend);
    await setXp(me, 5000); // all time: far ahead
    await setXp(friend, 10);
    await setWeekXp(friend, 10);
    await setWeekXp(me, 999, thisWeek() - 1); // last week's XP does not count this week
    const [card] = (
      await h.sql.query("SELECT id, xp FROM quests.sidequest WHERE type = 'daily' AND pack_id IS NULL LIMIT 1")
    ).rows;
    const accepted = await as(h, me).accept(card.id);
    expect(accepted.statusCode).toBe(201);
    const done = await as(h, me).complete(accepted.json().todo.id, { proofType: 'text', proofText: 'Did it.' });
    expect(done.statusCode, done.body).toBe(200);

    const week = await board(me, '?period=week&scope=friends');
    expect(week.week).toEqual({ weekNumber: thisWeek(), startDate: '2026-01-11', endDate: '2026-01-17' });
    expect(week.entries.map((e) => [e.id, e.xp, e.rank])).toEqual([
      [card.xp > 10 ? me : friend, Math.max(card.xp, 10), 1],
      [card.xp > 10 ? friend : me, Math.min(card.xp, 10), 2],
    ]);
    expect((await board(me, '?period=all&scope=friends')).me).toMatchObject({ xp: 5000 + card.xp, rank: 1 });

    const at = h.clock.now;
    h.clock.set('2026-01-18T12:00:00Z'); // Sunday: a new week
    try {
      const next = await board(me, '?period=week&scope=friends');
      expect(next.entries.map((e) => [e.xp, e.rank])).toEqual([
        [0, 1],
        [0, 1],
      ]);
      expect(next.week).toMatchObject({ startDate: '2026-01-18' });
    } finally {
      h.clock.now = at;
    }
    for (const u of [me, friend]) await deleteUser(h.bus, u);
  });

  it('ranks this week among everyone from the per-XP counts, the caller without XP after all who have some', async () => {
    const players = [await newPlayer(h), await newPlayer(h), await newPlayer(h)];
    const idle = await newPlayer(h);
    const base = 80_000_000;
    for (const [i, p] of players.entries()) await setWeekXp(p, base + [30, 20, 20][i]!);
    const { entries, me } = await board(idle, '?period=week&scope=everyone&limit=3');
    expect(entries.map((e) => [e.xp - base, e.rank])).toEqual([
      [30, 1],
      [20, 2],
      [20, 2],
    ]);
    const withXp = await count(h, 'SELECT count(*) FROM quests.weekly_xp WHERE week_number = $1 AND xp > 0', [
      thisWeek(),
    ]);
    expect(me).toMatchObject({ id: idle, xp: 0, rank: withXp + 1 });
    expect((await board(players[2]!, '?period=week&scope=everyone&limit=1')).me).toMatchObject({ rank: 2 });
    for (const u of [...players, idle]) await deleteUser(h.bus, u);
  });

  it('ranks the caller’s pods’ members (not other pods’), and forgets a member who left', async () => {
    const me = await newPlayer(h);
    const mate = await newPlayer(h);
    const other = await newPlayer(h);
    const [mine, theirs] = [randomUUID(), randomUUID()];
    await join(mine, me);
    await join(mine, mate);
    await join(theirs, other);
    await setXp(mate, 70);
    await setXp(other, 999);
    expect(ids((await board(me, '?scope=pods')).entries).sort()).toEqual([me, mate].sort());
    await leave(mine, mate);
    expect(ids((await board(me, '?scope=pods')).entries)).toEqual([me]);
    // A late join older than the leave changes nothing.
    await h.bus.publish({
      ...newEvent(MemberJoined.subject, mate, { podId: mine, via: 'invite', memberCount: 2 }),
      payload: {
        ...newEvent(MemberJoined.subject, mate, { podId: mine, via: 'invite', memberCount: 2 }).payload,
        occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
    });
    await h.bus.idle();
    expect(ids((await board(me, '?scope=pods')).entries)).toEqual([me]);
    for (const u of [me, mate, other]) await deleteUser(h.bus, u);
  });
});

describe('weekly pod league (decision 0037)', () => {
  it('ranks pods of 2+ members by the share who completed this week’s challenge, ties sharing a rank', async () => {
    const weeklyId = randomUUID();
    const { startDate, endDate } = weekDates(thisWeek());
    await h.sql.query(
      `INSERT INTO quests.weekly_challenge (id, week_number, start_date, end_date, challenge_id)
       SELECT $1, $2, $3, $4, id FROM quests.challenge ORDER BY sequence LIMIT 1`,
      [weeklyId, thisWeek(), startDate, endDate],
    );
    const completed = (userId: string) =>
      h.sql.query(
        `INSERT INTO quests.user_challenge_progress (user_id, weekly_challenge_id, completed, accepted_at, completed_at)
         VALUES ($1, $2, true, now(), now())`,
        [userId, weeklyId],
      );
    // pod → [members, of whom completed]
    const shape = { full: [2, 2], half: [4, 2], alsoHalf: [2, 1], none: [3, 0], solo: [1, 1] } as const;
    const pods: Record<string, string> = {};
    const users: string[] = [];
    let me = '';
    for (const [name, [members, done]] of Object.entries(shape)) {
      pods[name] = randomUUID();
      for (let i = 0; i < members; i += 1) {
        const u = await newPlayer(h);
        users.push(u);
        await join(pods[name]!, u);
        if (i < done) await completed(u);
        if (name === 'none' && i === 0) me = u;
      }
    }
    const res = await as(h, me).call('GET', '/api/quests/leaderboard/pods');
    expect(res.statusCode, res.body).toBe(200);
    const league = res.json();
    expect(league.week).toEqual({ weekNumber: thisWeek(), startDate, endDate });
    expect(league.pods).toBe(4); // the pod of one is not in the league
    expect(
      league.entries.map((e: { podId: string; rank: number; share: number }) => [e.podId, e.rank, e.share]),
    ).toEqual([
      [pods.full, 1, 1],
      [pods.half, 2, 0.5], // more members first among a tie, same rank
      [pods.alsoHalf, 2, 0.5],
      [pods.none, 4, 0],
    ]);
    expect(league.mine).toEqual([{ podId: pods.none, rank: 4, members: 3, completed: 0, share: 0, mine: true }]);
    // Next week the league starts again from 0 for everyone.
    const at = h.clock.now;
    h.clock.set('2026-01-18T12:00:00Z');
    try {
      const next = (await as(h, me).call('GET', '/api/quests/leaderboard/pods')).json();
      expect(next.entries.every((e: { share: number; rank: number }) => e.share === 0 && e.rank === 1)).toBe(true);
    } finally {
      h.clock.now = at;
    }
    for (const u of users) await deleteUser(h.bus, u);
  });

  it('answers 401 without a token', async () => {
    expect((await h.quests.app.inject({ method: 'GET', url: '/api/quests/leaderboard/pods' })).statusCode).toBe(401);
  });
});
