import { useQuery } from '@vere/web-query';
import type { WeeklyDetail } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const weeklyDetailQueryKey = (id: string) => ['quests', 'me', 'weekly', 'detail', id] as const;

/** One challenge and the user's victory in it (a victory's detail, a link to another week); one retry of an outage. */
export const weeklyDetailQueryOptions = (id: string | null) => ({
  ...getQueryOptions<WeeklyDetail>(
    weeklyDetailQueryKey(id ?? ''),
    `/api/quests/me/weekly/${encodeURIComponent(id ?? '')}`,
    1,
  ),
  enabled: id !== null,
});

export const useWeeklyDetail = (id: string | null) => useQuery(weeklyDetailQueryOptions(id));
