import { randomUUID } from 'node:crypto';
import { LevelReached, TodoChanged, XpAwarded, type LevelReachedPayload, type XpAwardedPayload } from '@vere/contracts';
import { levelThreshold } from '@vere/domain';
import { pgTransactions, type DomainEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaderboardRepository } from '../src/repositories/leaderboard-repository';
import { createPlayersRepository } from '../src/repositories/players-repository';
import { createXpRepository } from '../src/repositories/xp-repository';
import { DAILY_RESET_JOB } from '../src/use-cases/daily-reset';
import { awardXp } from '../src/use-cases/xp';
import { as, count, newPlayer, sidequestIds, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
let daily: string[];
const awarded: DomainEvent<XpAwardedPayload>[] = [];
const levels: DomainEvent<LevelReachedPayload>[] = [];
beforeAll(async () => {
  h = await startQuests();
  daily = await sidequestIds(h, 'daily');
  await h.bus.subscribe({ durable: 'test-xp', subjects: [XpAwarded.subject] }, async (e) => {
    awarded.push(e as DomainEvent<XpAwardedPayload>);
  });
  await h.bus.subscribe({ durable: 'test-level', subjects: [LevelReached.subject] }, async (e) => {
    levels.push(e as DomainEvent<LevelReachedPayload>);
  });
});
afterAll(async () => {
  await h?.close();
});

const WEDNESDAY = '2026-01-14T12:00:00Z';
const totalXp = async (userId: string) =>
  (await h.sql.query('SELECT total_xp FROM quests.player WHERE user_id = $1', [userId])).rows[0].total_xp as number;
const ledger = (userId: string) => count(h, 'SELECT count(*) FROM quests.xp_ledger WHERE user_id = $1', [userId]);

async function acceptedTodo(userId: string, card = daily[0]!) {
  const res = await as(h, userId).accept(card);
  expect(res.statusCode).toBe(201);
  return res.json().todo as { id: string; xpReward: number };
}

describe('the to-do list', () => {
  it("shows today's open to-dos and today's completed ones, in the user's zone", async () => {
    h.clock.set('2026-01-14T10:00:00Z'); // 23:00 on the 14th in Auckland
    const userId = await newPlayer(h, { timeZone: 'Pacific/Auckland' });
    const user = as(h, userId);
    const yesterday = await acceptedTodo(userId, daily[0]);
    h.clock.set('2026-01-14T11:30:00Z'); // 00:30 on the 15th
    const a = await acceptedTodo(userId, daily[1]);
    const b = await acceptedTodo(userId, daily[2]);
    expect(
      (await user.complete(b.id, { proofType: 'text', proofText: 'Told the barista her laugh made my morning.' }))
        .statusCode,
    ).toBe(200);
    const list = (await user.todos()).json();
    expect(list.pending.map((t: { id: string }) => t.id)).toEqual([a.id]);
    expect(list.completed.map((t: { id: string }) => t.id)).toEqual([b.id]);
    expect(list.xpToday).toBe(b.xpReward);
    expect(list.pending.map((t: { id: string }) => t.id)).not.toContain(yesterday.id);
  });

  it('deletes a to-do; another user deleting or completing it gets 404 and changes nothing', async () => {
    h.clock.set(WEDNESDAY);
    const owner = await newPlayer(h);
    const stranger = await newPlayer(h);
    const todo = await acceptedTodo(owner);
    for (const res of [
      await as(h, stranger).remove(todo.id),
      await as(h, stranger).complete(todo.id, { proofType: 'text', proofText: 'mine now' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'TODO_NOT_FOUND', message: 'Todo not found' });
    }
    expect(await totalXp(stranger)).toBe(0);
    expect((await as(h, owner).todos()).json().pending).toHaveLength(1);
    expect((await as(h, owner).remove(todo.id)).statusCode).toBe(204);
    expect((await as(h, owner).todos()).json().pending).toHaveLength(0);
    expect((await as(h, owner).remove(todo.id)).statusCode).toBe(404);
  });

  it('publishes quests.todo.changed.v1 when a to-do is added, completed and removed (not for a refused call)', async () => {
    h.clock.set(WEDNESDAY);
    const owner = await newPlayer(h);
    const done = await acceptedTodo(owner, daily[0]);
    const dropped = await acceptedTodo(owner, daily[1]);
    expect(
      (await as(h, owner).complete(done.id, { proofType: 'text', proofText: 'Did it before lunch' })).statusCode,
    ).toBe(200);
    expect((await as(h, owner).remove(dropped.id)).statusCode).toBe(204);
    expect((await as(h, owner).remove(dropped.id)).statusCode).toBe(404);
    const { rows } = await h.sql.query<{ payload: { todoId: string; change: string; dueAt: string } }>(
      `SELECT payload FROM quests.outbox_event WHERE subject = $1 AND payload->>'userId' = $2 ORDER BY payload->>'occurredAt'`,
      [TodoChanged.subject, owner],
    );
    expect(rows.map((r) => [r.payload.todoId, r.payload.change])).toEqual([
      [done.id, 'added'],
      [dropped.id, 'added'],
      [done.id, 'completed'],
      [dropped.id, 'removed'],
    ]);
    expect(Date.parse(rows[0]!.payload.dueAt) - Date.parse(WEDNESDAY)).toBe(24 * 3_600_000);
  });
});

describe('completing a to-do', () => {
  it('stores the text proof, awards its XP with the spec message, and publishes quests.xp.awarded.v1', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    const todo = await acceptedTodo(userId, daily[1]); // Phone-Free Walk, 25 XP
    const res = await as(h, userId).complete(todo.id, {
      proofType: 'text',
      proofText: '  Walked to the river without my phone.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      xpAwarded: 25,
      message: 'Challenge completed! +25 XP earned! 🎉',
      levelUp: null,
      todo: {
        status: 'completed',
        proofText: 'Walked to the river without my phone.',
        proofPhotoId: null,
        completedAt: '2026-01-14T12:00:00.000Z',
      },
      progress: { totalXP: 25, currentLevel: 1, xpToNext: 75 },
    });
    await expect.poll(() => awarded.filter((e) => e.payload.userId === userId).length, { timeout: 5000 }).toBe(1);
    expect(awarded.find((e) => e.payload.userId === userId)!.payload).toMatchObject({
      sourceKey: `todo:${todo.id}`,
      reason: 'todo_completed',
      amount: 25,
      totalXP: 25,
      level: 1,
    });
  });

  it('awards XP once when the same completion is repeated', async () => {
    const userId = await newPlayer(h);
    const todo = await acceptedTodo(userId);
    expect((await as(h, userId).complete(todo.id, { proofType: 'text', proofText: 'done' })).statusCode).toBe(200);
    const again = await as(h, userId).complete(todo.id, { proofType: 'text', proofText: 'done again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TODO_ALREADY_COMPLETED');
    expect(await totalXp(userId)).toBe(todo.xpReward);
    expect(await ledger(userId)).toBe(1);
  });

  it('awards XP once under 20 parallel completions, across two quests instances', async () => {
    h.clock.set(WEDNESDAY);
    const other = await h.second();
    const userId = await newPlayer(h);
    const todo = await acceptedTodo(userId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as(h, userId, i % 2 ? h.quests.app : other.app).complete(todo.id, {
          proofType: 'text',
          proofText: `attempt ${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await totalXp(userId)).toBe(todo.xpReward);
    expect(await ledger(userId)).toBe(1);
    await h.bus.idle();
    await expect.poll(() => awarded.filter((e) => e.payload.userId === userId).length, { timeout: 5000 }).toBe(1);
  });

  it('raises the level and publishes quests.level.reached.v1 with the rewards passed', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h);
    await h.sql.query('UPDATE quests.player SET total_xp = 390 WHERE user_id = $1', [userId]); // level 3, 10 XP short of 4
    const todo = await acceptedTodo(userId);
    const res = (await as(h, userId).complete(todo.id, { proofType: 'text', proofText: 'done' })).json();
    expect(res.levelUp).toEqual({ level: 4, previousLevel: 3 });
    await expect
      .poll(() => levels.find((e) => e.payload.userId === userId)?.payload, { timeout: 5000 })
      .toMatchObject({ level: 4, previousLevel: 3, totalXP: 410, rewards: [] });

    await h.sql.query('UPDATE quests.player SET total_xp = $2 WHERE user_id = $1', [userId, levelThreshold(9) - 10]); // level 9, 10 short of 10
    const next = await acceptedTodo(userId, daily[3]);
    expect((await as(h, userId).complete(next.id, { proofType: 'text', proofText: 'cold!' })).json().levelUp).toEqual({
      level: 10,
      previousLevel: 9,
    });
    await expect.poll(() => levels.filter((e) => e.payload.userId === userId).length, { timeout: 5000 }).toBe(2);
    expect(levels.filter((e) => e.payload.userId === userId)[1]!.payload.rewards.map((r) => r.kind)).toEqual([
      'bonus_swipe',
      'pod_creation',
    ]);
  });

  it.each([
    [{ proofType: 'text' }, 'Please add a text reflection', 'proofText'],
    [{ proofType: 'text', proofText: '   ' }, 'Please add a text reflection', 'proofText'],
    [{ proofType: 'photo' }, 'Please select a photo', 'photoId'],
    [{ proofType: 'photo', photoId: randomUUID() }, 'Please select a photo', 'photoId'],
    [{ proofType: 'both', proofText: 'did it' }, 'Please add both text reflection and a photo', 'photoId'],
    [{ proofType: 'both', photoId: randomUUID() }, 'Please add both text reflection and a photo', 'proofText'],
  ])('refuses %j with the spec message, completing nothing', async (body, message, field) => {
    const userId = await newPlayer(h);
    const todo = await acceptedTodo(userId);
    const res = await as(h, userId).complete(todo.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message, field });
    expect(await totalXp(userId)).toBe(0);
    expect((await as(h, userId).todos()).json().pending).toHaveLength(1);
  });

  it.each([
    ['no body', undefined],
    ['an unknown proof type', { proofType: 'video', proofText: 'x' }],
    ['an oversized text', { proofType: 'text', proofText: 'x'.repeat(2001) }],
    ['an extra field', { proofType: 'text', proofText: 'x', xp: 1000 }],
    ['a non-uuid photo id', { proofType: 'photo', photoId: '../../etc/passwd' }],
  ])('refuses %s with 400, completing nothing', async (_label, body) => {
    const userId = await newPlayer(h);
    const todo = await acceptedTodo(userId);
    const res = await as(h, userId).complete(todo.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await totalXp(userId)).toBe(0);
  });

  it.each(['not-a-uuid', '1', "'; drop table quests.todo; --"])('refuses the to-do id %j with 400', async (id) => {
    const userId = await newPlayer(h);
    for (const res of [
      await as(h, userId).complete(encodeURIComponent(id), { proofType: 'text', proofText: 'x' }),
      await as(h, userId).remove(encodeURIComponent(id)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the XP ledger', () => {
  it('awards a source once however often it is redelivered, also in parallel', async () => {
    const userId = await newPlayer(h);
    const award = { userId, sourceKey: `weekly:${randomUUID()}`, reason: 'weekly_completed' as const, amount: 120 };
    const transaction = pgTransactions(h.sql, { schema: 'quests' });
    const deps = {
      xp: createXpRepository(),
      players: createPlayersRepository(),
      leaderboard: createLeaderboardRepository(),
      clock: () => new Date(),
    };
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => transaction((tx) => awardXp(deps, tx, award))));
    expect(outcomes.filter((o) => o.awarded)).toHaveLength(1);
    expect(await totalXp(userId)).toBe(120);
    expect(await ledger(userId)).toBe(1);
    await h.bus.idle();
    await expect.poll(() => awarded.filter((e) => e.payload.userId === userId).length, { timeout: 5000 }).toBe(1);
    // level.reached is another subject, delivered on its own: wait for it too (it raced xp.awarded under load).
    await expect
      .poll(() => levels.find((e) => e.payload.userId === userId)?.payload, { timeout: 5000 })
      .toMatchObject({ level: 2, previousLevel: 1 });
    expect(levels.filter((e) => e.payload.userId === userId)).toHaveLength(1);
  });
});

describe('the daily reset', () => {
  it("removes pending to-dos due on or before the user's local today, once per zone per local day", async () => {
    h.clock.set('2026-01-14T20:00:00Z'); // 15:00 in New York, 09:00 on the 15th in Auckland
    const ny = await newPlayer(h, { timeZone: 'America/New_York' });
    const nz = await newPlayer(h, { timeZone: 'Pacific/Auckland' });
    const nyOpen = await acceptedTodo(ny, daily[0]); // due 2026-01-15 (NY)
    const nyDone = await acceptedTodo(ny, daily[1]);
    await as(h, ny).complete(nyDone.id, { proofType: 'text', proofText: 'done' });
    const nzOpen = await acceptedTodo(nz, daily[0]); // due 2026-01-16 (NZ)

    h.clock.set('2026-01-15T05:00:00Z'); // 00:00 on the 15th in New York; 18:00 on the 15th in Auckland
    const first = await h.quests.dailyReset();
    expect(first.removed).toBeGreaterThanOrEqual(1);
    const ids = async (userId: string) =>
      (await h.sql.query('SELECT id FROM quests.todo WHERE user_id = $1', [userId])).rows.map((r) => r.id);
    expect(await ids(ny)).toEqual([nyDone.id]); // the completed one stays
    expect(await ids(nz)).toEqual([nzOpen.id]); // not due yet in Auckland

    // A second run the same local day removes nothing, even what became due in the meantime.
    await h.sql.query("UPDATE quests.todo SET due_date = '2026-01-15' WHERE id = $1", [nzOpen.id]);
    const again = await h.quests.dailyReset();
    expect(again.zonesReset).toBe(0);
    expect(await ids(nz)).toEqual([nzOpen.id]);
    expect(await ids(ny)).not.toContain(nyOpen.id);
  });

  it('runs once through the job scheduler when two replicas queue the same tick', async () => {
    h.clock.set('2026-02-10T12:00:00Z');
    const other = await h.second();
    const userId = await newPlayer(h, { timeZone: 'Asia/Kolkata' });
    h.clock.set('2026-02-09T12:00:00Z');
    const todo = await acceptedTodo(userId); // due 2026-02-10 in Kolkata
    h.clock.set('2026-02-10T12:00:00Z');
    const key = `test-tick-${randomUUID()}`;
    const [a, b] = await Promise.all([
      h.quests.jobs!.queue(DAILY_RESET_JOB, key),
      other.jobs!.queue(DAILY_RESET_JOB, key),
    ]);
    const ids = [a, b].filter((id): id is string => id !== null);
    expect(ids).toHaveLength(1);
    await expect.poll(() => h.quests.jobs!.state(DAILY_RESET_JOB, ids[0]!), { timeout: 15_000 }).toBe('completed');
    expect(await count(h, 'SELECT count(*) FROM quests.todo WHERE id = $1', [todo.id])).toBe(0);
    expect(
      await count(
        h,
        "SELECT count(*) FROM quests.daily_reset WHERE time_zone = 'Asia/Kolkata' AND local_date = '2026-02-10'",
        [],
      ),
    ).toBe(1);
  });
});

describe('your data', () => {
  it('exports the player with its zone, every to-do with its proof, and every XP award', async () => {
    h.clock.set(WEDNESDAY);
    const userId = await newPlayer(h, { timeZone: 'Asia/Kolkata' });
    const todo = await acceptedTodo(userId);
    await as(h, userId).complete(todo.id, { proofType: 'text', proofText: 'Said thanks to the night guard.' });
    const res = await as(h, userId).call('GET', '/api/quests/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      service: 'quests',
      player: { timeZone: 'Asia/Kolkata', totalXp: todo.xpReward },
      todos: [{ status: 'completed', proofText: 'Said thanks to the night guard.', xpReward: todo.xpReward }],
      xpAwards: [{ sourceKey: `todo:${todo.id}`, reason: 'todo_completed', amount: todo.xpReward }],
    });
  });
});
