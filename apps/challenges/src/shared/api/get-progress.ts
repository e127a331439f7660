import { useQuery } from '@vere/web-query';
import type { LevelProgressBody } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';

/** GET /me/progress: the level progress and, since issue 9, the weekly streak (absent from other answers' `progress`). */
export type LevelProgress = LevelProgressBody & { weeklyStreak?: number };

export const PROGRESS_PATH = '/api/quests/me/progress';
/** Every feature that awards XP writes the server's new progress here (to-dos, the weekly challenge). */
export const progressQueryKey = ['quests', 'me', 'progress'] as const;

export const progressQueryOptions = () => getQueryOptions<LevelProgress>(progressQueryKey, PROGRESS_PATH);

export const useProgress = () => useQuery(progressQueryOptions());
