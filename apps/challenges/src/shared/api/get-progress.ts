import { useQuery } from '@vere/web-query';
import type { LevelProgressBody } from '@vere/contracts';
import { PROGRESS_PATH, progressQueryKey } from '@vere/web-kit';
import { getQueryOptions } from '@vere/web-session';

/** GET /me/progress: the level progress and, since issue 9, the weekly streak (absent from other answers' `progress`). */
export type LevelProgress = LevelProgressBody & { weeklyStreak?: number };

/** The path and key are web-kit's, which the shell's frame and the profile read too (one cache key everywhere). */
export { PROGRESS_PATH, progressQueryKey };

export const progressQueryOptions = () => getQueryOptions<LevelProgress>(progressQueryKey, PROGRESS_PATH);

export const useProgress = () => useQuery(progressQueryOptions());
