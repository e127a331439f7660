import { useQuery } from '@vere/web-query';
import type { PlaybookUnlocks } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

export const playbookUnlocksQueryKey = ['quests', 'me', 'playbooks'] as const;

/** Quests decides which slots are open (level ≥ the slot's level, every slot for Pro). */
export function getPlaybookUnlocks(signal?: AbortSignal): Promise<PlaybookUnlocks> {
  return apiFetch<PlaybookUnlocks>('/api/quests/me/playbooks', { signal });
}

export function playbookUnlocksQueryOptions() {
  return {
    queryKey: playbookUnlocksQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getPlaybookUnlocks(signal),
    ...queryRetry(),
  };
}

export function usePlaybookUnlocks() {
  return useQuery(playbookUnlocksQueryOptions());
}
