import { useQuery } from '@vere/web-query';
import type { CurrentWeekly } from '@vere/contracts';
import { apiFetch, getQueryOptions } from '@vere/web-session';

export const weeklyQueryKey = ['quests', 'me', 'weekly'] as const;
const CURRENT_WEEKLY_PATH = '/api/quests/me/weekly';

/** Also read outside the query: the weekly page's hourly poll. */
export function getCurrentWeekly(signal?: AbortSignal): Promise<CurrentWeekly> {
  return apiFetch<CurrentWeekly>(CURRENT_WEEKLY_PATH, { signal });
}

export const currentWeeklyQueryOptions = () => getQueryOptions<CurrentWeekly>(weeklyQueryKey, CURRENT_WEEKLY_PATH);

export const useCurrentWeekly = () => useQuery(currentWeeklyQueryOptions());
