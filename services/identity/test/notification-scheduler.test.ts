import { StreakUpdated, WeeklyCompleted } from '@vere/contracts';
import { localClock } from '@vere/domain';
import { newEvent } from '@vere/service-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityServiceHandle } from '../src/index';
import { NOTIFICATION_TICK_JOB } from '../src/service';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

// The scheduler's tick on a fake clock (decision 0042): the pure timing rules are tested across DST
// in libs/domain notification-schedule.test.ts; this drives the real tick against the database.
let h: IdentityHarness;
let second: IdentityHarness;
let now = new Date('2027-01-05T00:00:00Z');
const clock = () => now;
beforeAll(async () => {
  h = await buildIdentity({ clock, scheduler: false });
  second = await buildIdentity({ clock, scheduler: false }, { db: h.db });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

const tick = (harness = h) => (harness.service as IdentityServiceHandle).notificationTick();
const PREFS = '/api/identity/me/notifications/preferences';

async function user(timeZone: string, prefs: Record<string, unknown> = {}) {
  const res = await authCalls(h.service).signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Zoe Tick' });
  const { accessToken, user: u } = res.json();
  const put = await h.service.app.inject({
    method: 'PUT',
    url: PREFS,
    headers: { authorization: `Bearer ${accessToken}` },
    payload: {
      challengeReminders: true,
      weeklyAnnouncements: true,
      streakReminders: true,
      podActivities: true,
      preferredTime: '09:00',
      timeZone,
      quietHours: { enabled: true, start: '22:00', end: '08:00' },
      channels: { inApp: true, push: true, email: true },
      ...prefs,
    },
  });
  expect(put.statusCode).toBe(200);
  return u.id as string;
}

const sentTo = async (userId: string) =>
  (
    await h.sql.query<{ kind: string; dedupe_key: string; created_at: Date }>(
      `SELECT kind, dedupe_key, created_at FROM identity.notification WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    )
  ).rows;

async function publish(e: ReturnType<typeof newEvent>) {
  await h.bus.publish(e);
  await h.bus.idle();
}

describe('the notification tick', () => {
  it('sends each zone its reminder at 09:00 local, once, across the Berlin and Los Angeles DST changes', async () => {
    const zones = ['Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];
    const ids = await Promise.all(zones.map((z) => user(z)));
    // Berlin springs forward on 2027-03-28 and Los Angeles on 2027-03-14; tick every 15 minutes of
    // two local days around each change, and every minute around each 09:00. These users read what
    // they get (an ignored kind would be sent less often: decision 0055, notification-backoff.test.ts).
    const readAll = async (sent: number) => {
      if (sent > 0) await h.sql.query(`UPDATE identity.notification SET read_at = $1 WHERE read_at IS NULL`, [now]);
    };
    const from = Date.parse('2027-03-13T00:00:00Z');
    for (let t = from; t < from + 17 * 86_400_000; t += 15 * 60_000) {
      now = new Date(t);
      const local = zones.map((z) => localClock(now, z).minute);
      if (local.some((m) => m >= 8 * 60 + 45 && m <= 9 * 60 + 15)) {
        for (let s = 0; s < 15; s += 1) {
          now = new Date(t + s * 60_000);
          await readAll((await tick()).sent);
        }
      } else await readAll((await tick()).sent);
    }
    for (const [i, id] of ids.entries()) {
      const rows = (await sentTo(id)).filter((r) => r.kind === 'challenge_reminder');
      expect(rows.length).toBeGreaterThanOrEqual(16);
      for (const row of rows) {
        const clock = localClock(row.created_at, zones[i]!);
        expect({ zone: zones[i], minute: clock.minute }).toEqual({ zone: zones[i], minute: 9 * 60 });
        expect(row.dedupe_key).toBe(`day:${clock.date}`);
      }
      expect(new Set(rows.map((r) => r.dedupe_key)).size).toBe(rows.length);
    }
  }, 240_000);

  it('defers to the end of quiet hours and skips a challenge already done this week', async () => {
    const late = await user('Asia/Kolkata', { preferredTime: '23:00' });
    const done = await user('Asia/Kolkata');
    now = new Date('2027-01-05T17:30:00Z'); // 23:00 in Kolkata: quiet
    await tick();
    expect(await sentTo(late)).toEqual([]);
    const week = localClock(now, 'Asia/Kolkata').weekNumber;
    await publish(
      newEvent(WeeklyCompleted.subject, done, {
        weeklyChallengeId: randomUUID(),
        challengeId: randomUUID(),
        weekNumber: week,
        title: 'Walk somewhere new',
        xpAwarded: 120,
        completedAt: now.toISOString(),
        hasPhoto: false,
        podIds: [],
      }),
    );
    now = new Date('2027-01-06T02:30:00Z'); // 08:00 the next morning
    await tick();
    expect((await sentTo(late)).map((r) => r.dedupe_key)).toEqual(['day:2027-01-05']);
    now = new Date('2027-01-06T03:30:00Z'); // 09:00
    await tick();
    expect(await sentTo(done)).toEqual([]);
  });

  it('warns on the last day of the week when a streak would break', async () => {
    const id = await user('Europe/Berlin');
    await publish(
      newEvent(StreakUpdated.subject, id, { currentStreak: 4, previousStreak: 3, lastCompletedWeek: '2027-01-03' }),
    );
    now = new Date('2027-01-16T08:00:00Z'); // Saturday 09:00 in Berlin
    await tick();
    expect((await sentTo(id)).map((r) => r.kind).sort()).toEqual(['challenge_reminder', 'streak_at_risk']);
  });

  it('two replicas ticking at once send nothing twice', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => user('America/Denver')));
    now = new Date('2027-02-02T16:00:00Z'); // 09:00 in Denver, where no one else in this file lives
    const results = await Promise.all([tick(h), tick(second), tick(h), tick(second)]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(20);
    for (const id of ids) expect(await sentTo(id)).toHaveLength(1);
  });

  it('keeps to the daily cap', async () => {
    const id = await user('UTC', { preferredTime: '12:00' });
    await h.sql.query(
      `INSERT INTO identity.notification (id, user_id, kind, title, body, route, dedupe_key, created_at)
       SELECT gen_random_uuid(), $1, 'weekly_announcement', 't', 'b', '/challenges', 'cap-' || g, $2::timestamptz - interval '1 hour'
         FROM generate_series(1, 3) g`,
      [id, new Date('2027-02-03T12:00:00Z')],
    );
    now = new Date('2027-02-03T12:00:00Z');
    await tick();
    expect((await sentTo(id)).filter((r) => r.kind === 'challenge_reminder')).toEqual([]);
  });
});

describe('the weekly announcement', () => {
  it('reaches each user once on the Sunday their week starts, unless they turned it off', async () => {
    const on = await user('Asia/Kolkata', { challengeReminders: false, streakReminders: false });
    const off = await user('Asia/Kolkata', {
      challengeReminders: false,
      streakReminders: false,
      weeklyAnnouncements: false,
    });
    for (const at of ['2027-02-07T03:30:00Z', '2027-02-07T03:31:00Z', '2027-02-07T04:00:00Z']) {
      now = new Date(at); // Sunday 09:00 in Kolkata, and after
      await tick();
    }
    expect((await sentTo(on)).map((r) => r.kind)).toEqual(['weekly_announcement']);
    expect(await sentTo(off)).toEqual([]);
  });
});

describe('the scheduled job', () => {
  it('runs the tick through pg-boss once the service starts', async () => {
    const withJobs = await buildIdentity({ clock, scheduler: true }, { db: h.db });
    try {
      const service = withJobs.service as IdentityServiceHandle;
      const id = await service.jobs!.queue(NOTIFICATION_TICK_JOB, 'test-run');
      expect(id).toBeTruthy();
      await expect
        .poll(() => service.jobs!.state(NOTIFICATION_TICK_JOB, id!), { timeout: 30_000, interval: 500 })
        .toBe('completed');
    } finally {
      await withJobs.close();
    }
  }, 60_000);
});
