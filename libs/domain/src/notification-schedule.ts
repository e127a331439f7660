import { addDays, inZone } from './time-zone';
import { weekNumberOfDate } from './weeks';
import { clockMinutes, inQuietHours, type QuietHours } from './notifications';

/*
 * When the scheduled reminders are due (issue 25; decision 0042). Everything is computed on the
 * user's wall clock ("local minutes": a local day index × 1440 + the minute of that day), so 09:00
 * stays 09:00 across a DST change. A reminder is due from its minute on, until the next one of its
 * kind would be due; the sent-log (a unique key per user, kind and period) makes it once. A minute a
 * DST jump skips is covered by the first tick after it; a minute that occurs twice sends once.
 */

const DAY = 1440;

/**
 * A challenge reminder not sent at its minute (the scheduler was down, or the minute did not exist
 * that day) still goes out this long after; later, it is left for the next day's.
 */
export const CATCH_UP_MINUTES = 60;

/** What a tick needs to know of a user's clock at one instant (the same for everyone in a zone). */
export interface LocalClock {
  /** YYYY-MM-DD there. */
  date: string;
  /** Days since 1970-01-01 of that local date. */
  dayIndex: number;
  /** Minute of the local day, 0–1439. */
  minute: number;
  /** 0 = Sunday … 6 = Saturday (weeks start on Sunday, spec §9). */
  weekday: number;
  /** The week number of the local date (libs/domain weeks.ts). */
  weekNumber: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function localClock(now: Date, timeZone: string): LocalClock {
  const t = inZone(now, timeZone);
  const y = t.getFullYear();
  const m = t.getMonth();
  const d = t.getDate();
  const date = `${y}-${pad(m + 1)}-${pad(d)}`;
  return {
    date,
    dayIndex: Math.round(Date.UTC(y, m, d) / 86_400_000),
    minute: t.getHours() * 60 + t.getMinutes(),
    weekday: t.getDay(),
    weekNumber: weekNumberOfDate(date),
  };
}

/** One user as the scheduler sees them: preferences and what quests told identity they did. */
export interface ReminderSubject {
  challengeReminders: boolean;
  /** Absent: off (callers before the weekly announcement existed). */
  weeklyAnnouncements?: boolean;
  streakReminders: boolean;
  preferredTime: string;
  quietHours: QuietHours;
  /** The newest week number whose weekly challenge the user completed (quests.weekly.completed.v1). */
  weeklyCompletedWeek: number | null;
  /** The weekly streak (quests.streak.updated.v1). */
  currentStreak: number;
  /** A to-do of the user's is open and not yet due (quests.todo.changed.v1). Absent: none. */
  openTodos?: boolean;
}

export type ScheduledKind = 'challenge_reminder' | 'streak_at_risk' | 'weekly_announcement';

export interface DueReminder {
  kind: ScheduledKind;
  /** The period it is once per: `day:YYYY-MM-DD` (the day it was for) or `week:<number>`. */
  period: string;
  /** A challenge reminder for open to-dos only (this week's challenge is done). */
  todosOnly?: boolean;
}

/** Where a reminder due at local minute `due` lands: quiet hours move it to the end of their window. */
function deferred(due: number, quiet: QuietHours): number {
  const minute = ((due % DAY) + DAY) % DAY;
  if (!inQuietHours(quiet, minute)) return due;
  const end = clockMinutes(quiet.end);
  const day = due - minute;
  return end > minute ? day + end : day + DAY + end;
}

/**
 * The reminders due for one user at one instant (their local clock). Checked at send time: the
 * challenge reminder is skipped once this week's weekly challenge is done, the streak warning too,
 * or when there is no streak to lose.
 */
export function dueReminders(user: ReminderSubject, clock: LocalClock): DueReminder[] {
  const due: DueReminder[] = [];
  const now = clock.dayIndex * DAY + clock.minute;
  const preferred = clockMinutes(user.preferredTime);
  const doneThisWeek = user.weeklyCompletedWeek !== null && user.weeklyCompletedWeek >= clock.weekNumber;

  // Also while today's to-dos are open, after the week's challenge is done (issue 25 point 5).
  if (user.challengeReminders && (!doneThisWeek || user.openTodos)) {
    // Yesterday's may have been deferred past midnight by quiet hours; today's may be due already.
    for (const back of [1, 0]) {
      const day = clock.dayIndex - back;
      const at = deferred(day * DAY + preferred, user.quietHours);
      const until = deferred((day + 1) * DAY + preferred, user.quietHours);
      const late = now - at;
      if (late >= 0 && late < CATCH_UP_MINUTES && now < until && !inQuietHours(user.quietHours, clock.minute))
        due.push({
          kind: 'challenge_reminder',
          period: `day:${addDays(clock.date, -back)}`,
          ...(doneThisWeek && { todosOnly: true }),
        });
    }
  }

  // The weekly announcement: the week's challenge rotates when the user's week starts (Sunday,
  // their zone); it comes at the preferred minute that Sunday, moved by quiet hours like a reminder.
  if (user.weeklyAnnouncements) {
    const sunday = clock.dayIndex - clock.weekday;
    const late = now - deferred(sunday * DAY + preferred, user.quietHours);
    if (late >= 0 && late < CATCH_UP_MINUTES && !inQuietHours(user.quietHours, clock.minute))
      due.push({ kind: 'weekly_announcement', period: `week:${clock.weekNumber}` });
  }

  // Streak at risk: the last day of the user's week (Saturday), never dropped for quiet hours: if
  // they would push it into the next week, it comes just before they begin instead.
  if (user.streakReminders && !doneThisWeek && user.currentStreak > 0 && clock.weekday === 6) {
    const day = clock.dayIndex * DAY;
    let at = deferred(day + preferred, user.quietHours);
    if (at >= day + DAY) at = day + Math.max(0, clockMinutes(user.quietHours.start) - 1);
    if (at <= now) due.push({ kind: 'streak_at_risk', period: `week:${clock.weekNumber}` });
  }
  return due;
}

/** Scheduled notifications one user gets at most per 24 hours, whatever the kinds. */
export const NOTIFICATION_DAILY_CAP = 3;
