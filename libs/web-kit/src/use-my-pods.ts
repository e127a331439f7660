import { useQuery } from '@vere/web-query';
import type { MyPods } from '@vere/contracts';
import { apiFetch, getQueryOptions } from '@vere/web-session';

export const MY_PODS_PATH = '/api/pods/me/pods';
export const myPodsQueryKey = ['pods', 'me', 'pods'] as const;

/** The pods the signed-in user is in, with each pod's streak (the connect hub, the weekly view's pods). */
export function getMyPods(signal?: AbortSignal): Promise<MyPods> {
  return apiFetch<MyPods>(MY_PODS_PATH, { signal });
}

export const myPodsQueryOptions = () => getQueryOptions<MyPods>(myPodsQueryKey, MY_PODS_PATH);

/** `staleTime`: how long a page may show the list without asking again (the app's default otherwise). */
export function useMyPods(options: { staleTime?: number } = {}) {
  return useQuery({ ...myPodsQueryOptions(), ...options });
}
