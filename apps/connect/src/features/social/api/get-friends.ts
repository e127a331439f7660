import { useQuery } from '@vere/web-query';
import type { FriendList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { keys } from '../../../shared/utils/query-keys';

export const friendsQueryOptions = () => getQueryOptions<FriendList>(keys.friends, '/api/pods/friends');

export const useFriends = () => useQuery(friendsQueryOptions());
