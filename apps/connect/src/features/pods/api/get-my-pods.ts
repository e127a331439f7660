import { useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@vere/web-session';

export const MY_PODS_PATH = '/api/pods/me/pods';
export const myPodsQueryKey = ['pods', 'me', 'pods'] as const;

/** One pod the signed-in user created or belongs to, as the pods service answers it. */
export interface PodSummary {
  id: string;
  name: string;
  /** Consecutive weeks the pod kept its streak. */
  currentStreak: number;
  memberCount: number;
}

export interface MyPods {
  pods: PodSummary[];
}

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
