import { useMutation, useQueryClient } from '@vere/web-query';
import type { UnreadCount } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { notificationKeys } from './keys';

export function markAllRead(): Promise<UnreadCount> {
  return apiFetch<UnreadCount>('/api/identity/me/notifications/read-all', { method: 'POST' });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: (count) => {
      client.setQueryData(notificationKeys.unread, count);
      void client.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
