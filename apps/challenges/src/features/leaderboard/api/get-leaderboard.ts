import { useQuery } from '@vere/web-query';
import type { Leaderboard } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const LEADERBOARD_SIZE = 10;
export const leaderboardQueryKey = ['quests', 'leaderboard', LEADERBOARD_SIZE] as const;

export function getLeaderboard(signal?: AbortSignal): Promise<Leaderboard> {
  return apiFetch<Leaderboard>(`/api/quests/leaderboard?limit=${LEADERBOARD_SIZE}`, { signal });
}

export function leaderboardQueryOptions() {
  return {
    queryKey: leaderboardQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getLeaderboard(signal),
    ...queryRetry(),
  };
}

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
