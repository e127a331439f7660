import { useMutation } from '@vere/web-query';
import type { PodInvite } from '@vere/contracts';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

/** Revokes every invite link of the pod and answers a new one. */
export function rotateInvites(podId: string): Promise<PodInvite> {
  return apiFetch<PodInvite>(`${podPath(podId)}/invites/rotate`, { method: 'POST', json: {} });
}

export function useRotateInvites(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => rotateInvites(podId),
    onSettled: () => invalidate(keys.pod(podId), myPodsQueryKey),
  });
}
