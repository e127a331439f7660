import { describe, expect, it } from 'vitest';
import { formatUnlocksIn, isWeekendWindow, nextWeekendStart } from './weekend';

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
