import { describe, expect, it } from 'vitest';
import { backedOff, backoffFactor, ignoredInARow, type Delivery } from './notification-backoff';

const DAY = 86_400_000;
const at = (daysAgo: number, read = false): Delivery => ({ at: new Date(Date.UTC(2027, 0, 10) - daysAgo * DAY), read });
const now = new Date(Date.UTC(2027, 0, 10));

describe('back-off for ignored kinds (decision 0055)', () => {
  it('counts the unread deliveries up to the newest one read', () => {
    expect(ignoredInARow([at(1), at(2), at(3, true), at(4)])).toBe(2);
    expect(ignoredInARow([])).toBe(0);
  });

  it('doubles the gap from the third ignored in a row, to eight periods at most', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffFactor)).toEqual([1, 1, 1, 2, 4, 8, 8]);
  });

  it('holds a daily reminder back a day after three ignored, and sends once two days have passed', () => {
    const three = [at(1), at(2), at(3)];
    expect(backedOff('challenge_reminder', three, now)).toBe(true);
    expect(backedOff('challenge_reminder', [at(2), at(3), at(4)], now)).toBe(false);
    expect(backedOff('challenge_reminder', [at(1), at(2, true), at(3)], now)).toBe(false);
  });

  it('never holds back a streak warning or a kind without history', () => {
    expect(backedOff('streak_at_risk', [at(1), at(2), at(3), at(4)], now)).toBe(false);
    expect(backedOff('challenge_reminder', [], now)).toBe(false);
  });

  it('counts a weekly kind in weeks', () => {
    const weeks = [at(7), at(14), at(21)];
    expect(backedOff('weekly_announcement', weeks, now)).toBe(true);
    expect(backedOff('weekly_announcement', [at(14), at(21), at(28)], now)).toBe(false);
  });
});
