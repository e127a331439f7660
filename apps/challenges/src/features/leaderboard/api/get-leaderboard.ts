import { useQuery } from '@vere/web-query';
import type { Leaderboard } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';

export const LEADERBOARD_SIZE = 10;
export const leaderboardQueryKey = ['quests', 'leaderboard', LEADERBOARD_SIZE] as const;

export function getLeaderboard(signal?: AbortSignal): Promise<Leaderboard> {
  return apiFetch<Leaderboard>(`/api/quests/leaderboard?limit=${LEADERBOARD_SIZE}`, { signal });
}

export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardQueryKey, queryFn: ({ signal }) => getLeaderboard(signal) });
}
