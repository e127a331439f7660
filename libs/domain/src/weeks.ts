import { TZDate } from '@date-fns/tz';
import { addDays, inZone, localDate } from './time-zone';

// Spec §4.4 / §9: weeks start on Sunday, in the user's zone. A week is named by the local date
// of its Sunday (YYYY-MM-DD) and, for the catalogue's assignments, by a week number counted from
// the Sunday 1970-01-04 (week 0), so every calendar week has one number whatever the zone.
const EPOCH_SUNDAY = Date.UTC(1970, 0, 4);
const DAY_MS = 86_400_000;

/** Spec §9: the weekly streak looks back at most this many weeks. */
export const STREAK_LOOKBACK_WEEKS = 100;

/** Spec §9: the fixed reward of a weekly challenge. */
export const WEEKLY_CHALLENGE_XP = 120;

/** The Sunday (YYYY-MM-DD) of the week holding a calendar date. */
export function weekStartOfDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -day);
}

/** The Sunday (YYYY-MM-DD) of the week it is in `timeZone` at `now`. */
export const weekStartAt = (now: Date, timeZone: string): string => weekStartOfDate(localDate(now, timeZone));

/** The week number of the week holding a calendar date. */
export function weekNumberOfDate(date: string): number {
  return Math.round((Date.parse(`${weekStartOfDate(date)}T00:00:00Z`) - EPOCH_SUNDAY) / (7 * DAY_MS));
}

/** The dates of a week number: Sunday to Saturday. */
export function weekDates(weekNumber: number): { startDate: string; endDate: string } {
  const startDate = new Date(EPOCH_SUNDAY + weekNumber * 7 * DAY_MS).toISOString().slice(0, 10);
  return { startDate, endDate: addDays(startDate, 6) };
}

/** The instant the current local week ends in `timeZone`: the next Sunday 00:00 (Time Remaining counts to it). */
export function weekEndsAt(now: Date, timeZone: string): Date {
  const t = inZone(now, timeZone);
  return new Date(new TZDate(t.getFullYear(), t.getMonth(), t.getDate() + 7 - t.getDay(), timeZone).getTime());
}

/**
 * The weekly streak (spec §4.4): consecutive weeks, counted back from the current one, with at
 * least one completed weekly challenge. The current week without a completion yet does not break
 * it (the week has not ended): counting then starts from the week before. At most 100 weeks.
 *
 * @param completedWeeks Sundays (YYYY-MM-DD) of the weeks with a completion, in any order.
 * @param currentWeek The Sunday of the current week in the user's zone.
 */
export function weeklyStreak(completedWeeks: Iterable<string>, currentWeek: string): number {
  const weeks = new Set(completedWeeks);
  let week = weeks.has(currentWeek) ? currentWeek : addDays(currentWeek, -7);
  let streak = 0;
  while (streak < STREAK_LOOKBACK_WEEKS && weeks.has(week)) {
    streak += 1;
    week = addDays(week, -7);
  }
  return streak;
}

/** What the player row keeps to maintain the streak without rereading every completion. */
export interface StreakState {
  currentStreak: number;
  /** The Sunday of the newest week with a completion, or null before the first. */
  lastCompletedWeek: string | null;
}

/** The streak after a completion in `week` (incremental; weeklyStreak is the recomputation). */
export function streakAfterCompletion(state: StreakState, week: string): StreakState {
  if (state.lastCompletedWeek === week) return state;
  if (state.lastCompletedWeek !== null && state.lastCompletedWeek > week) return state; // an older week: recomputation's job
  const continues = state.lastCompletedWeek !== null && addDays(state.lastCompletedWeek, 7) === week;
  return {
    currentStreak: continues ? Math.min(state.currentStreak + 1, STREAK_LOOKBACK_WEEKS) : 1,
    lastCompletedWeek: week,
  };
}

/** The streak to show in `currentWeek`: the stored one, or 0 once a whole week has passed without a completion. */
export function streakShownIn(state: StreakState, currentWeek: string): number {
  if (state.lastCompletedWeek === null) return 0;
  return state.lastCompletedWeek >= addDays(currentWeek, -7) ? state.currentStreak : 0;
}

/**
 * Spec §2.1: a weekly challenge's text is shown on two pages, split where "- Instead of" begins
 * (part 1 before it, part 2 from it on). Without the marker, part 2 is empty.
 */
export function splitChallengeText(text: string): { part1: string; part2: string } {
  const at = text.indexOf('- Instead of');
  if (at < 0) return { part1: text.trim(), part2: '' };
  return { part1: text.slice(0, at).trim(), part2: text.slice(at).trim() };
}
