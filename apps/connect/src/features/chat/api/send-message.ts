import { useMutation, useQueryClient } from '@vere/web-query';
import type { ChatMessage } from '@vere/contracts';
import { apiFetch } from '@vere/web-session';
import { addMessage } from '../utils/chat-cache';
import { CHATS_API } from './get-chat';

export function sendMessage(friendId: string, body: string): Promise<ChatMessage> {
  return apiFetch<ChatMessage>(`${CHATS_API}/${encodeURIComponent(friendId)}/messages`, {
    method: 'POST',
    json: { body },
  });
}

export function useSendMessage(friendId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(friendId, body),
    onSuccess: (message) => addMessage(client, friendId, message),
  });
}
