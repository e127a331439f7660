import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { clientSql as poolSql, podsToSettle, settlePod } from '../repositories/streak-store';

/**
 * The week-end sweep: every pod whose streak is running but whose last counted week is older than
 * last week (in its creator's zone) is settled, each in its own transaction under the pod's row
 * lock: a banked save covers a week one member missed, otherwise the streak goes back to 0. Safe to
 * run on every instance at once (settling twice changes nothing). Answers how many pods changed.
 */
export async function sweepStreaks(pool: pg.Pool, now: Date): Promise<number> {
  let changed = 0;
  const client = await pool.connect();
  try {
    for (const podId of await podsToSettle(poolSql(client), now)) {
      await client.query('BEGIN');
      try {
        if (await settlePod(poolSql(client), podId, now)) changed++;
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    client.release();
  }
  return changed;
}

export function startStreakSweep(opts: { pool: pg.Pool; logger: FastifyBaseLogger; clock: () => Date; everyMs: number; onEvents: () => void }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepStreaks(opts.pool, opts.clock())
      .then((n) => {
        if (n > 0) opts.onEvents();
      })
      .catch((err: unknown) => opts.logger.warn({ err }, 'pod streak sweep failed; next run retries'))
      .finally(() => {
        running = false;
      });
  }, opts.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
