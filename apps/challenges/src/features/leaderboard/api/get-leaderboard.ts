import { useQuery } from '@vere/web-query';
import type { Leaderboard } from '@vere/contracts';
import type { LeaderboardPeriod, LeaderboardScope } from '@vere/domain';
import { getQueryOptions } from '@vere/web-session';

export const LEADERBOARD_SIZE = 10;
/** Every board and the pod league: what an XP change invalidates. */
export const leaderboardQueryKey = ['quests', 'leaderboard'] as const;

export const leaderboardQueryOptions = (period: LeaderboardPeriod, scope: LeaderboardScope) =>
  getQueryOptions<Leaderboard>(
    [...leaderboardQueryKey, period, scope, LEADERBOARD_SIZE],
    `/api/quests/leaderboard?period=${period}&scope=${scope}&limit=${LEADERBOARD_SIZE}`,
  );

export const useLeaderboard = (period: LeaderboardPeriod, scope: LeaderboardScope) =>
  useQuery({ ...leaderboardQueryOptions(period, scope), placeholderData: (previous) => previous });
