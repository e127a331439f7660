import { useQuery } from '@vere/web-query';
import type { Limits } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const limitsQueryKey = ['quests', 'me', 'limits'] as const;

export function getLimits(signal?: AbortSignal): Promise<Limits> {
  return apiFetch<Limits>('/api/quests/me/limits', { signal });
}

export function limitsQueryOptions() {
  return {
    queryKey: limitsQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getLimits(signal),
    ...queryRetry(),
  };
}

export function useLimits() {
  return useQuery(limitsQueryOptions());
}
