import { useQuery } from '@vere/web-query';
import type { PlaybookUnlocks } from '@vere/contracts';
import { apiFetch, isApiError } from '@vere/web-session';

export const playbookUnlocksQueryKey = ['quests', 'me', 'playbooks'] as const;

/** Quests decides which slots are open (level ≥ the slot's level, every slot for Pro). */
export function getPlaybookUnlocks(signal?: AbortSignal): Promise<PlaybookUnlocks> {
  return apiFetch<PlaybookUnlocks>('/api/quests/me/playbooks', { signal });
}

/** Right after sign-up the player is created from an event, so a 404 PLAYER_NOT_FOUND is briefly expected. */
function retry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.code === 'PLAYER_NOT_FOUND') return failureCount < 8;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function usePlaybookUnlocks() {
  return useQuery({
    queryKey: playbookUnlocksQueryKey,
    queryFn: ({ signal }) => getPlaybookUnlocks(signal),
    retry,
    retryDelay: (count, error) => (isApiError(error) && error.code === 'PLAYER_NOT_FOUND' ? 400 : Math.min(1_000 * 2 ** count, 4_000)),
  });
}
