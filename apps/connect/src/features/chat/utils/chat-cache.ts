import type { QueryClient, InfiniteData } from '@vere/web-query';
import type { ChatMessage, ChatPage, UserCard } from '@vere/contracts';
import { chatKeys } from '../../../shared/utils/query-keys';

/** A page of the chat as cached: the first one (GET /chats/{id}) also names the friend. */
export type ChatCachePage = ChatPage & { friend?: UserCard; unread?: number };
export type ChatCache = InfiniteData<ChatCachePage, string | null>;

/** Oldest first, as the list shows them; each message once. */
export function messagesOf(data: ChatCache | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  for (const page of data.pages) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out.reverse();
}

/** Puts a message (sent here, or from the stream) into its chat's cache, if that chat is loaded. */
export function addMessage(client: QueryClient, friendId: string, message: ChatMessage): void {
  client.setQueryData<ChatCache>(chatKeys.chat(friendId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
  });
}

/** In the chat with `friendId`, marks what `senderId` sent as read at `at` (once the server has). */
export function markedRead(client: QueryClient, friendId: string, senderId: string, at: string): void {
  client.setQueryData<ChatCache>(
    chatKeys.chat(friendId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          messages: p.messages.map((m) => (m.senderId === senderId && !m.readAt ? { ...m, readAt: at } : m)),
        })),
      },
  );
}
