import { useQuery } from '@vere/web-query';
import type { ProStats } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const proStatsQueryKey = ['quests', 'me', 'pro-stats'] as const;

/** Swipes today and in all, packs, badges and "Pro since" (quests). */
export const proStatsQueryOptions = () => getQueryOptions<ProStats>(proStatsQueryKey, '/api/quests/me/pro-stats');

export const useProStats = () => useQuery(proStatsQueryOptions());
