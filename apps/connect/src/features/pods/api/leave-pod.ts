import { useMutation } from '@vere/web-query';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { podPath } from './get-pod';

export function leavePod(podId: string): Promise<void> {
  return apiFetch<void>(`${podPath(podId)}/leave`, { method: 'POST' });
}

export function useLeavePod(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => leavePod(podId), onSettled: () => invalidate(myPodsQueryKey) });
}
