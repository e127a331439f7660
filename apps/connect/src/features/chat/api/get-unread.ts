import { useQuery } from '@vere/web-query';
import type { ChatUnread } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';
import { chatKeys } from '../../../shared/utils/query-keys';
import { CHATS_API } from './get-chat';

export function getUnread(signal?: AbortSignal): Promise<ChatUnread> {
  return apiFetch<ChatUnread>(`${CHATS_API}/unread`, { signal });
}

export function unreadQueryOptions() {
  return {
    queryKey: chatKeys.unread,
    queryFn: ({ signal }: { signal: AbortSignal }) => getUnread(signal),
    ...queryRetry(),
  };
}

/** Unread messages per friend and in total (badges on /connect and /friends). */
export function useUnread() {
  return useQuery(unreadQueryOptions());
}
