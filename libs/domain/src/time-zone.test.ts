import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, localDate, nextLocalMidnight } from './time-zone';

describe('time zones', () => {
  it.each(['Pacific/Auckland', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Asia/Calcutta'])('accepts %s', (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each(['', 'Mars/Olympus_Mons', '+05:30', 'EST5EDT ', 'utc; drop table', 'Europe/'])('refuses %j', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });

  it('tells the local calendar date on either side of the date line', () => {
    const instant = new Date('2026-01-15T11:30:00Z');
    expect(localDate(instant, 'Pacific/Auckland')).toBe('2026-01-16'); // 00:30 NZDT
    expect(localDate(instant, 'America/New_York')).toBe('2026-01-15'); // 06:30 EST
    expect(localDate(new Date('2026-01-15T18:29:00Z'), 'Asia/Kolkata')).toBe('2026-01-15'); // 23:59 IST
    expect(localDate(new Date('2026-01-15T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-01-16'); // 00:00 IST
  });

  it('finds local midnight across both New York DST switches', () => {
    // 2026-03-08 springs forward (a 23-hour day); 2026-11-01 falls back (a 25-hour day).
    expect(nextLocalMidnight(new Date('2026-03-08T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(nextLocalMidnight(new Date('2026-03-07T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(nextLocalMidnight(new Date('2026-11-01T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    expect(nextLocalMidnight(new Date('2026-10-31T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
