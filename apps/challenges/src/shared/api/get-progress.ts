import { useQuery } from '@vere/web-query';
import type { LevelProgressBody } from '@vere/contracts';
import { apiFetch, queryRetry } from '@vere/web-session';

/** GET /me/progress: the level progress and, since issue 9, the weekly streak (absent from other answers' `progress`). */
export type LevelProgress = LevelProgressBody & { weeklyStreak?: number };

export const PROGRESS_PATH = '/api/quests/me/progress';
/** Every feature that awards XP writes the server's new progress here (to-dos, the weekly challenge). */
export const progressQueryKey = ['quests', 'me', 'progress'] as const;

export function getProgress(signal?: AbortSignal): Promise<LevelProgress> {
  return apiFetch<LevelProgress>(PROGRESS_PATH, { signal });
}

export function progressQueryOptions() {
  return {
    queryKey: progressQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getProgress(signal),
    ...queryRetry(),
  };
}

export function useProgress() {
  return useQuery(progressQueryOptions());
}
