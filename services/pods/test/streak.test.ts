import { randomUUID } from 'node:crypto';
import { addDays, weekStartAt } from '@vere/domain';
import { pgTransactions } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPodStreakRepository } from '../src/repositories/pod-streak-repository';
import { sweepStreaks } from '../src/use-cases/streak-sweep';
import {
  as,
  backdateMember,
  createPod,
  joinPod,
  newUser,
  startPods,
  weeklyCompleted,
  type PodsHarness,
} from './helper';

let h: PodsHarness;
let now = new Date();
const DAY = 86_400_000;
beforeAll(async () => {
  // A stand-in for the storage layer's signed links (the launcher wires the real one: infra/local).
  h = await startPods({ clock: () => now, photoUrl: async (id) => `/api/quests/photos/${id}?exp=1&sig=test` });
});
afterAll(async () => {
  await h?.close();
});

async function deliver(...events: ReturnType<typeof weeklyCompleted>[]) {
  for (const e of events) await h.bus.publish(e);
  await h.bus.idle();
}

const podRow = async (podId: string) =>
  (
    await h.sql.query(
      'SELECT current_streak AS streak, streak_saves AS saves, last_streak_week::text AS week, last_streak_challenge_id::text AS challenge FROM pods.pod WHERE id = $1',
      [podId],
    )
  ).rows[0];

const streakEvents = async (podId: string) =>
  (
    await h.sql.query(
      `SELECT payload FROM pods.outbox_event WHERE subject = 'pods.pod.streak.updated.v1' AND payload->>'podId' = $1 ORDER BY occurred_at`,
      [podId],
    )
  ).rows.map((r) => r.payload);

/** A pod of `creator` plus `others`, everyone a member since two weeks ago (so this week counts them all). */
async function podSince(creator: string, others: string[], at = new Date(now.getTime() - 14 * DAY)) {
  const { podId, code } = await createPod(h, creator);
  for (const o of others) await joinPod(h, o, code);
  for (const u of [creator, ...others]) await backdateMember(h, podId, u, at);
  return { podId, code };
}

describe('sharing a weekly completion', () => {
  it('writes one log entry per ticked pod the user is in, once, however often the event comes', async () => {
    now = new Date();
    const ana = await newUser(h, { name: 'Ana' });
    const bo = await newUser(h);
    const cy = await newUser(h);
    const own = await createPod(h, ana, 'Own');
    const other = await createPod(h, bo, 'Other');
    await joinPod(h, ana, other.code);
    const notIn = await createPod(h, cy, 'Not in');
    const weekly = randomUUID();
    const photo = randomUUID();
    const e = weeklyCompleted(ana, weekly, {
      podIds: [own.podId, other.podId, notIn.podId],
      note: 'Said hi to the baker',
      proofPhotoId: photo,
      title: 'Talk to a stranger',
    });
    // Redelivered three times, and published again under another event id (a retried outbox write).
    const again = { ...e, payload: { ...e.payload, eventId: randomUUID() } };
    await deliver(e, e, e, again);

    for (const podId of [own.podId, other.podId]) {
      const log = (await as(h, ana)('GET', `/api/pods/pods/${podId}/log`)).json();
      expect(log.entries).toEqual([
        expect.objectContaining({
          user: expect.objectContaining({ id: ana, name: 'Ana' }),
          weeklyChallengeId: weekly,
          message: 'Talk to a stranger',
          proofText: 'Said hi to the baker',
          proofPhotoId: photo,
          proofPhotoUrl: `/api/quests/photos/${photo}?exp=1&sig=test`,
        }),
      ]);
    }
    const detail = (await as(h, bo)('GET', `/api/pods/pods/${other.podId}`)).json();
    expect(detail.log.entries[0]).toMatchObject({
      proofPhotoId: photo,
      proofPhotoUrl: `/api/quests/photos/${photo}?exp=1&sig=test`,
    });
    // Only members: anyone else gets 404 and no link.
    const outsider = await as(h, cy)('GET', `/api/pods/pods/${own.podId}/log`);
    expect([outsider.statusCode, outsider.body.includes(photo)]).toEqual([404, false]);
    expect(
      (await h.sql.query('SELECT count(*)::int AS n FROM pods.pod_log WHERE pod_id = $1', [notIn.podId])).rows[0].n,
    ).toBe(0);
    // An event of a member who ticked no pod writes nothing.
    await deliver(weeklyCompleted(bo, weekly, { podIds: [] }));
    expect((await as(h, bo)('GET', `/api/pods/pods/${other.podId}/log`)).json().entries).toHaveLength(1);
    // An entry without a photo has no link.
    await deliver(weeklyCompleted(bo, randomUUID(), { podIds: [other.podId], note: 'no photo' }));
    expect((await as(h, ana)('GET', `/api/pods/pods/${other.podId}/log`)).json().entries[0]).toMatchObject({
      proofText: 'no photo',
      proofPhotoId: null,
      proofPhotoUrl: null,
    });
  });
});

describe('the pod streak', () => {
  it('rises once when every member completed, with completions delivered 3 times and out of order with a join', async () => {
    now = new Date();
    const ana = await newUser(h);
    const bo = await newUser(h);
    const cy = await newUser(h);
    const { podId, code } = await podSince(ana, [bo]);
    const weekly = randomUUID();
    const a = weeklyCompleted(ana, weekly, { podIds: [podId] });
    const b = weeklyCompleted(bo, weekly, { podIds: [podId] });
    const c = weeklyCompleted(cy, weekly, { podIds: [podId] });
    // Cy's completion arrives before Cy joins (and Cy, joining mid-week, counts from next week).
    await deliver(b, c, a);
    await joinPod(h, cy, code);
    await deliver(c, b, a, c, a, b);
    expect(await podRow(podId)).toMatchObject({ streak: 1, challenge: weekly, week: weekStartAt(now, 'UTC') });
    const events = await streakEvents(podId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      podId,
      currentStreak: 1,
      previousStreak: 0,
      reason: 'completed',
      weeklyChallengeId: weekly,
      saves: 0,
    });
    expect((await as(h, cy)('GET', `/api/pods/pods/${podId}`)).json()).toMatchObject({ currentStreak: 1, saves: 0 });
  });

  it('waits for the last member; a member who joined mid-week counts from the next week', async () => {
    now = new Date();
    const ana = await newUser(h);
    const bo = await newUser(h);
    const cy = await newUser(h);
    const { podId, code } = await podSince(ana, [bo]);
    await joinPod(h, cy, code); // mid-week
    const week1 = randomUUID();
    await deliver(weeklyCompleted(ana, week1));
    expect((await podRow(podId)).streak).toBe(0);
    await deliver(weeklyCompleted(bo, week1));
    expect((await podRow(podId)).streak).toBe(1); // Cy not counted this week

    now = new Date(now.getTime() + 7 * DAY);
    const week2 = randomUUID();
    await deliver(weeklyCompleted(ana, week2, { completedAt: now }), weeklyCompleted(bo, week2, { completedAt: now }));
    expect((await podRow(podId)).streak).toBe(1); // Cy counts now
    await deliver(weeklyCompleted(cy, week2, { completedAt: now }));
    expect(await podRow(podId)).toMatchObject({ streak: 2, challenge: week2 });
  });

  it('a pod created this week counts everyone in it', async () => {
    now = new Date();
    const ana = await newUser(h);
    const bo = await newUser(h);
    const { podId, code } = await createPod(h, ana);
    await joinPod(h, bo, code);
    const weekly = randomUUID();
    await deliver(weeklyCompleted(ana, weekly));
    expect((await podRow(podId)).streak).toBe(0);
    await deliver(weeklyCompleted(bo, weekly));
    expect((await podRow(podId)).streak).toBe(1);
  });

  it('earns a save on every 4th consecutive week (at most 1 banked)', async () => {
    now = new Date();
    const ana = await newUser(h);
    const { podId } = await podSince(ana, []);
    await h.sql.query('UPDATE pods.pod SET current_streak = 3, last_streak_week = $2 WHERE id = $1', [
      podId,
      addDays(weekStartAt(now, 'UTC'), -7),
    ]);
    await deliver(weeklyCompleted(ana, randomUUID()));
    expect(await podRow(podId)).toMatchObject({ streak: 4, saves: 1 });
    expect((await as(h, ana)('GET', `/api/pods/pods/${podId}`)).json()).toMatchObject({ currentStreak: 4, saves: 1 });
  });

  it('starts again from 1 when a completion comes after missed weeks the sweep has not settled yet', async () => {
    now = new Date();
    const ana = await newUser(h);
    const { podId } = await podSince(ana, []);
    await h.sql.query('UPDATE pods.pod SET current_streak = 5, last_streak_week = $2 WHERE id = $1', [
      podId,
      addDays(weekStartAt(now, 'UTC'), -21),
    ]);
    await deliver(weeklyCompleted(ana, randomUUID()));
    expect((await podRow(podId)).streak).toBe(1);
    expect((await streakEvents(podId)).map((e) => e.reason)).toEqual(['reset', 'completed']);
  });
});

describe('the week-end sweep (controlled clock)', () => {
  // What the scheduled job hands the sweep, on the test's own pool (each pod in its own unit of work).
  const sweepDeps = () => ({
    transaction: pgTransactions(h.sql, { schema: 'pods' }),
    db: h.sql,
    podStreaks: createPodStreakRepository(),
  });
  // A Sunday well in the past, so the sweep's dates are ours.
  const week = '2026-03-01';
  const at = (days: number, hours = 12) => new Date(Date.parse(`${week}T00:00:00Z`) + days * DAY + hours * 3_600_000);

  it('resets the streak when a week ends without the pod completing, once', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    const { podId } = await podSince(ana, [bo], at(-30));
    await h.sql.query('UPDATE pods.pod SET current_streak = 3, last_streak_week = $2 WHERE id = $1', [podId, week]);
    await sweepStreaks(sweepDeps(), at(13, 23)); // the next week has not ended yet
    expect((await podRow(podId)).streak).toBe(3);
    await sweepStreaks(sweepDeps(), at(14, 0.5)); // it has: nobody completed it
    expect((await podRow(podId)).streak).toBe(0);
    await sweepStreaks(sweepDeps(), at(15));
    const events = await streakEvents(podId);
    expect(events).toEqual([
      expect.objectContaining({
        podId,
        currentStreak: 0,
        previousStreak: 3,
        reason: 'reset',
        week: '2026-03-08',
        userId: ana,
      }),
    ]);
    expect((await as(h, bo)('GET', `/api/pods/pods/${podId}`)).json().currentStreak).toBe(0);
  });

  it('a banked save covers a week one member missed; the next miss resets', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    const { podId } = await podSince(ana, [bo], at(-30));
    await h.sql.query('UPDATE pods.pod SET current_streak = 4, streak_saves = 1, last_streak_week = $2 WHERE id = $1', [
      podId,
      week,
    ]);
    await h.sql.query(
      'INSERT INTO pods.weekly_completion (user_id, weekly_challenge_id, completed_at) VALUES ($1, $2, $3)',
      [ana, randomUUID(), at(9)],
    );
    await sweepStreaks(sweepDeps(), at(14, 1));
    expect(await podRow(podId)).toMatchObject({ streak: 4, saves: 0, week: '2026-03-08' });
    await sweepStreaks(sweepDeps(), at(21, 1));
    expect(await podRow(podId)).toMatchObject({ streak: 0, saves: 0 });
    expect((await streakEvents(podId)).map((e) => e.reason)).toEqual(['save_used', 'reset']);
  });

  it('a save does not cover a week that two members missed', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    const { podId } = await podSince(ana, [bo], at(-30));
    await h.sql.query('UPDATE pods.pod SET current_streak = 4, streak_saves = 1, last_streak_week = $2 WHERE id = $1', [
      podId,
      week,
    ]);
    await sweepStreaks(sweepDeps(), at(14, 1));
    expect(await podRow(podId)).toMatchObject({ streak: 0, saves: 1 });
  });
});

describe('the pod streak when a member leaves or is removed', () => {
  it('rises at once when the remaining members have all completed, once per challenge', async () => {
    now = new Date();
    const ana = await newUser(h);
    const bo = await newUser(h);
    const cy = await newUser(h);
    const dee = await newUser(h);
    const { podId } = await podSince(ana, [bo, cy, dee]);
    const weekly = randomUUID();
    await deliver(weeklyCompleted(ana, weekly), weeklyCompleted(bo, weekly));
    expect((await podRow(podId)).streak).toBe(0);

    // Cy leaves: Dee still has not completed, so nothing changes.
    expect((await as(h, cy)('POST', `/api/pods/pods/${podId}/leave`)).statusCode).toBe(204);
    expect((await podRow(podId)).streak).toBe(0);
    expect(await streakEvents(podId)).toHaveLength(0);

    // The creator removes Dee: everyone left (Ana, Bo) completed this week's challenge → 1.
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/members/${dee}`)).statusCode).toBe(204);
    expect(await podRow(podId)).toMatchObject({ streak: 1, challenge: weekly, week: weekStartAt(now, 'UTC') });
    const events = await streakEvents(podId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      podId,
      userId: ana,
      currentStreak: 1,
      previousStreak: 0,
      reason: 'completed',
      weeklyChallengeId: weekly,
    });

    // A late redelivery of the same completions, and another leave, do not raise it again.
    await deliver(weeklyCompleted(ana, weekly), weeklyCompleted(bo, weekly));
    const eve = await newUser(h);
    const { code } = (
      await h.sql.query('SELECT code FROM pods.pod_invite WHERE pod_id = $1 AND revoked_at IS NULL LIMIT 1', [podId])
    ).rows[0];
    await joinPod(h, eve, code);
    expect((await as(h, eve)('POST', `/api/pods/pods/${podId}/leave`)).statusCode).toBe(204);
    expect((await podRow(podId)).streak).toBe(1);
    expect(await streakEvents(podId)).toHaveLength(1);
  });

  it('does not rise for a completion of an earlier week, nor when the remaining members completed different challenges', async () => {
    now = new Date();
    const ana = await newUser(h);
    const bo = await newUser(h);
    const cy = await newUser(h);
    const { podId } = await podSince(ana, [bo, cy]);
    const lastWeek = new Date(now.getTime() - 7 * DAY);
    const old = randomUUID();
    // Bo completed last week's challenge only; Ana this week's.
    await deliver(weeklyCompleted(bo, old, { completedAt: lastWeek }), weeklyCompleted(ana, randomUUID()));
    expect((await as(h, cy)('POST', `/api/pods/pods/${podId}/leave`)).statusCode).toBe(204);
    expect((await podRow(podId)).streak).toBe(0);
    expect(await streakEvents(podId)).toHaveLength(0);
  });
});

describe('the pod page', () => {
  it("marks the members who completed a weekly challenge in the pod's week (the creator's), not those who did last week", async () => {
    now = new Date();
    const ana = await newUser(h);
    const bo = await newUser(h);
    const cy = await newUser(h);
    const { podId } = await podSince(ana, [bo, cy]);
    const weekStart = new Date(`${weekStartAt(now, 'UTC')}T00:00:00Z`);
    await deliver(
      weeklyCompleted(ana, randomUUID(), { completedAt: now }),
      weeklyCompleted(bo, randomUUID(), { completedAt: new Date(weekStart.getTime() - 3_600_000) }), // last week
    );
    const res = await as(h, cy)('GET', `/api/pods/pods/${podId}`);
    expect(res.statusCode).toBe(200);
    const done = Object.fromEntries(
      (res.json().members as Array<{ id: string; completedThisWeek: boolean }>).map((m) => [m.id, m.completedThisWeek]),
    );
    expect(done).toEqual({ [ana]: true, [bo]: false, [cy]: false });
  });
});
