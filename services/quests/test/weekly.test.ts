import { randomUUID } from 'node:crypto';
import { StreakUpdated, WeeklyCompleted } from '@vere/contracts';
import { weekDates, weekNumberOfDate } from '@vere/domain';
import type { DomainEvent, EventMeta } from '@vere/service-kit';
import { deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAK_RECOMPUTE_JOB } from '../src/use-cases/streaks';
import { WEEKLY_ROTATION_JOB } from '../src/use-cases/weekly-admin';
import { as, count, newPlayer, startQuests, type QuestsHarness } from './helper';

let h: QuestsHarness;
const ownedPhotos = new Map<string, string>(); // photo id → owner
const published: DomainEvent<EventMeta & Record<string, unknown>>[] = [];
beforeAll(async () => {
  h = await startQuests({ photos: { ownedBy: async (userId, photoId) => ownedPhotos.get(photoId) === userId } });
  await h.bus.subscribe(
    { durable: 'test-weekly', subjects: [WeeklyCompleted.subject, StreakUpdated.subject] },
    async (e) => {
      published.push(e as DomainEvent<EventMeta & Record<string, unknown>>);
    },
  );
});
afterAll(async () => {
  await h?.close();
});

/** The weekly challenge of the week holding `date`: the seeded challenge with that sequence, assigned if the week has none. */
async function weekOf(date: string, sequence = 1): Promise<string> {
  const n = weekNumberOfDate(date);
  const { startDate, endDate } = weekDates(n);
  await h.sql.query(
    `INSERT INTO quests.weekly_challenge (id, week_number, start_date, end_date, challenge_id)
     SELECT $1, $2, $3, $4, id FROM quests.challenge WHERE sequence = $5 ON CONFLICT (week_number) DO NOTHING`,
    [randomUUID(), n, startDate, endDate, sequence],
  );
  const { rows } = await h.sql.query<{ id: string }>('SELECT id FROM quests.weekly_challenge WHERE week_number = $1', [
    n,
  ]);
  return rows[0]!.id;
}

const weekly = (userId: string) => {
  const { call } = as(h, userId);
  return {
    current: () => call('GET', '/api/quests/me/weekly'),
    accept: (id: string) => call('POST', `/api/quests/me/weekly/${id}/accept`),
    complete: (id: string, body: unknown = {}) => call('POST', `/api/quests/me/weekly/${id}/complete`, body),
    victories: (query = '') => call('GET', `/api/quests/me/weekly/victories${query}`),
    progress: () => call('GET', '/api/quests/me/progress'),
  };
};

const totalXp = async (userId: string) =>
  (await h.sql.query('SELECT total_xp FROM quests.player WHERE user_id = $1', [userId])).rows[0].total_xp;
const outbox = (subject: string, userId: string) =>
  count(h, `SELECT count(*) FROM quests.outbox_event WHERE subject = $1 AND payload->>'userId' = $2`, [
    subject,
    userId,
  ]);

describe('the catalogue', () => {
  it('is seeded with 52 active challenges (a year) in all three categories, each split at "- Instead of"', async () => {
    const { rows } = await h.sql.query(
      'SELECT title, category, preview, why, insight, challenge, reflection FROM quests.challenge WHERE is_active',
    );
    expect(rows.length).toBeGreaterThanOrEqual(52);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['Exploration', 'Connection', 'Mindfulness']));
    for (const r of rows) {
      for (const page of ['preview', 'why', 'insight', 'reflection'])
        expect(r[page].length, `${r.title} ${page}`).toBeGreaterThan(20);
      expect(r.challenge).toContain('- Instead of');
    }
  });
});

describe("this week's challenge", () => {
  it('shows the week holding the local today with its five pages, progress and the end of the week', async () => {
    h.clock.set('2026-01-14T12:00:00Z'); // Wednesday
    const id = await weekOf('2026-01-14', 3);
    const user = await newPlayer(h, { timeZone: 'America/Los_Angeles' });
    const res = await weekly(user).current();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weekStart).toBe('2026-01-11');
    expect(body.weekEndsAt).toBe('2026-01-18T08:00:00.000Z'); // Sunday 00:00 PST
    expect(body.challenges[0]).toMatchObject({
      id,
      startDate: '2026-01-11',
      endDate: '2026-01-17',
      title: 'Ten Minutes of Nothing',
      category: 'Mindfulness',
      xp: 120,
      progress: { accepted: false, acceptedAt: null, completed: false, completedAt: null },
    });
    expect(body.challenges[0].challengePart1).not.toContain('- Instead of');
    expect(body.challenges[0].challengePart2).toMatch(/^- Instead of/);
    expect(body.streak).toEqual({ currentStreak: 0, lastCompletedWeek: null });
  });

  it('falls back to the latest 3 weeks when no assignment holds today', async () => {
    h.clock.set('2031-06-18T12:00:00Z');
    const ids = [];
    for (const date of ['2031-04-02', '2031-04-09', '2031-04-16', '2031-04-23']) ids.push(await weekOf(date));
    const res = await weekly(await newPlayer(h)).current();
    expect(res.json().challenges.map((c: { id: string }) => c.id)).toEqual(ids.slice(1).reverse());
    h.clock.set('2026-01-14T12:00:00Z');
  });

  it('accepts once: a second accept keeps the first time', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const id = await weekOf('2026-01-14', 3);
    const user = await newPlayer(h);
    const first = await weekly(user).accept(id);
    expect(first.statusCode).toBe(200);
    expect(first.json().progress).toMatchObject({
      accepted: true,
      acceptedAt: '2026-01-14T12:00:00.000Z',
      completed: false,
    });
    h.clock.set('2026-01-14T13:00:00Z');
    expect((await weekly(user).accept(id)).json().progress.acceptedAt).toBe('2026-01-14T12:00:00.000Z');
    expect((await weekly(user).current()).json().challenges[0].progress.accepted).toBe(true);
  });
});

describe('completing the weekly challenge', () => {
  it('stores the note and photo, adds 120 XP and a streak of 1, and writes the events; a repeat changes nothing', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const id = await weekOf('2026-01-14', 3);
    const user = await newPlayer(h);
    const photoId = randomUUID();
    ownedPhotos.set(photoId, user);
    await weekly(user).accept(id);
    const res = await weekly(user).complete(id, {
      note: '  Sat by the river for ten minutes.  ',
      photoId,
      podIds: [randomUUID()],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      completedNow: true,
      xpAwarded: 120,
      message: 'Challenge completed! +120 XP',
      victory: {
        weeklyChallengeId: id,
        title: 'Ten Minutes of Nothing',
        reflection: 'Sat by the river for ten minutes.',
        proofText: 'Sat by the river for ten minutes.',
        proofPhotoId: photoId,
        completedAt: '2026-01-14T12:00:00.000Z',
      },
      progress: { totalXP: 120, currentLevel: 2 },
      levelUp: { level: 2, previousLevel: 1 },
      streak: { currentStreak: 1, lastCompletedWeek: '2026-01-11' },
      streakExtended: true,
    });
    expect(await totalXp(user)).toBe(120);
    const {
      rows: [player],
    } = await h.sql.query('SELECT streak_count, streak_settings FROM quests.player WHERE user_id = $1', [user]);
    expect(player).toEqual({ streak_count: 1, streak_settings: { currentStreak: 1, lastCompletedWeek: '2026-01-11' } });
    expect(await outbox('quests.weekly.completed.v1', user)).toBe(1);
    expect(await outbox('quests.streak.updated.v1', user)).toBe(1);
    expect(await outbox('quests.xp.awarded.v1', user)).toBe(1);
    await expect
      .poll(
        () =>
          published
            .filter((e) => e.payload.userId === user)
            .map((e) => e.subject)
            .sort(),
        { timeout: 5000 },
      )
      .toEqual(['quests.streak.updated.v1', 'quests.weekly.completed.v1']);
    expect(
      published.find((e) => e.payload.userId === user && e.subject === WeeklyCompleted.subject)!.payload,
    ).toMatchObject({
      weeklyChallengeId: id,
      xpAwarded: 120,
      hasPhoto: true,
      title: 'Ten Minutes of Nothing',
      note: 'Sat by the river for ten minutes.',
      proofPhotoId: photoId,
    });
    expect(
      published.find((e) => e.payload.userId === user && e.subject === StreakUpdated.subject)!.payload,
    ).toMatchObject({
      currentStreak: 1,
      previousStreak: 0,
      lastCompletedWeek: '2026-01-11',
    });

    const again = await weekly(user).complete(id, { note: 'changed my mind' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      completedNow: false,
      xpAwarded: 0,
      victory: { proofText: 'Sat by the river for ten minutes.' },
      streakExtended: false,
    });
    expect(await totalXp(user)).toBe(120);
    expect(await outbox('quests.weekly.completed.v1', user)).toBe(1);
    expect((await weekly(user).current()).json().challenges[0].progress).toMatchObject({
      accepted: true,
      completed: true,
    });
    expect((await weekly(user).progress()).json()).toMatchObject({ totalXP: 120, weeklyStreak: 1 });
  });

  it('awards XP once when 20 completions race', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const id = await weekOf('2026-01-14', 3);
    const user = await newPlayer(h);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => weekly(user).complete(id, { note: `try ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json().completedNow)).toHaveLength(1);
    expect(results.reduce((sum, r) => sum + r.json().xpAwarded, 0)).toBe(120);
    expect(await totalXp(user)).toBe(120);
    expect(await count(h, 'SELECT count(*) FROM quests.xp_ledger WHERE user_id = $1', [user])).toBe(1);
    expect(await outbox('quests.weekly.completed.v1', user)).toBe(1);
    expect(await outbox('quests.streak.updated.v1', user)).toBe(1);
  });

  it('lists victories newest first with their proof, up to the limit', async () => {
    const user = await newPlayer(h);
    const dates = ['2026-02-04', '2026-02-11', '2026-02-18'];
    for (const date of dates) {
      h.clock.set(`${date}T12:00:00Z`);
      expect((await weekly(user).complete(await weekOf(date), { note: `week of ${date}` })).statusCode).toBe(200);
    }
    const all = (await weekly(user).victories()).json().victories;
    expect(all.map((v: { proofText: string }) => v.proofText)).toEqual([
      'week of 2026-02-18',
      'week of 2026-02-11',
      'week of 2026-02-04',
    ]);
    expect(all[0]).toMatchObject({ xp: 120, startDate: '2026-02-15', proofPhotoId: null });
    expect((await weekly(user).victories('?limit=2')).json().victories).toHaveLength(2);
    expect((await weekly(await newPlayer(h)).victories()).json()).toEqual({ victories: [] });
  });
});

describe('one weekly challenge, its proof, "Your data" and erasure', () => {
  it('opens a past victory with its proof, lists weekly progress in the export, and erases it with the account', async () => {
    h.clock.set('2026-03-04T12:00:00Z');
    const id = await weekOf('2026-03-04', 5);
    const user = await newPlayer(h);
    const photoId = randomUUID();
    ownedPhotos.set(photoId, user);
    await weekly(user).complete(id, { note: 'Messaged Sam after three years.', photoId });
    h.clock.set('2026-04-15T12:00:00Z'); // weeks later: the detail still opens
    const detail = await as(h, user).call('GET', `/api/quests/me/weekly/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      weekly: { id, title: 'The Overdue Message', progress: { completed: true } },
      victory: { proofText: 'Messaged Sam after three years.', proofPhotoId: photoId, xp: 120 },
    });
    const stranger = await newPlayer(h);
    expect((await as(h, stranger).call('GET', `/api/quests/me/weekly/${id}`)).json()).toMatchObject({
      weekly: { progress: { accepted: false, completed: false } },
      victory: null,
    });
    expect((await as(h, user).call('GET', `/api/quests/me/weekly/${randomUUID()}`)).json().error.code).toBe(
      'WEEKLY_CHALLENGE_NOT_FOUND',
    );
    expect((await as(h, user).call('GET', '/api/quests/me/weekly/nope')).statusCode).toBe(400);

    const exported = (await as(h, user).call('GET', '/api/quests/me/export')).json();
    expect(exported.weeklyChallenges).toEqual([
      expect.objectContaining({
        title: 'The Overdue Message',
        completedAt: '2026-03-04T12:00:00.000Z',
        proofText: 'Messaged Sam after three years.',
        proofPhotoId: photoId,
      }),
    ]);

    await deleteUser(h.bus, user);
    expect(await count(h, 'SELECT count(*) FROM quests.user_challenge_progress WHERE user_id = $1', [user])).toBe(0);
  });
});

describe('bad input on the weekly endpoints', () => {
  it('answers 4xx with a stable code, stores nothing, never 5xx', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const id = await weekOf('2026-01-14', 3);
    const past = await weekOf('2025-12-03');
    const user = await newPlayer(h);
    const strangersPhoto = randomUUID();
    ownedPhotos.set(strangersPhoto, randomUUID());
    const w = weekly(user);
    const cases: [Promise<{ statusCode: number; json(): { error: { code: string } } }>, number, string][] = [
      [w.complete('not-a-uuid'), 400, 'VALIDATION_FAILED'],
      [w.accept('not-a-uuid'), 400, 'VALIDATION_FAILED'],
      [w.complete(randomUUID()), 404, 'WEEKLY_CHALLENGE_NOT_FOUND'],
      [w.accept(randomUUID()), 404, 'WEEKLY_CHALLENGE_NOT_FOUND'],
      [w.complete(past, { note: 'late' }), 409, 'WEEKLY_CHALLENGE_CLOSED'],
      [w.accept(past), 409, 'WEEKLY_CHALLENGE_CLOSED'],
      [w.complete(id, { note: 'x'.repeat(2001) }), 400, 'VALIDATION_FAILED'],
      [w.complete(id, { note: { text: 'x' } }), 400, 'VALIDATION_FAILED'],
      [w.complete(id, { isAdmin: true }), 400, 'VALIDATION_FAILED'],
      [w.complete(id, { photoId: 'nope' }), 400, 'VALIDATION_FAILED'],
      [w.complete(id, { photoId: strangersPhoto }), 400, 'VALIDATION_FAILED'],
      [w.complete(id, { podIds: Array.from({ length: 21 }, () => randomUUID()) }), 400, 'VALIDATION_FAILED'],
      [w.complete(id, { podIds: ['not-a-uuid'] }), 400, 'VALIDATION_FAILED'],
      [w.complete(id, { podIds: 'all' }), 400, 'VALIDATION_FAILED'],
      [w.victories('?limit=0'), 400, 'VALIDATION_FAILED'],
      [w.victories('?limit=51'), 400, 'VALIDATION_FAILED'],
      [w.victories('?limit=abc'), 400, 'VALIDATION_FAILED'],
      [w.victories('?other=1'), 400, 'VALIDATION_FAILED'],
      [h.quests.app.inject({ method: 'GET', url: '/api/quests/me/weekly' }), 401, 'UNAUTHENTICATED'],
      [
        h.quests.app.inject({ method: 'POST', url: `/api/quests/me/weekly/${id}/complete`, payload: {} }),
        401,
        'UNAUTHENTICATED',
      ],
      [weekly(randomUUID()).current(), 404, 'PLAYER_NOT_FOUND'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.statusCode, `case ${cases.findIndex((c) => c[0] === pending)} ${code}`).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    const raw = await h.quests.app.inject({
      method: 'POST',
      url: `/api/quests/me/weekly/${id}/complete`,
      payload: '{"note":',
      headers: { authorization: `Bearer ${h.issuer.sign(user)}`, 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect(await count(h, 'SELECT count(*) FROM quests.user_challenge_progress WHERE user_id = $1', [user])).toBe(0);
    expect(await totalXp(user)).toBe(0);
    expect(await count(h, `SELECT count(*) FROM quests.outbox_event WHERE payload->>'userId' = $1`, [user])).toBe(0);
  });
});

describe('the weekly streak', () => {
  /** Completes the week holding each instant, as `user`, with the clock at that instant. */
  async function completeAt(user: string, instants: string[]) {
    for (const at of instants) {
      h.clock.set(at);
      const res = await weekly(user).complete(await weekOf(at.slice(0, 10)));
      expect(res.statusCode, at).toBe(200);
      expect(res.json().streakExtended, at).toBe(true); // each is its week's first completion
    }
  }
  const streakNow = async (user: string) => (await weekly(user).progress()).json().weeklyStreak;
  const mondays = (from: string, n: number) =>
    Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T12:00:00Z`) + i * 7 * 86_400_000).toISOString());

  it.each([3, 10])('counts %i consecutive weeks through the API', async (n) => {
    const user = await newPlayer(h);
    await completeAt(user, mondays('2027-03-01', n));
    expect(await streakNow(user)).toBe(n);
  });

  it('starts again after a gap week, and is not broken until the current week has ended', async () => {
    const user = await newPlayer(h);
    await completeAt(user, mondays('2027-09-06', 3)); // weeks of 09-05, 09-12, 09-19
    h.clock.set('2027-09-29T12:00:00Z'); // the next week, nothing completed yet: still 3
    expect(await streakNow(user)).toBe(3);
    h.clock.set('2027-10-06T12:00:00Z'); // a whole week passed without a completion
    expect(await streakNow(user)).toBe(0);
    await completeAt(user, ['2027-10-06T12:00:00Z']);
    expect(await streakNow(user)).toBe(1);
  });

  it('turns at Sunday 00:00 in America/Los_Angeles', async () => {
    const user = await newPlayer(h, { timeZone: 'America/Los_Angeles' });
    // Saturday 2027-01-09 23:59 PST, then Sunday 2027-01-10 00:00 PST: two weeks, two in a row.
    h.clock.set('2027-01-10T07:59:00Z');
    expect((await weekly(user).complete(await weekOf('2027-01-09'))).json().streak).toEqual({
      currentStreak: 1,
      lastCompletedWeek: '2027-01-03',
    });
    h.clock.set('2027-01-10T08:00:00Z');
    expect((await weekly(user).complete(await weekOf('2027-01-10'))).json().streak).toEqual({
      currentStreak: 2,
      lastCompletedWeek: '2027-01-10',
    });
  });

  it('follows local weeks in Europe/London across the end of summer time', async () => {
    const user = await newPlayer(h, { timeZone: 'Europe/London' });
    // Saturday 2027-10-30 23:30 BST (22:30Z), then Sunday 2027-10-31 00:30 BST (23:30Z), the night the clocks go back.
    h.clock.set('2027-10-30T22:30:00Z');
    await weekly(user).complete(await weekOf('2027-10-30'));
    h.clock.set('2027-10-30T23:30:00Z');
    const res = await weekly(user).complete(await weekOf('2027-10-31'));
    expect(res.json().streak).toEqual({ currentStreak: 2, lastCompletedWeek: '2027-10-31' });
    expect(res.json().victory.startDate).toBe('2027-10-31');
  });

  it('starts the week 14 hours ahead of UTC in Pacific/Kiritimati', async () => {
    const user = await newPlayer(h, { timeZone: 'Pacific/Kiritimati' });
    const sunday = await weekOf('2027-05-16');
    await weekOf('2027-05-09');
    h.clock.set('2027-05-15T09:59:00Z'); // Saturday 23:59 local: the week of 05-09 is still current there
    expect((await weekly(user).current()).json().weekStart).toBe('2027-05-09');
    expect((await weekly(user).complete(sunday)).json().error.code).toBe('WEEKLY_CHALLENGE_CLOSED');
    h.clock.set('2027-05-15T10:00:00Z'); // Sunday 00:00 local, Saturday 10:00 UTC
    expect((await weekly(user).current()).json()).toMatchObject({
      weekStart: '2027-05-16',
      challenges: [{ id: sunday }],
    });
    expect((await weekly(user).complete(sunday)).json().streak).toEqual({
      currentStreak: 1,
      lastCompletedWeek: '2027-05-16',
    });
  });

  it('is recomputed by the job: 100 consecutive weeks, and a broken streak stored as 0', async () => {
    const long = await newPlayer(h);
    const broken = await newPlayer(h);
    h.clock.set('2030-01-08T12:00:00Z');
    const instants = Array.from(
      { length: 100 },
      (_, i) => new Date(Date.parse('2030-01-08T12:00:00Z') - i * 7 * 86_400_000),
    );
    for (const at of instants) {
      const id = await weekOf(at.toISOString().slice(0, 10));
      await h.sql.query(
        `INSERT INTO quests.user_challenge_progress (user_id, weekly_challenge_id, completed, accepted_at, completed_at) VALUES ($1, $2, true, $3, $3)`,
        [long, id, at],
      );
    }
    await h.sql.query(
      `UPDATE quests.player SET streak_count = 4, streak_settings = '{"currentStreak":4,"lastCompletedWeek":"2029-11-25"}' WHERE user_id = $1`,
      [broken],
    );
    const result = await h.quests.recomputeStreaks();
    expect(result.corrected).toBeGreaterThanOrEqual(2);
    const { rows } = await h.sql.query(
      'SELECT user_id, streak_count, streak_settings FROM quests.player WHERE user_id = ANY($1)',
      [[long, broken]],
    );
    const byId = Object.fromEntries(rows.map((r) => [r.user_id, r]));
    expect(byId[long]).toMatchObject({
      streak_count: 100,
      streak_settings: { currentStreak: 100, lastCompletedWeek: '2030-01-06' },
    });
    expect(byId[broken]).toMatchObject({ streak_count: 0, streak_settings: { currentStreak: 0 } });
    expect(await streakNow(long)).toBe(100);
    expect(await outbox('quests.streak.updated.v1', broken)).toBe(1);
    expect((await h.quests.recomputeStreaks()).corrected).toBe(0);
  });
});

describe('rotation', () => {
  it('assigns the next challenge in sequence to a week without one, once, with two replicas at the same moment', async () => {
    const other = await h.second();
    h.clock.set('2035-03-14T12:00:00Z'); // Wednesday: both edges of the Earth are in the week of 03-11
    const week = weekNumberOfDate('2035-03-14');
    const {
      rows: [before],
    } = await h.sql.query('SELECT rotation_count FROM quests.challenge_rotation_tracker');
    const [a, b] = await Promise.all([h.quests.weeklyRotation(), other.weeklyRotation()]);
    expect([...a, ...b].filter((x) => x.weekNumber === week)).toHaveLength(1);
    expect(await count(h, 'SELECT count(*) FROM quests.weekly_challenge WHERE week_number = $1', [week])).toBe(1);
    const {
      rows: [after],
    } = await h.sql.query('SELECT rotation_count, last_used_week_number FROM quests.challenge_rotation_tracker');
    expect(after.rotation_count).toBeGreaterThan(before.rotation_count);
    expect(await h.quests.weeklyRotation()).toEqual([]);

    // The following week gets the next challenge in sequence.
    h.clock.set('2035-03-21T12:00:00Z');
    const [next] = await h.quests.weeklyRotation();
    const seq = async (weekNumber: number) =>
      (
        await h.sql.query(
          'SELECT c.sequence FROM quests.weekly_challenge w JOIN quests.challenge c ON c.id = w.challenge_id WHERE w.week_number = $1',
          [weekNumber],
        )
      ).rows[0].sequence;
    expect(next!.weekNumber).toBe(week + 1);
    const active = await count(h, 'SELECT count(*) FROM quests.challenge WHERE is_active', []);
    expect(await seq(week + 1)).toBe(((await seq(week)) % active) + 1);
  });

  it('assigns the coming week before it starts in Pacific/Kiritimati', async () => {
    h.clock.set('2037-03-14T09:15:00Z'); // Saturday 23:15 at UTC+14
    const assigned = await h.quests.weeklyRotation();
    expect(assigned.map((a) => a.startDate)).toContain('2037-03-15');
    const user = await newPlayer(h, { timeZone: 'Pacific/Kiritimati' });
    h.clock.set('2037-03-14T10:00:00Z'); // Sunday 00:00 there
    expect((await weekly(user).current()).json().challenges[0].startDate).toBe('2037-03-15');
  });

  it('runs as a pg-boss job', async () => {
    h.clock.set('2036-07-16T12:00:00Z');
    const week = weekNumberOfDate('2036-07-16');
    const id = await h.quests.jobs!.queue(WEEKLY_ROTATION_JOB, `test-${randomUUID()}`);
    await expect.poll(() => h.quests.jobs!.state(WEEKLY_ROTATION_JOB, id!), { timeout: 15_000 }).toBe('completed');
    expect(await count(h, 'SELECT count(*) FROM quests.weekly_challenge WHERE week_number = $1', [week])).toBe(1);
    const recompute = await h.quests.jobs!.queue(STREAK_RECOMPUTE_JOB, `test-${randomUUID()}`);
    await expect
      .poll(() => h.quests.jobs!.state(STREAK_RECOMPUTE_JOB, recompute!), { timeout: 15_000 })
      .toBe('completed');
  });
});
