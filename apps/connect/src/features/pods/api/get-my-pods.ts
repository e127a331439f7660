import { useQuery } from '@vere/web-query';
import type { MyPods } from '@vere/contracts';
import { apiFetch, isApiError } from '@vere/web-session';

export const MY_PODS_PATH = '/api/pods/me/pods';
export const myPodsQueryKey = ['pods', 'me', 'pods'] as const;

export type { MyPods, PodSummary } from '@vere/contracts';

export function getMyPods(signal?: AbortSignal): Promise<MyPods> {
  return apiFetch<MyPods>(MY_PODS_PATH, { signal });
}

const OTHER_RETRIES = 2;

export function shouldRetryMyPods(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < OTHER_RETRIES;
}

export function myPodsRetryDelay(failureCount: number): number {
  return Math.min(1_000 * 2 ** failureCount, 4_000);
}

export function useMyPods() {
  return useQuery({
    queryKey: myPodsQueryKey,
    queryFn: ({ signal }) => getMyPods(signal),
    retry: shouldRetryMyPods,
    retryDelay: myPodsRetryDelay,
  });
}
