// One notification-scheduler tick over many users (bench/notify.mjs runs this with tsx): a database of
// its own on DATABASE_URL's server (the test harness's, dropped at the end), migrated by identity, `USERS` accounts with
// saved preferences seeded in SQL across four zones, half of them due at the tick's instant. Prints
// one JSON line: the seed time and the tick's result (users covered, due, sent, ms); then the same
// tick again (everything already sent: the steady-state cost of a minute).
import { localClock } from '@vere/domain';
import type { IdentityServiceHandle } from '../../src/index';
import { buildIdentity } from '../helper';

const users = Number(process.env.USERS ?? 100_000);
const now = new Date('2027-03-16T12:00:00Z');
const zones = ['Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];
const pad = (n: number) => String(n).padStart(2, '0');
// For each zone, the local HH:MM at the tick: users with an even number prefer it (due now).
const dueTimes = zones.map((z) => {
  const m = localClock(now, z).minute;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
});

const h = await buildIdentity({ clock: () => now, scheduler: false });
const service = h.service as IdentityServiceHandle;
const { sql } = h;
try {
  const seedStarted = performance.now();
  await sql.query(
    `INSERT INTO identity."user" (id, email, name, username, time_zone, updated_at)
     SELECT gen_random_uuid(), 'bench' || g || '@bench.local', 'Bench ' || g, 'bench_' || g, ($2::text[])[1 + g % 4], now()
       FROM generate_series(1, $1::int) g`,
    [users, zones],
  );
  await sql.query(
    `INSERT INTO identity.notification_preferences
       (user_id, challenge_reminders, weekly_announcements, streak_reminders, pod_activities, preferred_time, time_zone,
        quiet_hours_enabled, quiet_hours_start, quiet_hours_end, channel_in_app, channel_push, channel_email, updated_at)
     SELECT u.id, true, true, true, true,
            CASE WHEN n % 2 = 0 THEN ($1::text[])[array_position($2::text[], u.time_zone)]
                 ELSE lpad((n % 24)::text, 2, '0') || ':' || lpad((n % 60)::text, 2, '0') END,
            u.time_zone, n % 3 = 0, '22:00', '08:00', true, true, true, now()
       FROM (SELECT id, time_zone, row_number() OVER () AS n FROM identity."user") u`,
    [dueTimes, zones],
  );
  await sql.query('ANALYZE identity."user", identity.notification_preferences');
  const seededSeconds = (performance.now() - seedStarted) / 1000;
  const first = await service.notificationTick();
  const again = await service.notificationTick();
  // The e-mail tick of the same minute (a Tuesday: no zone is at its weekly mail, so it reads no users).
  const mailStarted = performance.now();
  const mail = { ...(await service.mailTick()), ms: Math.round(performance.now() - mailStarted) };
  console.log(JSON.stringify({ users, seededSeconds, first, again, mail }));
} finally {
  await h.close();
}
