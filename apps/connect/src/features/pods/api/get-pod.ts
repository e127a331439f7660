import { useQuery } from '@vere/web-query';
import type { PodDetail } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export const podPath = (podId: string) => `/api/pods/pods/${encodeURIComponent(podId)}`;

/** A pod with its members, invites (for its creator) and the first page of its log. */
export function getPod(podId: string, signal?: AbortSignal): Promise<PodDetail> {
  return apiFetch<PodDetail>(podPath(podId), { signal });
}

export function podQueryOptions(podId: string) {
  return {
    queryKey: keys.pod(podId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPod(podId, signal),
    ...queryRetry(),
  };
}

export function usePod(podId: string) {
  return useQuery(podQueryOptions(podId));
}
