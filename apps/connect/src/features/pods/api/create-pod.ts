import { useMutation } from '@vere/web-query';
import type { PodDetail } from '@vere/contracts';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';

export function createPod(body: { name: string; description?: string }): Promise<PodDetail> {
  return apiFetch<PodDetail>('/api/pods/pods', { method: 'POST', json: body });
}

export function useCreatePod() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createPod, onSettled: () => invalidate(myPodsQueryKey, keys.allowance) });
}
