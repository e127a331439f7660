import { useQuery } from '@vere/web-query';
import type { SidequestList, SidequestType } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const sidequestsQueryKey = (type: SidequestType) => ['quests', 'sidequests', type] as const;

export function getSidequests(type: SidequestType, signal?: AbortSignal): Promise<SidequestList> {
  return apiFetch<SidequestList>(`/api/quests/sidequests?type=${type}`, { signal });
}

export function sidequestsQueryOptions(type: SidequestType) {
  return {
    queryKey: sidequestsQueryKey(type),
    queryFn: ({ signal }: { signal: AbortSignal }) => getSidequests(type, signal),
    staleTime: 5 * 60_000,
    ...queryRetry(),
  };
}

export function useSidequests(type: SidequestType) {
  return useQuery(sidequestsQueryOptions(type));
}
