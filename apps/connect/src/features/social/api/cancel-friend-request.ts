import { useMutation } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { FRIENDSHIP_KEYS } from '../../../shared/utils/query-keys';

export function cancelFriendRequest(userId: string): Promise<void> {
  return apiFetch<void>(`/api/pods/friends/requests/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useCancelFriendRequest() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: cancelFriendRequest, onSettled: () => invalidate(...FRIENDSHIP_KEYS) });
}
