import { describe, expect, it } from 'vitest';
import { addDays } from './time-zone';
import {
  splitChallengeText,
  streakAfterCompletion,
  streakShownIn,
  weekDates,
  weekEndsAt,
  weekNumberOfDate,
  weekStartAt,
  weekStartOfDate,
  weeklyStreak,
} from './weeks';

const weeksBack = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, -7 * i));

describe('weeks start on Sunday', () => {
  it('names a week by its Sunday', () => {
    expect(weekStartOfDate('2026-11-22')).toBe('2026-11-22'); // Sunday
    expect(weekStartOfDate('2026-11-28')).toBe('2026-11-22'); // Saturday
    expect(weekStartOfDate('2026-11-29')).toBe('2026-11-29');
    expect(weekStartOfDate('2027-01-02')).toBe('2026-12-27'); // across the year end
  });

  it('numbers weeks so that a number gives back its Sunday-to-Saturday dates', () => {
    const n = weekNumberOfDate('2026-11-25');
    expect(weekDates(n)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
    expect(weekNumberOfDate('2026-11-29')).toBe(n + 1);
    expect(weekNumberOfDate('2026-11-28')).toBe(n);
    expect(weekDates(0).startDate).toBe('1970-01-04');
  });

  it('turns at Sunday 00:00 in America/Los_Angeles', () => {
    // Sunday 2026-11-22 00:00 PST is 08:00Z.
    expect(weekStartAt(new Date('2026-11-22T07:59:59Z'), 'America/Los_Angeles')).toBe('2026-11-15');
    expect(weekStartAt(new Date('2026-11-22T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-22');
    expect(weekEndsAt(new Date('2026-11-22T07:59:59Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-22T08:00:00.000Z',
    );
  });

  it('ends the week on local midnight in Europe/London across the DST switches', () => {
    // BST ends Sunday 2026-10-25 (a 25-hour day): that Sunday starts at 2026-10-24T23:00Z (still BST).
    expect(weekEndsAt(new Date('2026-10-21T12:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-10-24T23:00:00.000Z',
    );
    expect(weekStartAt(new Date('2026-10-24T22:59:59Z'), 'Europe/London')).toBe('2026-10-18');
    expect(weekStartAt(new Date('2026-10-24T23:00:00Z'), 'Europe/London')).toBe('2026-10-25');
    // The following week, now in GMT, ends at midnight UTC.
    expect(weekEndsAt(new Date('2026-10-28T12:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    // BST starts Sunday 2026-03-29: that Sunday starts at 00:00Z (GMT), the next one at 23:00Z the day before.
    expect(weekEndsAt(new Date('2026-03-25T12:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    expect(weekEndsAt(new Date('2026-04-01T12:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-04-04T23:00:00.000Z',
    );
  });

  it('starts the week 14 hours before UTC in Pacific/Kiritimati', () => {
    // Saturday 2026-11-21 10:00Z is Sunday 00:00 at UTC+14.
    expect(weekStartAt(new Date('2026-11-21T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-11-15');
    expect(weekStartAt(new Date('2026-11-21T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-22');
    expect(weekStartAt(new Date('2026-11-21T10:00:00Z'), 'UTC')).toBe('2026-11-15');
  });
});

describe('weekly streak', () => {
  const current = '2026-11-22';

  it.each([3, 10, 100])('counts %i consecutive weeks', (n) => {
    expect(weeklyStreak(weeksBack(current, n), current)).toBe(n);
  });

  it('looks back at most 100 weeks', () => {
    expect(weeklyStreak(weeksBack(current, 130), current)).toBe(100);
  });

  it('stops at a gap week', () => {
    const weeks = [...weeksBack(current, 3), ...weeksBack(addDays(current, -28), 5)];
    expect(weeklyStreak(weeks, current)).toBe(3);
  });

  it('is not broken by a current week without a completion yet', () => {
    expect(weeklyStreak(weeksBack(addDays(current, -7), 4), current)).toBe(4);
    expect(weeklyStreak(weeksBack(addDays(current, -14), 4), current)).toBe(0);
    expect(weeklyStreak([], current)).toBe(0);
  });

  it('counts several completions in one week once', () => {
    expect(weeklyStreak([current, current, addDays(current, -7)], current)).toBe(2);
  });

  it('grows by one per new consecutive week and restarts after a gap', () => {
    let s = streakAfterCompletion({ currentStreak: 0, lastCompletedWeek: null }, '2026-11-08');
    expect(s).toEqual({ currentStreak: 1, lastCompletedWeek: '2026-11-08' });
    s = streakAfterCompletion(s, '2026-11-08');
    expect(s.currentStreak).toBe(1);
    s = streakAfterCompletion(s, '2026-11-15');
    expect(s.currentStreak).toBe(2);
    expect(streakAfterCompletion(s, '2026-11-29')).toEqual({ currentStreak: 1, lastCompletedWeek: '2026-11-29' });
    expect(
      streakAfterCompletion({ currentStreak: 100, lastCompletedWeek: '2026-11-15' }, '2026-11-22').currentStreak,
    ).toBe(100);
  });

  it('shows a stored streak until a whole week has passed without a completion', () => {
    const s = { currentStreak: 5, lastCompletedWeek: '2026-11-15' };
    expect(streakShownIn(s, '2026-11-15')).toBe(5);
    expect(streakShownIn(s, '2026-11-22')).toBe(5);
    expect(streakShownIn(s, '2026-11-29')).toBe(0);
    expect(streakShownIn({ currentStreak: 0, lastCompletedWeek: null }, '2026-11-29')).toBe(0);
  });
});

describe('challenge text', () => {
  it('splits at "- Instead of"', () => {
    expect(splitChallengeText('Do the thing.\n- Instead of the usual, try this.')).toEqual({
      part1: 'Do the thing.',
      part2: '- Instead of the usual, try this.',
    });
    expect(splitChallengeText('No marker here.')).toEqual({ part1: 'No marker here.', part2: '' });
  });
});
