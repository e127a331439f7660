import { useQuery } from '@vere/web-query';
import type { PodAllowance } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

/** How many pods the user may create and how large they may grow (the service enforces it). */
export function getAllowance(signal?: AbortSignal): Promise<PodAllowance> {
  return apiFetch<PodAllowance>('/api/pods/me/allowance', { signal });
}

export function allowanceQueryOptions() {
  return {
    queryKey: keys.allowance,
    queryFn: ({ signal }: { signal: AbortSignal }) => getAllowance(signal),
    ...queryRetry(),
  };
}

export function useAllowance() {
  return useQuery(allowanceQueryOptions());
}
