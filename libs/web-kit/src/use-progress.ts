import { useQuery, useQueryClient } from '@vere/web-query';
import type { PlayerProgress } from '@vere/contracts';
import { getQueryOptions } from '@vere/web-session';
import { useAppEvent } from './app-events';

export const PROGRESS_PATH = '/api/quests/me/progress';
/** Every app's cache key of the player's progress (level, XP and the weekly streak). */
export const progressQueryKey = ['quests', 'me', 'progress'] as const;

export const progressQueryOptions = () => getQueryOptions<PlayerProgress>(progressQueryKey, PROGRESS_PATH);

/**
 * The player's level, XP and weekly streak (`GET /api/quests/me/progress`), read by whichever app
 * shows them — the shell's frame, the challenges hub, the profile. Each app has its own query
 * client, so this one follows the page's events (spec §7.3): a completion anywhere says
 * `xp-updated` / `weekly-completed` / `streak-updated`, and the count the server gave is shown at
 * once (a streak carried by the event is written straight into the cache), then read again.
 */
export function usePlayerProgress(options: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: progressQueryKey });
  useAppEvent('xp-updated', refresh);
  useAppEvent('weekly-completed', refresh);
  useAppEvent('streak-updated', ({ streak }) => {
    if (typeof streak === 'number')
      client.setQueryData<PlayerProgress>(progressQueryKey, (old) => old && { ...old, weeklyStreak: streak });
    refresh();
  });
  return useQuery({ ...progressQueryOptions(), ...options });
}
