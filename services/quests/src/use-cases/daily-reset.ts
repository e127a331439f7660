import { localDate } from '@vere/domain';
import type { QuestsDeps } from './deps';

/** The daily to-do reset: every 15 minutes some zone's day may have begun (zones differ by 15-minute steps). */
export const DAILY_RESET_JOB = 'quests-daily-reset';
export const DAILY_RESET_CRON = '*/15 * * * *';

export interface DailyResetResult {
  /** Zones whose new local day was reset by this run. */
  zonesReset: number;
  removed: number;
}

/**
 * Spec §4.1's daily reset, on the server: pending to-dos due on or before the user's local today
 * are removed. Once per zone per local date: the marker row (daily_reset) and the delete commit
 * together, so a second run the same local day, on this replica or another, removes nothing.
 */
export async function runDailyReset(
  deps: Pick<QuestsDeps, 'db' | 'transaction' | 'players' | 'todos' | 'dailyResets'>,
  now: Date,
): Promise<DailyResetResult> {
  let zonesReset = 0;
  let removed = 0;
  for (const tz of await deps.players.timeZones(deps.db)) {
    const today = localDate(now, tz);
    const n = await deps.transaction(async (tx) => {
      if (!(await deps.dailyResets.claim(tx, tz, today))) return undefined;
      const count = await deps.todos.removeExpired(tx, tz, today);
      await deps.dailyResets.recordRemoved(tx, tz, today, count);
      return count;
    });
    if (n !== undefined) {
      zonesReset += 1;
      removed += n;
    }
  }
  return { zonesReset, removed };
}
