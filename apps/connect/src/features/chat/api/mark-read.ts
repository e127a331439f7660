import { useMutation, useQueryClient } from '@vere/web-query';
import { apiFetch } from '@vere/web-session';
import { chatKeys } from '../../../shared/utils/query-keys';
import { markedRead } from '../utils/chat-cache';
import { CHATS_API } from './get-chat';

/** Marks what the friend sent as read. */
export function markRead(friendId: string): Promise<void> {
  return apiFetch<void>(`${CHATS_API}/${encodeURIComponent(friendId)}/read`, { method: 'POST' });
}

export function useMarkRead(friendId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(friendId),
    onSuccess: () => {
      markedRead(client, friendId, friendId, new Date().toISOString());
      return client.invalidateQueries({ queryKey: chatKeys.unread });
    },
  });
}
