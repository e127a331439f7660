import type { FriendRequestList } from '@vere/contracts';
import { useQuery, useQueryClient } from '@vere/web-query';
import { useAppEvent } from '@vere/web-kit';
import { apiFetch, useAfterFirstScreen, useSession } from '@vere/web-session';

/** How often the frame re-reads the count while the page is open (also on focus and on reconnect). */
export const INCOMING_REQUESTS_REFRESH_MS = 60_000;

export const incomingRequestsQueryKey = (userId: string | null) =>
  ['pods', 'friends', 'incoming-count', userId] as const;

/** How many friend requests wait for the user's answer (pods' `GET /friends/requests`, `incoming`). */
export async function fetchIncomingRequestCount(signal?: AbortSignal): Promise<number> {
  const list = await apiFetch<FriendRequestList>('/api/pods/friends/requests', { signal });
  return list.incoming.length;
}

/**
 * The Connect badge's count: read once signed in and the first screen is done (a badge does not
 * hold up the page), again every minute, on focus, and at once when the connect remote announces an
 * answer (`friend-requests-updated`). A failed read shows no badge.
 */
export function useIncomingRequestCount(): number {
  const userId = useSession((s) => s.user?.id ?? null);
  const afterFirstScreen = useAfterFirstScreen();
  const client = useQueryClient();
  useAppEvent('friend-requests-updated', () => {
    void client.invalidateQueries({ queryKey: incomingRequestsQueryKey(userId) });
  });
  const { data } = useQuery({
    queryKey: incomingRequestsQueryKey(userId),
    queryFn: ({ signal }) => fetchIncomingRequestCount(signal),
    enabled: userId !== null && afterFirstScreen,
    refetchInterval: INCOMING_REQUESTS_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  return data ?? 0;
}
