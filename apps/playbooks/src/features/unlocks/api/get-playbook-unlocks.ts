import { useQuery } from '@vere/web-query';
import type { PlaybookUnlocks } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

export const playbookUnlocksQueryKey = ['quests', 'me', 'playbooks'] as const;

/** Quests decides which slots are open (level ≥ the slot's level, every slot for Pro). */
export const playbookUnlocksQueryOptions = () =>
  getQueryOptions<PlaybookUnlocks>(playbookUnlocksQueryKey, '/api/quests/me/playbooks');

export const usePlaybookUnlocks = () => useQuery(playbookUnlocksQueryOptions());
