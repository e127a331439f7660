import { useQuery } from '@vere/web-query';
import type { UnreadCount } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { notificationKeys, UNREAD_POLL_MS } from './keys';

export const useUnreadCount = () =>
  useQuery({
    ...getQueryOptions<UnreadCount>(notificationKeys.unread, '/api/identity/me/notifications/unread-count'),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
