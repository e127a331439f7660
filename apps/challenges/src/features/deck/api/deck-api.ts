import { useQuery } from '@vere/web-query';
import type { AcceptResult, Limits, SidequestList, SidequestType, SkipResult } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { progressRetryDelay, shouldRetryProgress } from '../../progress/api/get-progress';

export const limitsQueryKey = ['quests', 'me', 'limits'] as const;
export const sidequestsQueryKey = (type: SidequestType) => ['quests', 'sidequests', type] as const;

export function getLimits(signal?: AbortSignal): Promise<Limits> {
  return apiFetch<Limits>('/api/quests/me/limits', { signal });
}

export function getSidequests(type: SidequestType, signal?: AbortSignal): Promise<SidequestList> {
  return apiFetch<SidequestList>(`/api/quests/sidequests?type=${type}`, { signal });
}

export function acceptSidequest(sidequestId: string): Promise<AcceptResult> {
  return apiFetch<AcceptResult>('/api/quests/me/swipes/accept', { method: 'POST', json: { sidequestId } });
}

export function skipSidequest(sidequestId: string): Promise<SkipResult> {
  return apiFetch<SkipResult>('/api/quests/me/swipes/skip', { method: 'POST', json: { sidequestId } });
}

/** Right after sign-up the player may not exist yet: the same retries as the progress read. */
export function useLimits() {
  return useQuery({ queryKey: limitsQueryKey, queryFn: ({ signal }) => getLimits(signal), retry: shouldRetryProgress, retryDelay: progressRetryDelay });
}

export function useSidequests(type: SidequestType) {
  return useQuery({ queryKey: sidequestsQueryKey(type), queryFn: ({ signal }) => getSidequests(type, signal), staleTime: 5 * 60_000 });
}
