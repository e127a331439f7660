import { useQuery } from '@vere/web-query';
import type { UnreadCount } from '@vere/contracts';
import { getQueryOptions, useAfterFirstScreen } from '@vere/web-session';
import { notificationKeys, UNREAD_POLL_MS } from './keys';

/** The bell's count: read once the first screen is done (a badge does not hold up the page), then polled. */
export const useUnreadCount = () =>
  useQuery({
    ...getQueryOptions<UnreadCount>(notificationKeys.unread, '/api/identity/me/notifications/unread-count'),
    enabled: useAfterFirstScreen(),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
