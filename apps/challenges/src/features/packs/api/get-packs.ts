import { useQuery } from '@vere/web-query';
import type { PackList } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const packsQueryKey = ['quests', 'packs'] as const;

/** Every challenge pack with the player's access and progress (GET /api/quests/packs). */
export const packsQueryOptions = () => getQueryOptions<PackList>(packsQueryKey, '/api/quests/packs');

export const usePacks = () => useQuery(packsQueryOptions());
