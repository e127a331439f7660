import {
  dueReminders,
  localClock,
  NOTIFICATION_DAILY_CAP,
  notificationRoute,
  type DueReminder,
  type LocalClock,
} from '@vere/domain';
import type { ServiceContext } from '@vere/service-kit';
import { backedOffIndexes } from './notification-backoff';

type Pool = ServiceContext<unknown>['pool'];

/*
 * The scheduler's tick (issue 25; decision 0042): once a minute, on one replica (pg-boss), every
 * user whose in-app channel is on is checked against their wall clock; what is due goes into the
 * centre. (user, kind, period) is a unique key of the notification table, so a second replica, a
 * retried job or a tick a minute later adds nothing (what was sent in the last 48 hours is read once
 * and skipped before writing; the key is the guarantee). A daily cap bounds a user's scheduled
 * notifications (counted from that same read: two ticks racing could each pass it once). The user's progress is read at send time from the read model quests' events feed.
 */

interface Row {
  id: string;
  tz: string;
  cr: boolean;
  sr: boolean;
  wa: boolean;
  pt: string;
  qe: boolean;
  qs: string;
  qend: string;
  wk: number | null;
  streak: number;
  /** An open to-do not yet due (quests.todo.changed.v1). */
  todos: boolean;
}

/** The challenge reminder when the week's challenge is done but a to-do is still open. */
const TODO_TEXT = {
  title: 'A to-do is still open today',
  body: 'You picked it this morning: a few minutes now and it’s done before the day is.',
};

const TEXT: Record<DueReminder['kind'], { title: string; body: string }> = {
  challenge_reminder: {
    title: 'Your weekly challenge is waiting',
    body: 'A few minutes today keeps the week on track. Open it and take the first step.',
  },
  weekly_announcement: {
    title: 'A new weekly challenge is here',
    body: 'Fresh week, fresh challenge. See what it is and bring your pod along.',
  },
  streak_at_risk: {
    title: 'Your streak ends tonight',
    body: 'Today is the last day of your week: finish the weekly challenge to keep your streak alive.',
  },
};

/** Rows inserted per statement. */
const BATCH = 5_000;

export interface TickResult {
  /** Users looked at. */
  users: number;
  /** Reminders due (before the sent-log and the cap). */
  due: number;
  /** Notifications added. */
  sent: number;
  ms: number;
  /** Where the time went: reading the users, deciding, writing. */
  phases: { selectMs: number; computeMs: number; insertMs: number };
}

function keepUnheld(list: string[], held: Set<number>): void {
  let kept = 0;
  for (let i = 0; i < list.length; i += 1) if (!held.has(i)) list[kept++] = list[i]!;
  list.length = kept;
}

export async function runNotificationTick(pool: Pool, now: Date): Promise<TickResult> {
  const started = performance.now();
  const { rows } = await pool.query<Row>(
    `SELECT u.id,
            COALESCE(p.time_zone, u.time_zone, 'UTC') AS tz,
            COALESCE(p.challenge_reminders, true) AS cr,
            COALESCE(p.streak_reminders, true) AS sr,
            COALESCE(p.weekly_announcements, true) AS wa,
            COALESCE(p.preferred_time, '09:00') AS pt,
            COALESCE(p.quiet_hours_enabled, true) AS qe,
            COALESCE(p.quiet_hours_start, '22:00') AS qs,
            COALESCE(p.quiet_hours_end, '08:00') AS qend,
            g.weekly_completed_week AS wk,
            COALESCE(g.current_streak, 0) AS streak,
            EXISTS (SELECT 1 FROM "identity"."notify_todo" t
                     WHERE t.user_id = u.id AND t.open AND t.due_at > $1) AS todos
       FROM "identity"."user" u
       LEFT JOIN "identity"."notification_preferences" p ON p.user_id = u.id
       LEFT JOIN "identity"."notify_progress" g ON g.user_id = u.id
      WHERE COALESCE(p.channel_in_app, true)
        AND (COALESCE(p.challenge_reminders, true) OR COALESCE(p.streak_reminders, true)
             OR COALESCE(p.weekly_announcements, true))`,
    [now],
  );
  // What was sent lately: skipped before writing (the unique key stays the guarantee), and the cap.
  const recent = await pool.query<{ user_id: string; kind: string; dedupe_key: string | null; created_at: Date }>(
    `SELECT user_id, kind, dedupe_key, created_at FROM "identity"."notification"
      WHERE kind IN ('challenge_reminder', 'streak_at_risk', 'weekly_announcement')
        AND created_at > $1::timestamptz - interval '48 hours' AND created_at <= $1::timestamptz`,
    [now],
  );
  const sentKeys = new Set<string>();
  const today = new Map<string, number>();
  const dayAgo = now.getTime() - 86_400_000;
  for (const n of recent.rows) {
    sentKeys.add(`${n.user_id}|${n.kind}|${n.dedupe_key}`);
    if (n.created_at.getTime() > dayAgo) today.set(n.user_id, (today.get(n.user_id) ?? 0) + 1);
  }
  const selected = performance.now();
  const clocks = new Map<string, LocalClock>();
  const ids: string[] = [];
  const kinds: string[] = [];
  const keys: string[] = [];
  const titles: string[] = [];
  const bodies: string[] = [];
  let dueCount = 0;
  for (const r of rows) {
    let clock = clocks.get(r.tz);
    if (!clock) {
      clock = localClock(now, r.tz);
      clocks.set(r.tz, clock);
    }
    const due = dueReminders(
      {
        challengeReminders: r.cr,
        streakReminders: r.sr,
        weeklyAnnouncements: r.wa,
        preferredTime: r.pt,
        quietHours: { enabled: r.qe, start: r.qs, end: r.qend },
        weeklyCompletedWeek: r.wk,
        currentStreak: r.streak,
        openTodos: r.todos,
      },
      clock,
    );
    for (const d of due) {
      dueCount += 1;
      if (sentKeys.has(`${r.id}|${d.kind}|${d.period}`)) continue;
      const count = today.get(r.id) ?? 0;
      if (count >= NOTIFICATION_DAILY_CAP) continue;
      today.set(r.id, count + 1);
      ids.push(r.id);
      kinds.push(d.kind);
      keys.push(d.period);
      const text = d.todosOnly ? TODO_TEXT : TEXT[d.kind];
      titles.push(text.title);
      bodies.push(text.body);
    }
  }
  // Kinds the user keeps ignoring are sent less often (decision 0055).
  const held = await backedOffIndexes(
    pool,
    ids.map((userId, i) => ({ userId, kind: kinds[i]! })),
    now,
    'in_app',
  );
  if (held.size > 0) for (const list of [ids, kinds, keys, titles, bodies]) keepUnheld(list, held);
  const computed = performance.now();
  let sent = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = (a: string[]) => a.slice(i, i + BATCH);
    const batchKinds = slice(kinds);
    const result = await pool.query(
      `INSERT INTO "identity"."notification" (id, user_id, kind, title, body, route, dedupe_key, created_at)
       SELECT gen_random_uuid(), t.user_id, t.kind, t.title, t.body, t.route, t.key, $7
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
              AS t(user_id, kind, title, body, route, key)
       ON CONFLICT (user_id, kind, dedupe_key) DO NOTHING`,
      [
        slice(ids),
        batchKinds,
        slice(titles),
        slice(bodies),
        batchKinds.map((k) => notificationRoute(k as DueReminder['kind'])),
        slice(keys),
        now,
      ],
    );
    sent += result.rowCount ?? 0;
  }
  const done = performance.now();
  return {
    users: rows.length,
    due: dueCount,
    sent,
    ms: Math.round(done - started),
    phases: {
      selectMs: Math.round(selected - started),
      computeMs: Math.round(computed - selected),
      insertMs: Math.round(done - computed),
    },
  };
}
