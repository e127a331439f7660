import { useQuery } from '@vere/web-query';
import type { Leaderboard } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const LEADERBOARD_SIZE = 10;
export const leaderboardQueryKey = ['quests', 'leaderboard', LEADERBOARD_SIZE] as const;

export const leaderboardQueryOptions = () =>
  getQueryOptions<Leaderboard>(leaderboardQueryKey, `/api/quests/leaderboard?limit=${LEADERBOARD_SIZE}`);

export const useLeaderboard = () => useQuery(leaderboardQueryOptions());
