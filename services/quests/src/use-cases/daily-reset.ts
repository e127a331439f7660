import { localDate } from '@vere/domain';
import { pgTransaction } from '@vere/service-kit';
import type pg from 'pg';
import type { TodosRepository } from '../repositories/todos-repository';

export interface DailyResetResult {
  /** Zones whose new local day was reset by this run. */
  zonesReset: number;
  removed: number;
}

/** The distinct zones players are in: a loose index scan over player(time_zone), a few hundred steps at most. */
const ZONES_SQL = `
WITH RECURSIVE z AS (
  SELECT min(time_zone) AS tz FROM quests.player
  UNION ALL
  SELECT (SELECT min(time_zone) FROM quests.player WHERE time_zone > z.tz) FROM z WHERE z.tz IS NOT NULL
) SELECT tz FROM z WHERE tz IS NOT NULL`;

/**
 * Spec §4.1's daily reset, on the server: pending to-dos due on or before the user's local today
 * are removed. Once per zone per local date: the marker row (daily_reset) and the delete commit
 * together, so a second run the same local day, on this replica or another, removes nothing.
 */
export async function runDailyReset(pool: pg.Pool, todos: TodosRepository, now: Date): Promise<DailyResetResult> {
  const transaction = pgTransaction(pool);
  const { rows } = await pool.query<{ tz: string }>(ZONES_SQL);
  let zonesReset = 0;
  let removed = 0;
  for (const { tz } of rows) {
    const today = localDate(now, tz);
    const n = await transaction(async (tx) => {
      const marked = await tx.query(
        'INSERT INTO quests.daily_reset (time_zone, local_date, removed) VALUES ($1, $2::date, 0) ON CONFLICT DO NOTHING', [tz, today],
      );
      if (marked.rowCount !== 1) return undefined;
      const count = await todos.removeExpired(tx, tz, today);
      await tx.query('UPDATE quests.daily_reset SET removed = $3 WHERE time_zone = $1 AND local_date = $2::date', [tz, today, count]);
      return count;
    });
    if (n !== undefined) {
      zonesReset += 1;
      removed += n;
    }
  }
  return { zonesReset, removed };
}
