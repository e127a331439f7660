// The zone's day an accept reads (decision 0065): remembered per zone until it changes, it must
// answer exactly what libs/domain's rules answer at every instant, across midnights, the weekend's
// opening and closing and daylight saving time changes, in zones ahead of, behind and on UTC.
import { isWeekendWindow, localDate, nextLocalMidnight, nextWeekendStart, weekendEnd } from '@vere/domain';
import { describe, expect, it } from 'vitest';
import { zoneDayAt } from '../src/use-cases/day-context';

const DAY_MS = 24 * 3_600_000;

/** The day's values computed by the rules themselves, with no memory. */
function direct(now: Date, timeZone: string) {
  const weekendOpen = isWeekendWindow(now, timeZone);
  const endsAt = weekendEnd(now, timeZone);
  const opensAt = weekendOpen
    ? nextWeekendStart(new Date(endsAt.getTime() - 8 * DAY_MS), timeZone)
    : nextWeekendStart(now, timeZone);
  return {
    date: localDate(now, timeZone),
    weekendOpen,
    resetsAt: nextLocalMidnight(now, timeZone).toISOString(),
    weekendOpensAt: opensAt.toISOString(),
    weekendEndsAt: endsAt.toISOString(),
  };
}

const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Santiago'];

describe('zoneDayAt (decision 0065)', () => {
  it.each(ZONES)('answers what the rules answer at every instant, in %s', (timeZone) => {
    // Five weeks around the March and October/April daylight saving changes, every 43 minutes
    // (times move forward, as a server's clock does, so remembered days are reused), then a few
    // steps back in time (a test's clock), which must not reuse a later day.
    for (const start of ['2026-03-01T00:00:00Z', '2026-09-27T00:00:00Z']) {
      const from = Date.parse(start);
      for (let at = from; at < from + 35 * DAY_MS; at += 43 * 60_000) {
        const now = new Date(at);
        const { from: _from, until: _until, ...day } = zoneDayAt(now, timeZone);
        expect(day, `${timeZone} at ${now.toISOString()}`).toEqual(direct(now, timeZone));
      }
      for (let at = from + 35 * DAY_MS; at > from; at -= 5 * DAY_MS + 3_600_000) {
        const now = new Date(at);
        const { from: _from, until: _until, ...day } = zoneDayAt(now, timeZone);
        expect(day, `${timeZone} at ${now.toISOString()}`).toEqual(direct(now, timeZone));
      }
    }
  });

  it('is computed once per zone between two changes', () => {
    const a = zoneDayAt(new Date('2026-05-06T09:00:00Z'), 'Europe/Paris');
    expect(zoneDayAt(new Date('2026-05-06T21:59:59Z'), 'Europe/Paris')).toBe(a);
    expect(zoneDayAt(new Date('2026-05-06T22:00:00Z'), 'Europe/Paris')).not.toBe(a); // Paris's midnight
    // Friday 17:00 opens the weekend window before midnight.
    const friday = zoneDayAt(new Date('2026-05-08T14:59:59Z'), 'Europe/Paris');
    expect(friday.weekendOpen).toBe(false);
    expect(zoneDayAt(new Date('2026-05-08T15:00:00Z'), 'Europe/Paris').weekendOpen).toBe(true);
  });
});
