import { useQuery } from '@vere/web-query';
import type { FriendRequestList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export const friendRequestsQueryOptions = () =>
  getQueryOptions<FriendRequestList>(keys.requests, '/api/pods/friends/requests');

export const useFriendRequests = () => useQuery(friendRequestsQueryOptions());
