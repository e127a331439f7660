import { useMutation } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { FRIENDSHIP_KEYS } from '../../../shared/utils/query-keys';

export function removeFriend(userId: string): Promise<void> {
  return apiFetch<void>(`/api/pods/friends/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveFriend() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: removeFriend, onSettled: () => invalidate(...FRIENDSHIP_KEYS) });
}
