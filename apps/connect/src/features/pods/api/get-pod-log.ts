import { useInfiniteQuery } from '@vere/web-query';
import type { PodLogPage } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export function getPodLog(podId: string, cursor: string | null, signal?: AbortSignal): Promise<PodLogPage> {
  return apiFetch<PodLogPage>(`${podPath(podId)}/log?${new URLSearchParams(cursor ? { cursor } : {}).toString()}`, {
    signal,
  });
}

/** Older log pages after the first one PodDetail carries, read on demand. */
export function usePodLogMore(podId: string, firstCursor: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: [...keys.podLog(podId), firstCursor ?? ''],
    enabled: false,
    initialPageParam: firstCursor ?? null,
    queryFn: ({ pageParam, signal }) => getPodLog(podId, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    ...queryRetry(),
  });
}
