import { useMutation } from '@vere/web-query';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export function deletePod(podId: string): Promise<void> {
  return apiFetch<void>(podPath(podId), { method: 'DELETE' });
}

export function useDeletePod(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => deletePod(podId),
    onSettled: () => invalidate(myPodsQueryKey, keys.allowance),
  });
}
