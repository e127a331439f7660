import { describe, expect, it } from 'vitest';
import { formatUnlocksIn } from './countdown';
import { isWeekendWindow, nextWeekendStart, weekendEnd } from './weekend';

// 2025-06-02 is a Monday.
const at = (day: number, hour: number, minute = 0) => new Date(2025, 5, day, hour, minute);

describe('weekend window', () => {
  it.each([
    [at(2, 12), false], // Monday
    [at(6, 16, 59), false], // Friday before 17:00
    [at(6, 17), true], // Friday 17:00
    [at(7, 9), true], // Saturday
    [at(8, 23, 59), true], // Sunday night
    [at(9, 0), false], // Monday again
  ])('%s → %s', (date, open) => {
    expect(isWeekendWindow(date)).toBe(open);
  });

  it('finds the next Friday 17:00', () => {
    expect(nextWeekendStart(at(2, 12))).toEqual(at(6, 17));
    expect(nextWeekendStart(at(6, 16))).toEqual(at(6, 17));
    expect(nextWeekendStart(at(9, 0))).toEqual(at(13, 17));
  });

  it('formats the countdown as hours and minutes', () => {
    expect(formatUnlocksIn(at(6, 17).getTime() - at(6, 14, 30).getTime())).toBe('2h 30m');
    expect(formatUnlocksIn(at(6, 17).getTime() - at(2, 12).getTime())).toBe('101h 0m');
    expect(formatUnlocksIn(-5)).toBe('0h 0m');
  });
});

describe("weekend window in the user's zone", () => {
  // 2026-01-16 is a Friday.
  it.each([
    ['Pacific/Auckland', '2026-01-16T03:59:00Z', false], // Fri 16:59 NZDT
    ['Pacific/Auckland', '2026-01-16T04:00:00Z', true], // Fri 17:00 NZDT (still Friday 04:00 in UTC)
    ['America/New_York', '2026-01-16T21:59:00Z', false], // Fri 16:59 EST
    ['America/New_York', '2026-01-16T22:00:00Z', true], // Fri 17:00 EST
    ['America/New_York', '2026-01-19T04:59:00Z', true], // Sun 23:59 EST (Monday in UTC)
    ['America/New_York', '2026-01-19T05:00:00Z', false], // Mon 00:00 EST
    ['Asia/Kolkata', '2026-01-16T11:29:00Z', false], // Fri 16:59 IST
    ['Asia/Kolkata', '2026-01-16T11:30:00Z', true], // Fri 17:00 IST
  ])('%s at %s → %s', (zone, iso, open) => {
    expect(isWeekendWindow(new Date(iso), zone)).toBe(open);
  });

  it('opens at Friday 17:00 local across a DST switch (New York, summer time)', () => {
    // 2026-03-13 is the Friday after the switch: 17:00 EDT = 21:00Z.
    expect(nextWeekendStart(new Date('2026-03-09T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-13T21:00:00.000Z',
    );
    expect(nextWeekendStart(new Date('2026-03-09T12:00:00Z'), 'Pacific/Auckland').toISOString()).toBe(
      '2026-03-13T04:00:00.000Z',
    );
    expect(nextWeekendStart(new Date('2026-03-13T21:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-20T21:00:00.000Z',
    );
  });

  it('ends the window at Monday 00:00 local', () => {
    expect(weekendEnd(new Date('2026-01-17T12:00:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-01-18T18:30:00.000Z');
  });
});
