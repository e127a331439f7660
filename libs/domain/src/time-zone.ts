import { TZDate } from '@date-fns/tz';

/** Where a user's day starts and ends when their profile has no zone yet (accounts made before zones were kept). */
export const DEFAULT_TIME_ZONE = 'UTC';

let known: Set<string> | undefined;
const IANA_NAME = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/;

/**
 * An IANA time zone name the runtime knows: one of Intl's canonical zones, UTC, or an older alias that
 * Intl still resolves (some browsers report `Asia/Calcutta`, not `Asia/Kolkata`). Offsets such as
 * `+05:30` and abbreviations such as `EST` are refused: they do not follow daylight saving time.
 */
export function isTimeZone(value: string): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  if (known.has(value)) return true;
  if (!IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone this runtime is in (the browser's, for the sign-up default); UTC when it cannot tell. */
export function runtimeTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** `now` seen on a wall clock in `timeZone`. */
export const inZone = (now: Date, timeZone: string): TZDate => new TZDate(now.getTime(), timeZone);

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date (YYYY-MM-DD) it is in `timeZone` at `now`: the key of a day's usage. */
export function localDate(now: Date, timeZone: string): string {
  const t = inZone(now, timeZone);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/** The calendar date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant the next local day starts in `timeZone` (when usage counters reset). */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  const t = inZone(now, timeZone);
  return new Date(new TZDate(t.getFullYear(), t.getMonth(), t.getDate() + 1, timeZone).getTime());
}
