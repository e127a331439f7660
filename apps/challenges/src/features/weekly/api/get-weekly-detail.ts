import { useQuery } from '@vere/web-query';
import type { WeeklyDetail } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const weeklyDetailQueryKey = (id: string) => ['quests', 'me', 'weekly', 'detail', id] as const;

export function getWeeklyDetail(id: string, signal?: AbortSignal): Promise<WeeklyDetail> {
  return apiFetch<WeeklyDetail>(`/api/quests/me/weekly/${encodeURIComponent(id)}`, { signal });
}

/** One challenge and the user's victory in it (a victory's detail, a link to another week); one retry of an outage. */
export function weeklyDetailQueryOptions(id: string | null) {
  return {
    queryKey: weeklyDetailQueryKey(id ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) => getWeeklyDetail(id ?? '', signal),
    enabled: id !== null,
    ...queryRetry(1),
  };
}

export function useWeeklyDetail(id: string | null) {
  return useQuery(weeklyDetailQueryOptions(id));
}
