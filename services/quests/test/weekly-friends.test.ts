import { randomUUID } from 'node:crypto';
import { FriendshipChanged } from '@vere/contracts';
import { weekDates, weekNumberOfDate } from '@vere/domain';
import { newEvent } from '@vere/service-kit';
import { deleteUser, updateProfile } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, newPlayer, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
let weeklyId: string;
beforeAll(async () => {
  h = await startQuests();
  h.clock.set('2026-01-14T12:00:00Z');
  const n = weekNumberOfDate('2026-01-14');
  const { startDate, endDate } = weekDates(n);
  weeklyId = randomUUID();
  await h.sql.query(
    `INSERT INTO quests.weekly_challenge (id, week_number, start_date, end_date, challenge_id)
     SELECT $1, $2, $3, $4, id FROM quests.challenge WHERE sequence = 1`,
    [weeklyId, n, startDate, endDate],
  );
});
afterAll(async () => {
  await h?.close();
});

let version = 0;
async function friendship(
  userId: string,
  otherUserId: string,
  friends: boolean,
  change = friends ? 'accepted' : 'removed',
  v = ++version,
) {
  const e = newEvent(FriendshipChanged.subject, userId, { otherUserId, change, friends, version: v });
  await h.bus.publish(e);
  await h.bus.idle();
  return e;
}

const accept = async (userId: string) =>
  expect((await as(h, userId).call('POST', `/api/quests/me/weekly/${weeklyId}/accept`)).statusCode).toBe(200);
const friendsOf = (userId: string, id = weeklyId) => as(h, userId).call('GET', `/api/quests/me/weekly/${id}/friends`);

describe('"Friends doing this"', () => {
  it('lists only friends who accepted the weekly challenge, with their names and avatars', async () => {
    const me = await newPlayer(h);
    const sam = await newPlayer(h, { name: 'Sam', username: 'sam_f' });
    const kim = await newPlayer(h, { name: 'Kim' });
    const stranger = await newPlayer(h);
    const pending = await newPlayer(h);
    const ex = await newPlayer(h);
    await updateProfile(h.bus, sam, { name: 'Sam', username: 'sam_f', photoUrl: 'https://img.example/sam.png' });
    await friendship(me, sam, true);
    await friendship(kim, me, true);
    await friendship(me, pending, false, 'requested');
    await friendship(me, ex, true);
    await friendship(ex, me, false, 'blocked');
    for (const u of [sam, stranger, pending, ex]) await accept(u);

    const res = await friendsOf(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      friends: [
        // The link to another site is not shown (decision 0035).
        { id: sam, name: 'Sam', username: 'sam_f', photoUrl: null, avatarConfig: null },
      ],
      total: 1,
    });
    h.clock.set('2026-01-14T13:00:00Z');
    await accept(kim); // Kim accepts later: newest accept first
    expect((await friendsOf(me)).json().friends.map((f: { id: string }) => f.id)).toEqual([kim, sam]);
    h.clock.set('2026-01-14T12:00:00Z');
    // Friendship is both ways.
    expect((await friendsOf(sam)).json().total).toBe(0);
    await accept(me);
    expect((await friendsOf(sam)).json().friends.map((f: { id: string }) => f.id)).toEqual([me]);
  });

  it('ignores an older friendship change that arrives late, and forgets a deleted account', async () => {
    const me = await newPlayer(h);
    const sam = await newPlayer(h);
    await friendship(me, sam, true, 'accepted', 1_000_000);
    await friendship(me, sam, false, 'removed', 999_999); // older: ignored
    await accept(sam);
    expect((await friendsOf(me)).json().total).toBe(1);
    await friendship(sam, me, false, 'removed', 1_000_001);
    expect((await friendsOf(me)).json().total).toBe(0);
    await friendship(sam, me, true, 'accepted', 1_000_002);
    await deleteUser(h.bus, sam);
    expect((await friendsOf(me)).json()).toEqual({ friends: [], total: 0 });
    expect(
      (
        await h.sql.query('SELECT count(*)::int AS n FROM quests.friend_link WHERE friend_id = $1 OR user_id = $1', [
          sam,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('shows at most 12 and counts them all', async () => {
    const me = await newPlayer(h);
    for (let i = 0; i < 14; i++) {
      const f = await newPlayer(h);
      await friendship(me, f, true);
      await accept(f);
    }
    const body = (await friendsOf(me)).json();
    expect(body.friends).toHaveLength(12);
    expect(body.total).toBe(14);
  });

  it('answers 404 for an unknown weekly challenge, 400 for a bad id, 401 without a token', async () => {
    const me = await newPlayer(h);
    const unknown = await friendsOf(me, randomUUID());
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'WEEKLY_CHALLENGE_NOT_FOUND']);
    expect((await friendsOf(me, 'nope')).statusCode).toBe(400);
    expect(
      (await h.quests.app.inject({ method: 'GET', url: `/api/quests/me/weekly/${weeklyId}/friends` })).statusCode,
    ).toBe(401);
  });
});
