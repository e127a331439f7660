import { useMutation } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { FRIENDSHIP_KEYS, keys } from '../../../shared/utils/query-keys';

export function unblockUser(userId: string): Promise<void> {
  return apiFetch<void>(`/api/pods/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useUnblockUser() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: unblockUser, onSettled: () => invalidate(...FRIENDSHIP_KEYS, keys.blocks) });
}
