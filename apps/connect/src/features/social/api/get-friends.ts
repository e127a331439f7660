import { useQuery } from '@vere/web-query';
import type { FriendList } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export function getFriends(signal?: AbortSignal): Promise<FriendList> {
  return apiFetch<FriendList>('/api/pods/friends', { signal });
}

export function friendsQueryOptions() {
  return {
    queryKey: keys.friends,
    queryFn: ({ signal }: { signal: AbortSignal }) => getFriends(signal),
    ...queryRetry(),
  };
}

export function useFriends() {
  return useQuery(friendsQueryOptions());
}
