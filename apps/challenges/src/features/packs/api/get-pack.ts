import { useQuery } from '@vere/web-query';
import type { PackDetail } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const packQueryKey = (packId: string) => ['quests', 'packs', packId] as const;

/** One pack's dares and which the player has done. */
export const packQueryOptions = (packId: string) =>
  getQueryOptions<PackDetail>(packQueryKey(packId), `/api/quests/packs/${encodeURIComponent(packId)}`);

export const usePack = (packId: string, enabled: boolean) => useQuery({ ...packQueryOptions(packId), enabled });
