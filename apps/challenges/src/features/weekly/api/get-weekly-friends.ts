import { useQuery } from '@vere/web-query';
import type { WeeklyFriends } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

/** Every "Friends doing this" list (one per weekly challenge) starts with this key. */
export const weeklyFriendsKeyPrefix = ['quests', 'me', 'weekly', 'friends'] as const;
export const weeklyFriendsQueryKey = (id: string) => [...weeklyFriendsKeyPrefix, id] as const;

/** "Friends doing this": up to 12 friends who accepted the weekly challenge, and how many did. */
export function getWeeklyFriends(id: string, signal?: AbortSignal): Promise<WeeklyFriends> {
  return apiFetch<WeeklyFriends>(`/api/quests/me/weekly/${encodeURIComponent(id)}/friends`, { signal });
}

/** A failed read hides the row (spec §7.4: read failures yield empty values), after one retry of an outage. */
export function weeklyFriendsQueryOptions(id: string) {
  return {
    queryKey: weeklyFriendsQueryKey(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => getWeeklyFriends(id, signal),
    staleTime: 30_000,
    ...queryRetry(1),
  };
}

export function useWeeklyFriends(id: string) {
  return useQuery(weeklyFriendsQueryOptions(id));
}
