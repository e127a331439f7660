import { StreakUpdated } from '@vere/contracts';
import { STREAK_LOOKBACK_WEEKS, streakAfterCompletion, weekStartAt, weeklyStreak, type StreakState } from '@vere/domain';
import { newEvent, pgTransaction } from '@vere/service-kit';
import type pg from 'pg';
import { writeOutbox } from './xp-repository';

const stateOf = (row: { streakCount: number; lastCompletedWeek: string | null }): StreakState =>
  ({ currentStreak: row.streakCount, lastCompletedWeek: row.lastCompletedWeek });

/** Stores the streak on the player (streak_count and streak_settings) and writes quests.streak.updated.v1. */
async function storeStreak(tx: pg.ClientBase, userId: string, previous: number, next: StreakState, now: Date): Promise<void> {
  await tx.query(
    `UPDATE quests.player SET streak_count = $2,
       streak_settings = streak_settings || jsonb_build_object('currentStreak', $2::int, 'lastCompletedWeek', $3::text),
       updated_at = $4
     WHERE user_id = $1`,
    [userId, next.currentStreak, next.lastCompletedWeek, now],
  );
  if (previous !== next.currentStreak) {
    await writeOutbox(tx, newEvent(StreakUpdated.subject, userId, {
      currentStreak: next.currentStreak, previousStreak: previous, lastCompletedWeek: next.lastCompletedWeek,
    }));
  }
}

/**
 * Inside the completion's transaction: the streak after a completion in `week` (the user's local
 * Sunday), kept incrementally. The player row is locked, so concurrent completions apply in turn.
 */
export async function advanceStreak(tx: pg.ClientBase, userId: string, week: string, now: Date): Promise<StreakState> {
  const { rows: [row] } = await tx.query<{ streakCount: number; lastCompletedWeek: string | null }>(
    `SELECT streak_count AS "streakCount", streak_settings->>'lastCompletedWeek' AS "lastCompletedWeek"
     FROM quests.player WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  if (!row) throw new Error(`no player ${userId}`);
  const before = stateOf(row);
  const after = streakAfterCompletion(before, week);
  await tx.query('UPDATE quests.player SET last_activity = $2 WHERE user_id = $1', [userId, now]);
  if (after !== before) await storeStreak(tx, userId, before.currentStreak, after, now);
  return after;
}

export interface RecomputeResult {
  checked: number;
  corrected: number;
}

interface Candidate {
  userId: string;
  timeZone: string;
  streakCount: number;
  lastCompletedWeek: string | null;
  completions: Date[];
}

/**
 * The recomputation job: every player with a stored streak or a recent completion, recounted from
 * their completions in their current zone (spec §4.4, up to 100 weeks back). A stored value that
 * differs (a broken streak after a week without a completion, a zone change, a missed increment)
 * is corrected, unless a completion changed it since it was read.
 */
export async function recomputeStreaks(pool: pg.Pool, now: Date, pageSize = 500): Promise<RecomputeResult> {
  const transaction = pgTransaction(pool);
  const since = new Date(now.getTime() - (STREAK_LOOKBACK_WEEKS + 2) * 7 * 86_400_000);
  let after = '00000000-0000-0000-0000-000000000000';
  const result: RecomputeResult = { checked: 0, corrected: 0 };
  for (;;) {
    const { rows } = await pool.query<Candidate>(
      `SELECT p.user_id AS "userId", p.time_zone AS "timeZone", p.streak_count AS "streakCount",
              p.streak_settings->>'lastCompletedWeek' AS "lastCompletedWeek",
              COALESCE(array_agg(u.completed_at) FILTER (WHERE u.completed_at IS NOT NULL), '{}') AS completions
       FROM quests.player p
       LEFT JOIN quests.user_challenge_progress u ON u.user_id = p.user_id AND u.completed AND u.completed_at >= $2
       WHERE p.user_id > $1 AND (p.streak_count > 0 OR u.user_id IS NOT NULL)
       GROUP BY p.user_id ORDER BY p.user_id LIMIT $3`,
      [after, since, pageSize],
    );
    for (const c of rows) {
      result.checked += 1;
      const weeks = c.completions.map((at) => weekStartAt(new Date(at), c.timeZone));
      const next: StreakState = {
        currentStreak: weeklyStreak(weeks, weekStartAt(now, c.timeZone)),
        lastCompletedWeek: weeks.length > 0 ? weeks.reduce((a, b) => (a > b ? a : b)) : c.lastCompletedWeek,
      };
      if (next.currentStreak === c.streakCount && next.lastCompletedWeek === c.lastCompletedWeek) continue;
      const corrected = await transaction(async (tx) => {
        const { rows: [same] } = await tx.query(
          `SELECT 1 FROM quests.player WHERE user_id = $1 AND streak_count = $2
             AND (streak_settings->>'lastCompletedWeek') IS NOT DISTINCT FROM $3::text FOR UPDATE`,
          [c.userId, c.streakCount, c.lastCompletedWeek],
        );
        if (!same) return false;
        await storeStreak(tx, c.userId, c.streakCount, next, now);
        return true;
      });
      if (corrected) result.corrected += 1;
    }
    if (rows.length < pageSize) return result;
    after = rows[rows.length - 1]!.userId;
  }
}
