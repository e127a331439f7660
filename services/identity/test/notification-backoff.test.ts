import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityServiceHandle } from '../src/index';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

// Back-off (issue 25 point 6; decision 0055) on the scheduler's fake clock: a kind ignored three
// times in a row is sent every second day, then every fourth; reading one brings it back to daily.
let h: IdentityHarness;
let now = new Date('2027-03-01T09:00:00Z');
beforeAll(async () => {
  h = await buildIdentity({ clock: () => now, appUrl: 'https://vere.test' });
});
afterAll(async () => {
  await h?.close();
});

const tick = () => (h.service as IdentityServiceHandle).notificationTick();
const mailTick = () => (h.service as IdentityServiceHandle).mailTick();

async function user(prefs: Record<string, unknown>) {
  const email = uniqueEmail();
  const res = await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name: 'Lea Moreau' });
  const { accessToken, user: u } = res.json();
  const put = await h.service.app.inject({
    method: 'PUT',
    url: '/api/identity/me/notifications/preferences',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: {
      challengeReminders: true,
      weeklyAnnouncements: false,
      streakReminders: false,
      podActivities: true,
      preferredTime: '09:00',
      timeZone: 'UTC',
      quietHours: { enabled: true, start: '22:00', end: '08:00' },
      channels: { inApp: true, push: false, email: true },
      ...prefs,
    },
  });
  expect(put.statusCode).toBe(200);
  return { id: u.id as string, email, token: accessToken as string };
}

const reminderDays = async (userId: string, kind = 'challenge_reminder') =>
  (
    await h.sql.query<{ dedupe_key: string }>(
      `SELECT dedupe_key FROM identity.notification WHERE user_id = $1 AND kind = $2 ORDER BY created_at`,
      [userId, kind],
    )
  ).rows.map((r) => r.dedupe_key);

const day = (d: number) => new Date(Date.UTC(2027, 2, d, 9, 0));

describe('back-off for ignored kinds', () => {
  it('sends a daily reminder every second, then every fourth day while ignored, daily again once one is read', async () => {
    const lea = await user({});
    for (let d = 1; d <= 9; d += 1) {
      now = day(d);
      await tick();
    }
    // Three ignored (1–3) → every second day (5), a fourth ignored → every fourth (9).
    expect(await reminderDays(lea.id)).toEqual([
      'day:2027-03-01',
      'day:2027-03-02',
      'day:2027-03-03',
      'day:2027-03-05',
      'day:2027-03-09',
    ]);

    now = new Date(Date.UTC(2027, 2, 9, 12));
    await h.service.app.inject({
      method: 'POST',
      url: '/api/identity/me/notifications/read-all',
      headers: { authorization: `Bearer ${lea.token}` },
    });
    for (const d of [10, 11]) {
      now = day(d);
      await tick();
    }
    expect((await reminderDays(lea.id)).slice(-2)).toEqual(['day:2027-03-10', 'day:2027-03-11']);
  });

  it('a user who reads their reminders gets every one', async () => {
    const reader = await user({});
    for (let d = 14; d <= 20; d += 1) {
      now = day(d);
      await tick();
      await h.sql.query(`UPDATE identity.notification SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL`, [
        reader.id,
        now,
      ]);
    }
    expect(await reminderDays(reader.id)).toHaveLength(7);
  });

  it('backs the weekly e-mail off when its announcements go unread for three weeks', async () => {
    const lea = await user({ challengeReminders: false, weeklyAnnouncements: true });
    const sundays = [4, 11, 18, 25, 32, 39].map((d) => new Date(Date.UTC(2027, 3, d, 9, 0))); // Apr 4 … May 9
    for (const sunday of sundays) {
      now = sunday;
      await tick();
      await mailTick();
    }
    const mailed = (
      await h.sql.query<{ period: string }>(
        `SELECT period FROM identity.mail_delivery WHERE user_id = $1 AND kind = 'weekly_announcement' ORDER BY sent_at`,
        [lea.id],
      )
    ).rows.length;
    // Weeks 1–3 sent and ignored, week 4 held, week 5 sent (ignored again: now every fourth), week 6 held.
    expect(mailed).toBe(4);
  });
});
