import { useMutation } from '@vere/web-query';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export function revokeInvite(podId: string, code: string): Promise<void> {
  return apiFetch<void>(`${podPath(podId)}/invites/${encodeURIComponent(code)}`, { method: 'DELETE' });
}

export function useRevokeInvite(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) => revokeInvite(podId, code),
    onSettled: () => invalidate(keys.pod(podId), myPodsQueryKey),
  });
}
