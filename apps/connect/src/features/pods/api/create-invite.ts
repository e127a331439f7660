import { useMutation } from '@vere/web-query';
import type { PodInvite } from '@vere/contracts';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

/** A new invite link; without `expiresInHours` it never expires. */
export function createInvite(podId: string, expiresInHours?: number): Promise<PodInvite> {
  return apiFetch<PodInvite>(`${podPath(podId)}/invites`, {
    method: 'POST',
    json: expiresInHours ? { expiresInHours } : {},
  });
}

export function useCreateInvite(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (expiresInHours?: number) => createInvite(podId, expiresInHours),
    onSettled: () => invalidate(keys.pod(podId), myPodsQueryKey),
  });
}
