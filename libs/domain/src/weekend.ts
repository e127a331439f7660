// Spec: the weekend window runs from Friday 17:00 to the end of Sunday, local time. Weekend
// sidequests unlock inside it; the hub counts down to the next opening.
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;
const OPENS_AT_HOUR = 17;

export function isWeekendWindow(now: Date): boolean {
  const day = now.getDay();
  return day === SATURDAY || day === SUNDAY || (day === FRIDAY && now.getHours() >= OPENS_AT_HOUR);
}

/** The next Friday 17:00 after `now` (local time). */
export function nextWeekendStart(now: Date): Date {
  const start = new Date(now);
  start.setDate(now.getDate() + ((FRIDAY - now.getDay() + 7) % 7));
  start.setHours(OPENS_AT_HOUR, 0, 0, 0);
  if (start <= now) start.setDate(start.getDate() + 7);
  return start;
}

/** Spec format: "Xh Ym". */
export function formatUnlocksIn(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
