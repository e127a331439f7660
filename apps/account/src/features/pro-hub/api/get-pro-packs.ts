import { useQuery } from '@vere/web-query';
import type { PackList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const proPacksQueryKey = ['quests', 'packs', 'pro'] as const;

/** The Pro-only challenge packs with the player's progress (quests). */
export const proPacksQueryOptions = () => getQueryOptions<PackList>(proPacksQueryKey, '/api/quests/packs/pro');

export const useProPacks = () => useQuery(proPacksQueryOptions());
