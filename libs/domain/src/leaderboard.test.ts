import { describe, expect, it } from 'vitest';
import { competitionRanks, podLeagueShare, xpWeekAt } from './leaderboard';
import { weekNumberOfDate } from './weeks';

describe('leaderboard rules', () => {
  it('ranks ties by standard competition ranking (1, 2, 2, 4)', () => {
    expect(competitionRanks([90, 80, 80, 70])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([5, 5, 5, 5])).toEqual([1, 1, 1, 1]);
    expect(competitionRanks([3, 2, 1])).toEqual([1, 2, 3]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('counts XP toward the week of the earner’s local date (weeks start on Sunday)', () => {
    // Saturday 23:30 in New York is already Sunday in UTC.
    const at = new Date('2026-01-18T04:30:00Z');
    expect(xpWeekAt(at, 'America/New_York')).toBe(weekNumberOfDate('2026-01-17'));
    expect(xpWeekAt(at, 'UTC')).toBe(weekNumberOfDate('2026-01-18'));
    expect(xpWeekAt(at, 'UTC')).toBe(xpWeekAt(at, 'America/New_York') + 1);
  });

  it('scores a pod by the share of members who completed', () => {
    expect(podLeagueShare(3, 4)).toBe(0.75);
    expect(podLeagueShare(0, 0)).toBe(0);
    expect(podLeagueShare(5, 4)).toBe(1);
  });
});
