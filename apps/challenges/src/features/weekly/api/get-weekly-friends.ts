import { useQuery } from '@vere/web-query';
import type { WeeklyFriends } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

/** Every "Friends doing this" list (one per weekly challenge) starts with this key. */
export const weeklyFriendsKeyPrefix = ['quests', 'me', 'weekly', 'friends'] as const;
export const weeklyFriendsQueryKey = (id: string) => [...weeklyFriendsKeyPrefix, id] as const;

/**
 * "Friends doing this": up to 12 friends who accepted the weekly challenge, and how many did.
 * A failed read hides the row (spec §7.4: read failures yield empty values), after one retry of an outage.
 */
export const weeklyFriendsQueryOptions = (id: string) => ({
  ...getQueryOptions<WeeklyFriends>(
    weeklyFriendsQueryKey(id),
    `/api/quests/me/weekly/${encodeURIComponent(id)}/friends`,
    1,
  ),
  staleTime: 30_000,
});

export const useWeeklyFriends = (id: string) => useQuery(weeklyFriendsQueryOptions(id));
