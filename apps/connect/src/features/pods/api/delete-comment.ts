import { useMutation } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { keys } from '../../../shared/utils/query-keys';
import { podPath } from './get-pod';

export function deleteComment(podId: string, entryId: string, commentId: string): Promise<void> {
  return apiFetch<void>(
    `${podPath(podId)}/log/${encodeURIComponent(entryId)}/comments/${encodeURIComponent(commentId)}`,
    { method: 'DELETE' },
  );
}

export function useDeleteComment(podId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { entryId: string; commentId: string }) => deleteComment(podId, v.entryId, v.commentId),
    onSettled: () => invalidate(keys.pod(podId)),
  });
}
