import { randomUUID } from 'node:crypto';
import { DECK_SIZE, levelThreshold, SIDEQUEST_CATEGORIES } from '@vere/domain';
import { changeEntitlement, deleteUser, updateProfile } from '@vere/test-kit';
import type { Queryable } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRepository } from '../src/repositories/deck-repository';
import { createPlayersRepository } from '../src/repositories/players-repository';
import { createPlayerContextCache } from '../src/use-cases/day-context';
import type { QuestsDeps } from '../src/use-cases/deps';
import { acceptSidequest, skipSidequest } from '../src/use-cases/swipes';
import { as, count, newPlayer, sidequestIds, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
let daily: string[];
let weekend: string[];
beforeAll(async () => {
  h = await startQuests();
  daily = await sidequestIds(h, 'daily');
  weekend = await sidequestIds(h, 'weekend');
});
afterAll(async () => {
  await h?.close();
});

const WEDNESDAY = '2026-01-14T12:00:00Z';
const todosOf = (userId: string) => count(h, 'SELECT count(*) FROM quests.todo WHERE user_id = $1', [userId]);
const xpOf = async (userId: string) =>
  Number((await h.sql.query('SELECT total_xp FROM quests.player WHERE user_id = $1', [userId])).rows[0].total_xp);
const swipesCounted = async (userId: string) =>
  Number(
    (
      await h.sql.query('SELECT coalesce(sum(swipes_used), 0) AS n FROM quests.daily_usage WHERE user_id = $1', [
        userId,
      ])
    ).rows[0].n,
  );

describe('sidequest catalogue', () => {
  it('lists at least 200 daily and 60 weekend cards, newest first, each with category, description, duration, XP and colours', async () => {
    const user = as(h, await newPlayer(h));
    const d = (await user.call('GET', '/api/quests/sidequests?type=daily')).json().sidequests;
    const w = (await user.call('GET', '/api/quests/sidequests?type=weekend')).json().sidequests;
    expect(d.length).toBeGreaterThanOrEqual(200);
    expect(w.length).toBeGreaterThanOrEqual(60);
    for (const card of [...d, ...w]) {
      expect(card.description.length).toBeGreaterThan(20);
      expect(SIDEQUEST_CATEGORIES).toContain(card.category);
      expect(card).toMatchObject({
        duration: expect.any(String),
        xp: expect.any(Number),
        bgColor: expect.stringMatching(/^#/),
        bgColor2: expect.stringMatching(/^#/),
      });
    }
    const times = d.map((c: { createdAt: string }) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(d.map((c: { title: string }) => c.title)).size).toBe(d.length);
    const all = (await user.call('GET', '/api/quests/sidequests')).json().sidequests;
    expect(all.length).toBe(d.length + w.length);
  });
});

describe('accepting a sidequest', () => {
  it('adds a to-do due 24 h later (the next local date) and counts one swipe', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h, { timeZone: 'Pacific/Auckland' });
    const res = await as(h, userId).accept(daily[0]!);
    expect(res.statusCode).toBe(201);
    const { todo, limits } = res.json();
    expect(todo).toMatchObject({
      sidequestId: daily[0],
      type: 'daily_sidequest',
      status: 'pending',
      title: 'Compliment a Stranger',
      xpReward: 20,
      dueAt: '2026-01-15T12:00:00.000Z',
      dueDate: '2026-01-16', // 01:00 NZDT on the 15th local → due the 16th
    });
    expect(limits).toMatchObject({
      dailySwipes: 1,
      maxSwipes: 5,
      dailySkips: 0,
      maxSkips: 1,
      date: '2026-01-15',
      timeZone: 'Pacific/Auckland',
    });
    expect((await as(h, userId).limits()).json()).toMatchObject({ dailySwipes: 1, weekendSwipes: 0 });
  });

  it('50 parallel accepts of a free user make exactly 5 to-dos and 5 counted swipes', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const user = as(h, userId);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => user.accept(daily[i % daily.length]!)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused.error).toEqual({
      code: 'SWIPE_LIMIT_REACHED',
      message: 'Daily swipe limit reached. Try again tomorrow or upgrade to Pro for more swipes.',
    });
    expect(await todosOf(userId)).toBe(5);
    expect(await swipesCounted(userId)).toBe(5);
  });

  it('holds the limit with two quests instances side by side', async () => {
    h.clock.set(WEDNESDAY);
    const other = await h.second();
    const userId = await newPlayer(h);
    const one = as(h, userId);
    const two = as(h, userId, other.app);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).accept(daily[i]!)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(await todosOf(userId)).toBe(5);
    expect(await swipesCounted(userId)).toBe(5);
  });

  it('gives Pro users 10 swipes and 3 skips, from billing.entitlement.changed.v1', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true, expirationDate: '2026-02-14T12:00:00Z' });
    const user = as(h, userId);
    expect((await user.limits()).json()).toMatchObject({
      isPro: true,
      maxSwipes: 10,
      maxSkips: 3,
      maxWeekendSwipes: 10,
      maxWeekendSkips: 3,
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => user.accept(daily[i]!)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
  });

  it('ignores an entitlement version older than the one held, and ends Pro at its expiry', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    await changeEntitlement(h.bus, userId, { version: 3, isActive: true, expirationDate: '2026-01-20T00:00:00Z' });
    await changeEntitlement(h.bus, userId, { version: 2, isActive: false }); // late, older
    expect((await as(h, userId).limits()).json()).toMatchObject({ isPro: true, maxSwipes: 10 });
    h.clock.set('2026-01-20T00:00:01Z');
    expect((await as(h, userId).limits()).json()).toMatchObject({ isPro: false, maxSwipes: 5 });
    h.clock.set(WEDNESDAY);
    await changeEntitlement(h.bus, userId, { version: 4, isActive: false });
    expect((await as(h, userId).limits()).json()).toMatchObject({ isPro: false, maxSwipes: 5, maxSkips: 1 });
  });

  it('adds floor(level / 5) bonus swipes to both swipe maxima', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    await h.sql.query('UPDATE quests.player SET total_xp = $2 WHERE user_id = $1', [userId, levelThreshold(9)]); // level 10
    expect((await as(h, userId).limits()).json()).toMatchObject({
      level: 10,
      bonusSwipes: 2,
      maxSwipes: 7,
      maxWeekendSwipes: 7,
      maxSkips: 1,
    });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => as(h, userId).accept(daily[i]!)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(7);
  });
});

describe('one card once a day (issue 22)', () => {
  const deckOf = async (userId: string, type: 'daily' | 'weekend' = 'daily') => {
    const res = await as(h, userId).call('GET', `/api/quests/me/deck?type=${type}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { date: string; sidequests: { id: string; type: string; category: string }[] };
  };
  const idsOf = (deck: { sidequests: { id: string }[] }) => deck.sidequests.map((c) => c.id);
  const pro = async () => {
    const userId = await newPlayer(h);
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true });
    return userId;
  };

  it('refuses the same card a second time in a day with 409 ALREADY_SWIPED_TODAY, counting it once', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const user = as(h, userId);
    expect((await user.accept(daily[0]!)).statusCode).toBe(201);
    for (const again of [await user.accept(daily[0]!), await user.skip(daily[0]!)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'ALREADY_SWIPED_TODAY', field: 'sidequestId' });
    }
    expect(await user.skip(daily[1]!).then((r) => r.statusCode)).toBe(200);
    expect((await user.accept(daily[1]!)).json().error.code).toBe('ALREADY_SWIPED_TODAY');
    expect(await todosOf(userId)).toBe(1);
    expect((await user.limits()).json()).toMatchObject({ dailySwipes: 1, dailySkips: 1 });
    expect(await xpOf(userId)).toBe(0);
  });

  it('50 parallel accepts of one card make exactly one 201, one to-do and one counted swipe', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await pro();
    const user = as(h, userId);
    const results = await Promise.all(Array.from({ length: 50 }, () => user.accept(daily[2]!)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.json().error.code}`))).toEqual(
      new Set(['409 ALREADY_SWIPED_TODAY']),
    );
    expect(await todosOf(userId)).toBe(1);
    expect(await swipesCounted(userId)).toBe(1);
  });

  it('holds across two quests instances: 20 accepts and 20 skips of one card, one of them counted', async () => {
    h.clock.set(WEDNESDAY);
    const other = await h.second();
    const userId = await pro();
    const one = as(h, userId);
    const two = as(h, userId, other.app);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two)[i % 4 < 2 ? 'accept' : 'skip'](daily[3]!)),
    );
    expect(results.filter((r) => r.statusCode === 200 || r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 300 || r.json().error.code === 'ALREADY_SWIPED_TODAY')).toBe(true);
    const limits = (await one.limits()).json();
    expect(limits.dailySwipes + limits.dailySkips).toBe(1);
  });

  it('still says the limit when the swipes are used up, and a card refused by the limit stays unseen', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    for (const id of daily.slice(0, 5)) expect((await as(h, userId).accept(id)).statusCode).toBe(201);
    expect((await as(h, userId).accept(daily[0]!)).json().error.code).toBe('SWIPE_LIMIT_REACHED');
    expect((await as(h, userId).accept(daily[7]!)).json().error.code).toBe('SWIPE_LIMIT_REACHED');
    expect(
      await count(h, 'SELECT count(*) FROM quests.sidequest_seen WHERE user_id = $1 AND sidequest_id = $2', [
        userId,
        daily[7],
      ]),
    ).toBe(0);
  });

  it('offers the card again on the next local day', async () => {
    const userId = await newPlayer(h, { timeZone: 'Asia/Kolkata' });
    h.clock.set('2026-01-14T18:29:00Z'); // 23:59 in Kolkata
    expect((await as(h, userId).accept(daily[4]!)).statusCode).toBe(201);
    expect((await as(h, userId).accept(daily[4]!)).json().error.code).toBe('ALREADY_SWIPED_TODAY');
    h.clock.set('2026-01-14T18:30:00Z'); // the 15th, local midnight
    expect((await as(h, userId).accept(daily[4]!)).statusCode).toBe(201);
  });

  it('the deck never returns a card accepted or skipped today, and keeps its order through the day', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await pro();
    const user = as(h, userId);
    const first = await deckOf(userId);
    expect(first.date).toBe('2026-01-14');
    expect(first.sidequests).toHaveLength(DECK_SIZE);
    expect(
      first.sidequests.every((c) => c.type === 'daily' && SIDEQUEST_CATEGORIES.includes(c.category as never)),
    ).toBe(true);
    expect(idsOf(await deckOf(userId))).toEqual(idsOf(first));
    // Ten accepts and three skips: the whole Pro day, taken from the top of the deck as the app does.
    const decided: string[] = [];
    for (let i = 0; i < 13; i += 1) {
      const top = idsOf(await deckOf(userId))[0]!;
      expect(decided).not.toContain(top);
      expect((await (i % 4 === 3 ? user.skip(top) : user.accept(top))).statusCode).toBeLessThan(300);
      decided.push(top);
    }
    const after = idsOf(await deckOf(userId));
    expect(after.filter((id) => decided.includes(id))).toEqual([]);
    expect(after.slice(0, DECK_SIZE - 13)).toEqual(idsOf(first).filter((id) => !decided.includes(id)));
    expect((await deckOf(userId, 'weekend')).sidequests.every((c) => c.type === 'weekend')).toBe(true);
  });

  it('deals each user an order of their own', async () => {
    h.clock.set(WEDNESDAY);
    const a = idsOf(await deckOf(await newPlayer(h)));
    const b = idsOf(await deckOf(await newPlayer(h)));
    expect(a).not.toEqual(b);
  });

  it('deals cards unseen for 30 days first, then the least recently seen', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const unseen = daily.slice(0, 3);
    const monthAgo = daily[3]!; // seen on 2025-12-15, 30 days ago: fresh again
    const rest = daily.slice(4);
    // rest[k] was seen 1 + ((k + 1) % 25) days ago.
    await h.sql.query(
      `INSERT INTO quests.sidequest_seen (user_id, date, sidequest_id, verdict, seen_at)
       SELECT $1, DATE '2026-01-14' - (1 + (k % 25))::int, id, 'skipped', now() FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, k)`,
      [userId, rest],
    );
    await h.sql.query(
      `INSERT INTO quests.sidequest_seen (user_id, date, sidequest_id, verdict, seen_at) VALUES ($1, '2025-12-15', $2, 'accepted', now())`,
      [userId, monthAgo],
    );
    const dealt = idsOf(await deckOf(userId));
    expect(new Set(dealt.slice(0, 4))).toEqual(new Set([...unseen, monthAgo]));
    const daysAgo = dealt.slice(4).map((id) => 1 + ((rest.indexOf(id) + 1) % 25));
    expect(daysAgo.length).toBeGreaterThan(0);
    expect(daysAgo).toEqual([...daysAgo].sort((x, y) => y - x));
  });

  it('lists the swipes in "Your data" and erases them with the account', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    expect((await as(h, userId).accept(daily[0]!)).statusCode).toBe(201);
    expect((await as(h, userId).skip(daily[1]!)).statusCode).toBe(200);
    const exported = (await as(h, userId).call('GET', '/api/quests/me/export')).json();
    expect(exported.swipes).toEqual([
      { date: '2026-01-14', title: 'Compliment a Stranger', verdict: 'accepted', seenAt: '2026-01-14T12:00:00.000Z' },
      { date: '2026-01-14', title: expect.any(String), verdict: 'skipped', seenAt: '2026-01-14T12:00:00.000Z' },
    ]);
    await deleteUser(h.bus, userId);
    await expect
      .poll(() => count(h, 'SELECT count(*) FROM quests.sidequest_seen WHERE user_id = $1', [userId]), {
        timeout: 5000,
      })
      .toBe(0);
  });

  it.each(['', '?type=monthly', '?type=daily&type=weekend', '?type=daily&extra=1'])(
    'refuses the deck query "%s" with 400',
    async (query) => {
      const res = await as(h, await newPlayer(h)).call('GET', `/api/quests/me/deck${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('skipping a sidequest', () => {
  it('counts one skip for a free user and then refuses with the skip message', async () => {
    h.clock.set(WEDNESDAY);
    const user = as(h, await newPlayer(h));
    const first = await user.skip(daily[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.json().limits).toMatchObject({ dailySkips: 1, dailySwipes: 0 });
    const second = await user.skip(daily[1]!);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'SKIP_LIMIT_REACHED',
      message: 'Daily skip limit reached. Try again tomorrow or upgrade to Pro for more skips.',
    });
  });

  it('is refused when the swipes are used up, even with a skip left', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    for (const id of daily.slice(0, 5)) expect((await as(h, userId).accept(id)).statusCode).toBe(201);
    const res = await as(h, userId).skip(daily[6]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SWIPE_LIMIT_REACHED');
    expect((await as(h, userId).limits()).json()).toMatchObject({ dailySkips: 0 });
  });

  it('never passes the limit under 30 parallel skips of a Pro user', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => as(h, userId).skip(daily[i]!)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect((await as(h, userId).limits()).json()).toMatchObject({ dailySkips: 3 });
  });
});

describe('the weekend deck', () => {
  it('refuses weekend cards on a weekday, counting nothing', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h, { timeZone: 'America/New_York' });
    for (const res of [await as(h, userId).accept(weekend[0]!), await as(h, userId).skip(weekend[0]!)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('WEEKEND_CLOSED');
    }
    expect(await todosOf(userId)).toBe(0);
    expect(await swipesCounted(userId)).toBe(0);
    expect((await as(h, userId).limits()).json()).toMatchObject({
      weekendOpen: false,
      weekendOpensAt: '2026-01-16T22:00:00.000Z',
      weekendEndsAt: '2026-01-19T05:00:00.000Z',
    });
  });

  it('opens at Friday 17:00 local, with counters of its own', async () => {
    const userId = await newPlayer(h, { timeZone: 'America/New_York' });
    h.clock.set('2026-01-16T21:59:00Z'); // Friday 16:59 EST
    expect((await as(h, userId).accept(weekend[0]!)).json().error.code).toBe('WEEKEND_CLOSED');
    for (const id of daily.slice(0, 5)) expect((await as(h, userId).accept(id)).statusCode).toBe(201);
    h.clock.set('2026-01-16T22:00:00Z'); // Friday 17:00 EST: daily swipes used up, weekend ones untouched
    expect((await as(h, userId).accept(daily[5]!)).json().error.code).toBe('SWIPE_LIMIT_REACHED');
    const results = await Promise.all(weekend.slice(0, 8).map((id) => as(h, userId).accept(id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe(
      'Weekend swipe limit reached. Try again tomorrow or upgrade to Pro for more swipes.',
    );
    expect((await as(h, userId).limits()).json()).toMatchObject({
      weekendOpen: true,
      dailySwipes: 5,
      weekendSwipes: 5,
      weekendOpensAt: '2026-01-16T22:00:00.000Z',
    });
  });
});

describe('usage resets at local midnight', () => {
  /** Uses up the day's 5 swipes at `before`, then checks they are still used up there and fresh at `after`. */
  async function resetsBetween(timeZone: string, before: string, after: string, dates: [string, string]) {
    const userId = await newPlayer(h, { timeZone });
    h.clock.set(before);
    for (const id of daily.slice(0, 5)) expect((await as(h, userId).accept(id)).statusCode).toBe(201);
    expect((await as(h, userId).accept(daily[5]!)).statusCode).toBe(409);
    expect((await as(h, userId).limits()).json()).toMatchObject({
      date: dates[0],
      dailySwipes: 5,
      resetsAt: new Date(after).toISOString(),
    });
    h.clock.set(new Date(Date.parse(after) - 1).toISOString());
    expect((await as(h, userId).accept(daily[5]!)).statusCode).toBe(409);
    h.clock.set(after);
    expect((await as(h, userId).limits()).json()).toMatchObject({ date: dates[1], dailySwipes: 0 });
    expect((await as(h, userId).accept(daily[5]!)).statusCode).toBe(201);
  }

  it('in Pacific/Auckland (UTC+13 in January)', () =>
    resetsBetween('Pacific/Auckland', '2026-01-14T10:30:00Z', '2026-01-14T11:00:00Z', ['2026-01-14', '2026-01-15']));

  it('in Asia/Kolkata (UTC+5:30)', () =>
    resetsBetween('Asia/Kolkata', '2026-01-14T18:00:00Z', '2026-01-14T18:30:00Z', ['2026-01-14', '2026-01-15']));

  it('in America/New_York on the 23-hour day clocks spring forward', () =>
    // 2026-03-08 runs from 05:00Z (00:00 EST) to 04:00Z next day (00:00 EDT).
    resetsBetween('America/New_York', '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z', ['2026-03-08', '2026-03-09']));

  it('in America/New_York on the 25-hour day clocks fall back', () =>
    // 2026-11-01 runs from 04:00Z (00:00 EDT) to 05:00Z next day (00:00 EST).
    resetsBetween('America/New_York', '2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', ['2026-11-01', '2026-11-02']));

  it('follows a zone change from identity.profile.updated.v1', async () => {
    h.clock.set('2026-01-14T11:30:00Z');
    const userId = await newPlayer(h, { timeZone: 'UTC' });
    expect((await as(h, userId).limits()).json()).toMatchObject({ date: '2026-01-14', timeZone: 'UTC' });
    await updateProfile(h.bus, userId, { timeZone: 'Pacific/Auckland' });
    expect((await as(h, userId).limits()).json()).toMatchObject({ date: '2026-01-15', timeZone: 'Pacific/Auckland' });
  });
});

describe('bad input', () => {
  it.each([
    ['a missing body', undefined],
    ['an empty body', {}],
    ['a non-uuid id', { sidequestId: 'abc' }],
    ['a numeric id', { sidequestId: 42 }],
    ['an extra field', { sidequestId: randomUUID(), isPro: true }],
    ['an array', [1, 2]],
  ])('refuses %s on accept and skip with 400 VALIDATION_FAILED, storing nothing', async (_label, body) => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    for (const path of ['accept', 'skip']) {
      const res = await as(h, userId).call('POST', `/api/quests/me/swipes/${path}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await todosOf(userId)).toBe(0);
    expect(await count(h, 'SELECT count(*) FROM quests.daily_usage WHERE user_id = $1', [userId])).toBe(0);
  });

  it('answers 404 SIDEQUEST_NOT_FOUND for an unknown card, counting nothing', async () => {
    const userId = await newPlayer(h);
    for (const res of [await as(h, userId).accept(randomUUID()), await as(h, userId).skip(randomUUID())]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('SIDEQUEST_NOT_FOUND');
    }
    expect(await count(h, 'SELECT count(*) FROM quests.daily_usage WHERE user_id = $1', [userId])).toBe(0);
  });

  it('answers 404 PLAYER_NOT_FOUND before the registration arrived', async () => {
    const user = as(h, randomUUID());
    for (const res of [
      await user.limits(),
      await user.accept(daily[0]!),
      await user.skip(daily[0]!),
      await user.todos(),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('PLAYER_NOT_FOUND');
    }
  });

  it.each(['?type=monthly', '?type=', '?type[]=daily', '?extra=1'])(
    'refuses the catalogue query %s with 400',
    async (query) => {
      const res = await as(h, randomUUID()).call('GET', `/api/quests/sidequests${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );

  it.each([
    ['GET', '/api/quests/sidequests'],
    ['GET', '/api/quests/me/deck?type=daily'],
    ['GET', '/api/quests/me/limits'],
    ['POST', '/api/quests/me/swipes/accept'],
    ['POST', '/api/quests/me/swipes/skip'],
    ['GET', '/api/quests/me/todos'],
    ['GET', '/api/quests/leaderboard'],
    ['POST', `/api/quests/me/todos/${randomUUID()}/complete`],
    ['DELETE', `/api/quests/me/todos/${randomUUID()}`],
  ] as const)('answers 401 on %s %s without a token', async (method, url) => {
    const res = await h.quests.app.inject({
      method,
      url,
      payload: method === 'POST' ? { sidequestId: randomUUID() } : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const userId = await newPlayer(h);
    const res = await h.quests.app.inject({
      method: 'POST',
      url: '/api/quests/me/swipes/accept',
      payload: '{"sidequestId":',
      headers: { authorization: `Bearer ${h.issuer.sign(userId)}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(await todosOf(userId)).toBe(0);
  });
});

describe("the accept's day context (decision 0061)", () => {
  /** quests' use-case dependencies for the swipes, on the harness's database, counting the statements sent to it. */
  function countingDeps() {
    const sent: string[] = [];
    const db: Queryable = {
      query: ((q: string | { text: string }, values?: unknown[]) => {
        sent.push(typeof q === 'string' ? q : q.text);
        return h.sql.query(q as string, values);
      }) as Queryable['query'],
    };
    const deps = {
      db,
      clock: () => new Date(WEDNESDAY),
      players: createPlayersRepository(),
      deck: createDeckRepository(),
      contexts: createPlayerContextCache(),
      eventsWritten: () => undefined,
    } as unknown as QuestsDeps;
    return { deps, sent };
  }

  it('counts the accept and the skip of a player whose context is cached in one statement each', async () => {
    const userId = await newPlayer(h);
    const { deps, sent } = countingDeps();
    await acceptSidequest(deps, userId, daily[0]!);
    expect(sent).toHaveLength(2); // the player's context, then the statement
    sent.length = 0;
    const second = await acceptSidequest(deps, userId, daily[1]!);
    expect(second.limits).toMatchObject({ dailySwipes: 2, maxSwipes: 5 });
    expect(sent).toHaveLength(1);
    sent.length = 0;
    await skipSidequest(deps, userId, daily[2]!);
    expect(sent).toHaveLength(1);
    expect(await swipesCounted(userId)).toBe(2);
  });

  it('follows Pro, a new level and a new zone that arrive after the context was cached, counting nothing twice', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h, { timeZone: 'UTC' });
    const user = as(h, userId);
    expect((await user.accept(daily[0]!)).json().limits).toMatchObject({ maxSwipes: 5, isPro: false });
    await changeEntitlement(h.bus, userId, { version: 1, isActive: true });
    expect((await user.accept(daily[1]!)).json().limits).toMatchObject({ maxSwipes: 10, isPro: true, dailySwipes: 2 });
    await h.sql.query('UPDATE quests.player SET total_xp = $2 WHERE user_id = $1', [userId, levelThreshold(9)]); // level 10
    expect((await user.skip(daily[2]!)).json().limits).toMatchObject({ maxSwipes: 12, level: 10, dailySkips: 1 });
    h.clock.set('2026-01-14T11:30:00Z');
    await updateProfile(h.bus, userId, { timeZone: 'Pacific/Auckland' });
    const moved = await user.accept(daily[3]!);
    expect(moved.statusCode).toBe(201);
    expect(moved.json().limits).toMatchObject({ date: '2026-01-15', dailySwipes: 1, timeZone: 'Pacific/Auckland' });
    expect(moved.json().todo.dueDate).toBe('2026-01-16'); // the day after the new zone's today
    expect(await swipesCounted(userId)).toBe(3);
    expect(await todosOf(userId)).toBe(3);
  });

  it('answers PLAYER_NOT_FOUND, counting nothing, once the cached player row is gone', async () => {
    const userId = await newPlayer(h);
    const { deps } = countingDeps();
    await acceptSidequest(deps, userId, daily[0]!);
    await h.sql.query('DELETE FROM quests.player WHERE user_id = $1', [userId]);
    await expect(acceptSidequest(deps, userId, daily[1]!)).rejects.toMatchObject({ code: 'PLAYER_NOT_FOUND' });
    await expect(skipSidequest(deps, userId, daily[2]!)).rejects.toMatchObject({ code: 'PLAYER_NOT_FOUND' });
    expect(await swipesCounted(userId)).toBe(1);
  });
});
