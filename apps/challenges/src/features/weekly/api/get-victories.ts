import { useQuery } from '@vere/web-query';
import type { Victories } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const victoriesQueryKey = ['quests', 'me', 'weekly', 'victories'] as const;

/** Spec §9: Recent Victories shows 5 on a phone, 8 on a desktop; the larger number is fetched. */
export const VICTORIES_FETCHED = 8;

export function getVictories(signal?: AbortSignal): Promise<Victories> {
  return apiFetch<Victories>(`/api/quests/me/weekly/victories?limit=${VICTORIES_FETCHED}`, { signal });
}

export function victoriesQueryOptions() {
  return {
    queryKey: victoriesQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getVictories(signal),
    ...queryRetry(),
  };
}

export function useVictories() {
  return useQuery(victoriesQueryOptions());
}
