import { useMutation, useQueryClient } from '@vere/web-query';
import type { UnreadCount } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { notificationKeys } from './keys';

export function markRead(id: string): Promise<UnreadCount> {
  return apiFetch<UnreadCount>(`/api/identity/me/notifications/${id}/read`, { method: 'POST' });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (count) => {
      client.setQueryData(notificationKeys.unread, count);
      void client.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
