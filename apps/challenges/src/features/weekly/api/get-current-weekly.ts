import { useQuery } from '@vere/web-query';
import type { CurrentWeekly } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const weeklyQueryKey = ['quests', 'me', 'weekly'] as const;

export function getCurrentWeekly(signal?: AbortSignal): Promise<CurrentWeekly> {
  return apiFetch<CurrentWeekly>('/api/quests/me/weekly', { signal });
}

export function currentWeeklyQueryOptions() {
  return {
    queryKey: weeklyQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getCurrentWeekly(signal),
    ...queryRetry(),
  };
}

export function useCurrentWeekly() {
  return useQuery(currentWeeklyQueryOptions());
}
