import { useQuery } from '@vere/web-query';
import type { LevelProgressBody } from '@vere/contracts';

/** GET /me/progress: the level progress and, since issue 9, the weekly streak (absent from other answers' `progress`). */
type LevelProgress = LevelProgressBody & { weeklyStreak?: number };
import { apiFetch, isApiError } from '@vere/web-session';

export const PROGRESS_PATH = '/api/quests/me/progress';
export const progressQueryKey = ['quests', 'me', 'progress'] as const;

export function getProgress(signal?: AbortSignal): Promise<LevelProgress> {
  return apiFetch<LevelProgress>(PROGRESS_PATH, { signal });
}

/** Right after sign-up the player is created from an event, so a 404 PLAYER_NOT_FOUND is briefly expected. */
const PLAYER_PENDING_RETRIES = 8;
const PLAYER_PENDING_DELAY_MS = 400;
const OTHER_RETRIES = 2;

export function shouldRetryProgress(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.code === 'PLAYER_NOT_FOUND') return failureCount < PLAYER_PENDING_RETRIES;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < OTHER_RETRIES;
}

export function progressRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.code === 'PLAYER_NOT_FOUND') return PLAYER_PENDING_DELAY_MS;
  return Math.min(1_000 * 2 ** failureCount, 4_000);
}

export function useProgress() {
  return useQuery({
    queryKey: progressQueryKey,
    queryFn: ({ signal }) => getProgress(signal),
    retry: shouldRetryProgress,
    retryDelay: progressRetryDelay,
  });
}
