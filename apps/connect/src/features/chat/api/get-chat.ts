import { useInfiniteQuery } from '@vere/web-query';
import type { Chat, ChatPage } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { chatKeys } from '../../../shared/utils/query-keys';
import type { ChatCachePage } from '../utils/chat-cache';

export const CHATS_API = '/api/pods/chats';

/** The newest page names the friend (GET /chats/{id}); older pages come from …/messages?cursor=. */
export function getChatPage(friendId: string, cursor: string | null, signal?: AbortSignal): Promise<ChatCachePage> {
  const base = `${CHATS_API}/${encodeURIComponent(friendId)}`;
  return cursor
    ? apiFetch<ChatPage>(`${base}/messages?${new URLSearchParams({ cursor }).toString()}`, { signal })
    : apiFetch<Chat>(base, { signal });
}

/** The conversation, newest page first; older pages on demand. A 4xx (not a friend, blocked, bad id) is final. */
export function useChat(friendId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.chat(friendId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getChatPage(friendId, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    // While the chat is open, live messages arrive through the stream (a refetch on focus would
    // reload every older page too); opening it again re-reads it, since pages without the chat
    // stream (a pod page) do not keep the cache current.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: 'always',
    ...queryRetry(),
  });
}
