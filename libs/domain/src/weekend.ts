import { TZDate } from '@date-fns/tz';
import { inZone, runtimeTimeZone } from './time-zone';

// Spec: the weekend window runs from Friday 17:00 to the end of Sunday, local time. Weekend
// sidequests unlock inside it; the hub counts down to the next opening. "Local" is the user's zone
// (stored on their profile); without one, the runtime's own zone (the browser's).
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;
const OPENS_AT_HOUR = 17;

export function isWeekendWindow(now: Date, timeZone: string = runtimeTimeZone()): boolean {
  const t = inZone(now, timeZone);
  const day = t.getDay();
  return day === SATURDAY || day === SUNDAY || (day === FRIDAY && t.getHours() >= OPENS_AT_HOUR);
}

/** The next Friday 17:00 after `now`, local time in `timeZone`. */
export function nextWeekendStart(now: Date, timeZone: string = runtimeTimeZone()): Date {
  const t = inZone(now, timeZone);
  const ahead = (FRIDAY - t.getDay() + 7) % 7;
  let start = new TZDate(t.getFullYear(), t.getMonth(), t.getDate() + ahead, OPENS_AT_HOUR, 0, 0, 0, timeZone);
  if (start.getTime() <= now.getTime()) {
    start = new TZDate(t.getFullYear(), t.getMonth(), t.getDate() + ahead + 7, OPENS_AT_HOUR, 0, 0, 0, timeZone);
  }
  return new Date(start.getTime());
}

/** The end of the current (or next) weekend window: the instant Monday 00:00 starts, local time. */
export function weekendEnd(now: Date, timeZone: string = runtimeTimeZone()): Date {
  const t = inZone(now, timeZone);
  const toMonday = (1 - t.getDay() + 7) % 7 || 7;
  return new Date(new TZDate(t.getFullYear(), t.getMonth(), t.getDate() + toMonday, timeZone).getTime());
}
