import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@vere/web-query';
import type { Chat, ChatMessage, ChatPage, ChatUnread, StreamTicket, UserCard } from '@vere/contracts';
import { apiFetch, isApiError } from '@vere/web-session';

export const CHATS_API = '/api/pods/chats';
const enc = encodeURIComponent;

export const chatKeys = {
  all: ['pods', 'chat'] as const,
  chat: (friendId: string) => ['pods', 'chat', friendId] as const,
  unread: ['pods', 'chat', 'unread'] as const,
};

/** A page of the chat as cached: the first one (GET /chats/{id}) also names the friend. */
export type ChatCachePage = ChatPage & { friend?: UserCard; unread?: number };
export type ChatCache = InfiniteData<ChatCachePage, string | null>;

/** 4xx answers are final (not a friend, blocked, bad id); anything else is retried twice. */
const retry = (failureCount: number, error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2;

/** The conversation, newest page first; older pages on demand. */
export function useChat(friendId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.chat(friendId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<ChatCachePage> =>
      pageParam
        ? apiFetch<ChatPage>(`${CHATS_API}/${enc(friendId)}/messages?${new URLSearchParams({ cursor: pageParam }).toString()}`, { signal })
        : apiFetch<Chat>(`${CHATS_API}/${enc(friendId)}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    // While the chat is open, live messages arrive through the stream (a refetch on focus would
    // reload every older page too); opening it again re-reads it, since pages without the chat
    // stream (a pod page) do not keep the cache current.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
    retry,
  });
}

/** Unread messages per friend and in total (badges on /connect and /friends). */
export function useUnread() {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => apiFetch<ChatUnread>(`${CHATS_API}/unread`, { signal }),
    retry,
  });
}

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
  client.setQueryData<ChatCache>(chatKeys.chat(friendId), (data) =>
    data && {
      ...data,
      pages: data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (m.senderId === senderId && !m.readAt ? { ...m, readAt: at } : m)) })),
    },
  );
}

export function useSendMessage(friendId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiFetch<ChatMessage>(`${CHATS_API}/${enc(friendId)}/messages`, { method: 'POST', json: { body } }),
    onSuccess: (message) => addMessage(client, friendId, message),
  });
}

export function useMarkRead(friendId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`${CHATS_API}/${enc(friendId)}/read`, { method: 'POST' }),
    onSuccess: () => {
      markedRead(client, friendId, friendId, new Date().toISOString());
      return client.invalidateQueries({ queryKey: chatKeys.unread });
    },
  });
}

export const chatTicket = () => apiFetch<StreamTicket>(`${CHATS_API}/stream-ticket`, { method: 'POST' });

/** Why a chat cannot be opened, from the service's stable codes; null when it is another failure. */
export function unavailableReason(error: unknown): 'not-friends' | 'blocked' | null {
  if (!isApiError(error)) return null;
  if (error.code === 'USER_BLOCKED') return 'blocked';
  if (error.code === 'CHAT_NOT_FRIENDS' || error.code === 'CANNOT_TARGET_SELF' || error.code === 'VALIDATION_FAILED') return 'not-friends';
  return null;
}

/** What the composer says when a send fails: the server's own message for the rate limit. */
export function sendErrorMessage(error: unknown): string {
  if (!isApiError(error)) return "Your message wasn't sent. Please try again.";
  if (error.code === 'RATE_LIMITED' || error.code === 'VALIDATION_FAILED') return error.message;
  if (error.code === 'NETWORK_ERROR') return "You're offline. Your message wasn't sent.";
  return "Your message wasn't sent. Please try again.";
}
