import { localDate } from './time-zone';
import { weekNumberOfDate } from './weeks';

// Leaderboards (issue 22 point 4, decision 0037).

/** What a board counts: XP earned this week, or all the XP ever earned. */
export const LEADERBOARD_PERIODS = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** Whom a board ranks: the user and their friends, the user and everyone in their pods, or every player. */
export const LEADERBOARD_SCOPES = ['friends', 'pods', 'everyone'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

export const LEADERBOARD_DEFAULT_LIMIT = 10;
export const LEADERBOARD_MAX_LIMIT = 100;

/** A pod takes part in the weekly league from this many members on (a pod of one is not a team). */
export const POD_LEAGUE_MIN_MEMBERS = 2;
export const POD_LEAGUE_SHOWN = 20;

/**
 * The week number XP counts toward: the week (Sunday to Saturday) holding the local date in the
 * earner's zone at the award, numbered as the weekly challenge's weeks are (weeks.ts). A viewer's
 * "this week" is the same number taken in the viewer's zone.
 */
export const xpWeekAt = (now: Date, timeZone: string): number => weekNumberOfDate(localDate(now, timeZone));

/**
 * Standard competition ranking ("1, 2, 2, 4"): a rank is 1 + the number of scores strictly above;
 * equal scores share a rank and the next distinct score skips the shared places. `scores` must be
 * sorted from best to worst.
 */
export function competitionRanks(scores: readonly number[]): number[] {
  const ranks: number[] = [];
  scores.forEach((score, i) => {
    ranks.push(i > 0 && scores[i - 1] === score ? ranks[i - 1]! : i + 1);
  });
  return ranks;
}

/** A pod's league score: the share of its members who completed this week's challenge, 0 to 1. */
export const podLeagueShare = (completed: number, members: number): number =>
  members <= 0 ? 0 : Math.min(1, completed / members);
