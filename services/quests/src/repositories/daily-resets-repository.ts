import type { PgTx } from '@vere/service-kit';

/** The daily reset's markers (daily_reset: one row per zone and local date): data access only (rules in use-cases/daily-reset.ts). */
export interface DailyResetsRepository {
  /** Inserts the zone's marker for the local date; false when it exists already (that day was reset). */
  claim(tx: PgTx, timeZone: string, date: string): Promise<boolean>;
  /** Records on the marker how many to-dos the reset removed. */
  recordRemoved(tx: PgTx, timeZone: string, date: string, removed: number): Promise<void>;
}

export function createDailyResetsRepository(): DailyResetsRepository {
  return {
    async claim(tx, timeZone, date) {
      const { rowCount } = await tx.query(
        'INSERT INTO quests.daily_reset (time_zone, local_date, removed) VALUES ($1, $2::date, 0) ON CONFLICT DO NOTHING',
        [timeZone, date],
      );
      return rowCount === 1;
    },
    async recordRemoved(tx, timeZone, date, removed) {
      await tx.query('UPDATE quests.daily_reset SET removed = $3 WHERE time_zone = $1 AND local_date = $2::date', [
        timeZone,
        date,
        removed,
      ]);
    },
  };
}
