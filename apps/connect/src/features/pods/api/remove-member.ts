import { useMutation } from '@vere/web-query';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export function removeMember(podId: string, userId: string): Promise<void> {
  return apiFetch<void>(`${podPath(podId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveMember(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: string) => removeMember(podId, userId),
    onSettled: () => invalidate(keys.pod(podId), myPodsQueryKey),
  });
}
