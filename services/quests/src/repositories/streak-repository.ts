import type { StreakState } from '@vere/domain';
import type { PgTx, Queryable } from '@vere/service-kit';

/** What the player row holds for the streak (streak_count, and streak_settings' lastCompletedWeek). */
export interface StoredStreak {
  streakCount: number;
  lastCompletedWeek: string | null;
}

/** The stored streak with the player's zone (the weeks are the zone's). */
export interface StreakRow extends StoredStreak {
  timeZone: string;
}

/** A player the recomputation looks at: the stored streak and the completions since `since`. */
export interface StreakCandidate extends StreakRow {
  userId: string;
  completions: Date[];
}

/** The weekly streak on the player row: data access only (the streak maths is in @vere/domain, its use in use-cases/streaks.ts). */
export interface StreakRepository {
  /** The player's zone and stored streak, or undefined before the player exists. */
  streakOf(db: Queryable, userId: string): Promise<StreakRow | undefined>;
  /** The stored streak, with the player row locked until the transaction ends; undefined when there is no such player. */
  lock(tx: PgTx, userId: string): Promise<StoredStreak | undefined>;
  /** Locks the player row if its stored streak is still `seen`; false when it changed meanwhile (or the player is gone). */
  lockIfUnchanged(tx: PgTx, userId: string, seen: StoredStreak): Promise<boolean>;
  /** Stores the streak (streak_count and streak_settings). */
  store(tx: PgTx, userId: string, streak: StreakState, now: Date): Promise<void>;
  /** Records the player's latest activity. */
  touch(tx: PgTx, userId: string, now: Date): Promise<void>;
  /**
   * One page (by user id, after `after`) of players with a stored streak or a completion since
   * `since`, each with those completions.
   */
  candidates(db: Queryable, page: { after: string; since: Date; limit: number }): Promise<StreakCandidate[]>;
}

export function createStreakRepository(): StreakRepository {
  return {
    async streakOf(db, userId) {
      const { rows } = await db.query<StreakRow>({
        name: 'quests-player-streak',
        text: `SELECT time_zone AS "timeZone", streak_count AS "streakCount", streak_settings->>'lastCompletedWeek' AS "lastCompletedWeek"
               FROM quests.player WHERE user_id = $1`,
        values: [userId],
      });
      return rows[0];
    },
    async lock(tx, userId) {
      const { rows } = await tx.query<StoredStreak>(
        `SELECT streak_count AS "streakCount", streak_settings->>'lastCompletedWeek' AS "lastCompletedWeek"
         FROM quests.player WHERE user_id = $1 FOR UPDATE`,
        [userId],
      );
      return rows[0];
    },
    async lockIfUnchanged(tx, userId, seen) {
      const { rowCount } = await tx.query(
        `SELECT 1 FROM quests.player WHERE user_id = $1 AND streak_count = $2
           AND (streak_settings->>'lastCompletedWeek') IS NOT DISTINCT FROM $3::text FOR UPDATE`,
        [userId, seen.streakCount, seen.lastCompletedWeek],
      );
      return rowCount === 1;
    },
    async store(tx, userId, streak, now) {
      await tx.query(
        `UPDATE quests.player SET streak_count = $2,
           streak_settings = streak_settings || jsonb_build_object('currentStreak', $2::int, 'lastCompletedWeek', $3::text),
           updated_at = $4
         WHERE user_id = $1`,
        [userId, streak.currentStreak, streak.lastCompletedWeek, now],
      );
    },
    async touch(tx, userId, now) {
      await tx.query('UPDATE quests.player SET last_activity = $2 WHERE user_id = $1', [userId, now]);
    },
    async candidates(db, page) {
      const { rows } = await db.query<StreakCandidate>(
        `SELECT p.user_id AS "userId", p.time_zone AS "timeZone", p.streak_count AS "streakCount",
                p.streak_settings->>'lastCompletedWeek' AS "lastCompletedWeek",
                COALESCE(array_agg(u.completed_at) FILTER (WHERE u.completed_at IS NOT NULL), '{}') AS completions
         FROM quests.player p
         LEFT JOIN quests.user_challenge_progress u ON u.user_id = p.user_id AND u.completed AND u.completed_at >= $2
         WHERE p.user_id > $1 AND (p.streak_count > 0 OR u.user_id IS NOT NULL)
         GROUP BY p.user_id ORDER BY p.user_id LIMIT $3`,
        [page.after, page.since, page.limit],
      );
      return rows;
    },
  };
}
