import { addDays } from './time-zone';

/** Spec §4.1: a to-do is due this long after its card is accepted. */
export const TODO_DUE_HOURS = 24;

/**
 * When a to-do accepted at `now` is due: 24 hours later, and on the next local calendar date after
 * `date` (the user's local date at `now`), which the daily reset compares.
 */
export function todoDue(now: Date, date: string): { dueAt: Date; dueDate: string } {
  return { dueAt: new Date(now.getTime() + TODO_DUE_HOURS * 3_600_000), dueDate: addDays(date, 1) };
}
