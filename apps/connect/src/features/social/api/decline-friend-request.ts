import { useMutation } from '@vere/web-query';
import { dispatchAppEvent } from '@vere/web-kit';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { FRIENDSHIP_KEYS } from '../../../shared/utils/query-keys';

export function declineFriendRequest(userId: string): Promise<void> {
  return apiFetch<void>(`/api/pods/friends/requests/${encodeURIComponent(userId)}/decline`, { method: 'POST' });
}

export function useDeclineFriendRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: declineFriendRequest,
    onSettled: () => {
      dispatchAppEvent('friend-requests-updated');
      return invalidate(...FRIENDSHIP_KEYS);
    },
  });
}
