import type { PodComment } from '@vere/contracts';
import { useMutation } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export function addComment(podId: string, entryId: string, body: string): Promise<PodComment> {
  return apiFetch<PodComment>(`${podPath(podId)}/log/${encodeURIComponent(entryId)}/comments`, {
    method: 'POST',
    json: { body },
  });
}

export function useAddComment(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { entryId: string; body: string }) => addComment(podId, v.entryId, v.body),
    onSettled: () => invalidate(keys.pod(podId)),
  });
}
