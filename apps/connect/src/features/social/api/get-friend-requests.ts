import { useQuery } from '@vere/web-query';
import type { FriendRequestList } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export function getFriendRequests(signal?: AbortSignal): Promise<FriendRequestList> {
  return apiFetch<FriendRequestList>('/api/pods/friends/requests', { signal });
}

export function friendRequestsQueryOptions() {
  return {
    queryKey: keys.requests,
    queryFn: ({ signal }: { signal: AbortSignal }) => getFriendRequests(signal),
    ...queryRetry(),
  };
}

export function useFriendRequests() {
  return useQuery(friendRequestsQueryOptions());
}
