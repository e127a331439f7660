import { useMutation } from '@vere/web-query';
import type { PodDetail } from '@vere/contracts';
import { myPodsQueryKey } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export type RenamePodBody = { name?: string; description?: string | null };

export function renamePod(podId: string, body: RenamePodBody): Promise<PodDetail> {
  return apiFetch<PodDetail>(podPath(podId), { method: 'PATCH', json: body });
}

export function useRenamePod(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: RenamePodBody) => renamePod(podId, body),
    onSettled: () => invalidate(keys.pod(podId), myPodsQueryKey),
  });
}
