import { useQueryClient } from '@vere/web-query';
import { useAppEvent } from '@vere/web-kit';
import { progressQueryKey } from '../progress/api/get-progress';
import { limitsQueryKey } from '../deck/api/deck-api';
import { todosQueryKey } from '../todos/api/todos-api';
import { leaderboardQueryKey } from '../leaderboard/api/get-leaderboard';

/**
 * Spec §7.3: whoever changes XP, to-dos or swipes (this remote, the weekly page, another remote)
 * says so with a browser event; this remote's cached reads follow.
 */
export function useQuestsSync(): void {
  const client = useQueryClient();
  useAppEvent('xp-updated', () => {
    void client.invalidateQueries({ queryKey: progressQueryKey });
    void client.invalidateQueries({ queryKey: leaderboardQueryKey });
    void client.invalidateQueries({ queryKey: limitsQueryKey }); // a level can add bonus swipes
  });
  useAppEvent('todo-updated', () => void client.invalidateQueries({ queryKey: todosQueryKey }));
  useAppEvent('swipe-updated', () => void client.invalidateQueries({ queryKey: limitsQueryKey }));
  useAppEvent('weekly-completed', () => void client.invalidateQueries({ queryKey: progressQueryKey }));
}
