import { useMutation } from '@vere/web-query';
import type { FriendshipState } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { useInvalidate } from '../../../shared/hooks/use-invalidate';
import { FRIENDSHIP_KEYS } from '../../../shared/utils/query-keys';

/** A request to `userId`; the answer says whether it made you friends at once (they had asked you). */
export function sendFriendRequest(userId: string): Promise<FriendshipState> {
  return apiFetch<FriendshipState>('/api/pods/friends/requests', { method: 'POST', json: { userId } });
}

export function useSendFriendRequest() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: sendFriendRequest, onSettled: () => invalidate(...FRIENDSHIP_KEYS) });
}
