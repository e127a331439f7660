import { useInfiniteQuery } from '@vere/web-query';
import type { NotificationsPage } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { notificationKeys } from './keys';

export function listNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationsPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<NotificationsPage>(`/api/identity/me/notifications?${params.toString()}`, { signal });
}

/** The centre, newest first, 20 at a time; fetched while the panel is open. */
export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    // Opening the centre always shows what is new since it was last open.
    refetchOnMount: 'always',
    ...queryRetry(),
  });
}
