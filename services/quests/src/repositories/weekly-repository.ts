import { pgTransaction } from '@vere/service-kit';
import type pg from 'pg';

/** A week's assignment joined with its challenge and the user's progress on it. */
export interface WeeklyRow {
  id: string;
  weekNumber: number;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  challengeId: string;
  title: string;
  category: 'Exploration' | 'Connection' | 'Mindfulness';
  preview: string;
  why: string;
  insight: string;
  challenge: string;
  reflection: string;
  acceptedAt: Date | null;
  completed: boolean;
  completedAt: Date | null;
}

/** A completed weekly challenge with its proof. */
export interface VictoryRow {
  weeklyChallengeId: string;
  weekNumber: number;
  startDate: string;
  endDate: string;
  challengeId: string;
  title: string;
  category: 'Exploration' | 'Connection' | 'Mindfulness';
  completedAt: Date;
  reflection: string | null;
  proofText: string | null;
  proofPhotoId: string | null;
}

/** What the player row holds for the streak (streak_settings: currentStreak, lastCompletedWeek). */
export interface StreakRow {
  timeZone: string;
  streakCount: number;
  lastCompletedWeek: string | null;
}

const weeklyColumns = `w.id, w.week_number AS "weekNumber", w.start_date::text AS "startDate", w.end_date::text AS "endDate",
  c.id AS "challengeId", c.title, c.category, c.preview, c.why, c.insight, c.challenge, c.reflection,
  p.accepted_at AS "acceptedAt", COALESCE(p.completed, false) AS completed, p.completed_at AS "completedAt"`;

export const victoryColumns = `w.id AS "weeklyChallengeId", w.week_number AS "weekNumber", w.start_date::text AS "startDate",
  w.end_date::text AS "endDate", c.id AS "challengeId", c.title, c.category, p.completed_at AS "completedAt",
  p.reflection, p.proof_text AS "proofText", p.proof_photo_id AS "proofPhotoId"`;

export interface CompletionInput {
  userId: string;
  weeklyChallengeId: string;
  now: Date;
  /** The Sunday of the user's local week now. */
  week: string;
  note: string | null;
  photoId: string | null;
}

export interface WeeklyRepository {
  /** Assignments whose dates contain `today`, newest week first; else the latest 3 begun by then (spec §7.2). */
  currentFor(userId: string, today: string): Promise<WeeklyRow[]>;
  /** Records acceptance (the first acceptance time is kept); false when no such weekly challenge exists. */
  accept(userId: string, weeklyChallengeId: string, now: Date): Promise<{ acceptedAt: Date; completed: boolean; completedAt: Date | null } | null>;
  /**
   * Locks the user's progress row (creating it), and when not completed yet marks it completed with
   * the proof and runs `after` (XP, streak, events) in the same transaction. Of concurrent calls one
   * completes; the others see it completed.
   */
  complete<R>(c: CompletionInput, after: (tx: pg.PoolClient, victory: VictoryRow) => Promise<R>): Promise<
    { kind: 'not_found' } | { kind: 'already_completed'; victory: VictoryRow } | { kind: 'completed'; victory: VictoryRow; after: R }
  >;
  /** The user's completed weekly challenges, newest first. */
  victories(userId: string, limit: number): Promise<VictoryRow[]>;
  /** One weekly challenge with the user's progress, and its victory when completed. */
  detail(userId: string, weeklyChallengeId: string): Promise<{ weekly: WeeklyRow; victory: VictoryRow | null } | undefined>;
  /** Whether a weekly challenge (week assignment) with this id exists. */
  exists(weeklyChallengeId: string): Promise<boolean>;
  /** The player's total XP, or undefined before the player exists. */
  totalXpOf(userId: string): Promise<number | undefined>;
  /** The player's zone and stored streak, or undefined before the player exists. */
  streakOf(userId: string): Promise<StreakRow | undefined>;
}

export function createWeeklyRepository(pool: pg.Pool): WeeklyRepository {
  const transaction = pgTransaction(pool);
  const victoryOf = async (tx: pg.ClientBase | pg.Pool, userId: string, weeklyChallengeId: string) => {
    const { rows } = await tx.query<VictoryRow>(
      `SELECT ${victoryColumns} FROM quests.user_challenge_progress p
       JOIN quests.weekly_challenge w ON w.id = p.weekly_challenge_id JOIN quests.challenge c ON c.id = w.challenge_id
       WHERE p.user_id = $1 AND p.weekly_challenge_id = $2`,
      [userId, weeklyChallengeId],
    );
    return rows[0]!;
  };
  return {
    async currentFor(userId, today) {
      const from = `FROM quests.weekly_challenge w JOIN quests.challenge c ON c.id = w.challenge_id
        LEFT JOIN quests.user_challenge_progress p ON p.weekly_challenge_id = w.id AND p.user_id = $1`;
      const current = await pool.query<WeeklyRow>({
        name: 'quests-weekly-current',
        text: `SELECT ${weeklyColumns} ${from} WHERE w.start_date <= $2::date AND w.end_date >= $2::date ORDER BY w.week_number DESC`,
        values: [userId, today],
      });
      if (current.rows.length > 0) return current.rows;
      const latest = await pool.query<WeeklyRow>({
        name: 'quests-weekly-latest',
        text: `SELECT ${weeklyColumns} ${from} WHERE w.start_date <= $2::date ORDER BY w.week_number DESC LIMIT 3`,
        values: [userId, today],
      });
      return latest.rows;
    },
    async accept(userId, weeklyChallengeId, now) {
      const { rows } = await pool.query<{ acceptedAt: Date; completed: boolean; completedAt: Date | null }>(
        `INSERT INTO quests.user_challenge_progress (user_id, weekly_challenge_id, accepted_at, updated_at)
         SELECT $1, w.id, $3, $3 FROM quests.weekly_challenge w WHERE w.id = $2
         ON CONFLICT (user_id, weekly_challenge_id) DO UPDATE
           SET accepted_at = COALESCE(quests.user_challenge_progress.accepted_at, EXCLUDED.accepted_at),
               updated_at = CASE WHEN quests.user_challenge_progress.accepted_at IS NULL THEN EXCLUDED.updated_at
                                 ELSE quests.user_challenge_progress.updated_at END
         RETURNING accepted_at AS "acceptedAt", completed, completed_at AS "completedAt"`,
        [userId, weeklyChallengeId, now],
      );
      return rows[0] ?? null;
    },
    complete(c, after) {
      return transaction(async (tx) => {
        await tx.query(
          `INSERT INTO quests.user_challenge_progress (user_id, weekly_challenge_id, accepted_at, updated_at)
           SELECT $1, w.id, $3, $3 FROM quests.weekly_challenge w WHERE w.id = $2
           ON CONFLICT (user_id, weekly_challenge_id) DO NOTHING`,
          [c.userId, c.weeklyChallengeId, c.now],
        );
        const { rows: [locked] } = await tx.query<{ completed: boolean }>(
          'SELECT completed FROM quests.user_challenge_progress WHERE user_id = $1 AND weekly_challenge_id = $2 FOR UPDATE',
          [c.userId, c.weeklyChallengeId],
        );
        if (!locked) return { kind: 'not_found' as const };
        if (locked.completed) return { kind: 'already_completed' as const, victory: await victoryOf(tx, c.userId, c.weeklyChallengeId) };
        await tx.query(
          `UPDATE quests.user_challenge_progress SET completed = true, completed_at = $3, completed_week = $4::date,
             reflection = $5, proof_text = $5, proof_photo_id = $6, accepted_at = COALESCE(accepted_at, $3), updated_at = $3
           WHERE user_id = $1 AND weekly_challenge_id = $2`,
          [c.userId, c.weeklyChallengeId, c.now, c.week, c.note, c.photoId],
        );
        const victory = await victoryOf(tx, c.userId, c.weeklyChallengeId);
        return { kind: 'completed' as const, victory, after: await after(tx, victory) };
      });
    },
    async victories(userId, limit) {
      const { rows } = await pool.query<VictoryRow>({
        name: 'quests-weekly-victories',
        text: `SELECT ${victoryColumns} FROM quests.user_challenge_progress p
               JOIN quests.weekly_challenge w ON w.id = p.weekly_challenge_id JOIN quests.challenge c ON c.id = w.challenge_id
               WHERE p.user_id = $1 AND p.completed ORDER BY p.completed_at DESC, w.week_number DESC LIMIT $2`,
        values: [userId, limit],
      });
      return rows;
    },
    async detail(userId, weeklyChallengeId) {
      const { rows: [weekly] } = await pool.query<WeeklyRow>(
        `SELECT ${weeklyColumns} FROM quests.weekly_challenge w JOIN quests.challenge c ON c.id = w.challenge_id
         LEFT JOIN quests.user_challenge_progress p ON p.weekly_challenge_id = w.id AND p.user_id = $1 WHERE w.id = $2`,
        [userId, weeklyChallengeId],
      );
      if (!weekly) return undefined;
      return { weekly, victory: weekly.completed ? await victoryOf(pool, userId, weeklyChallengeId) : null };
    },
    async exists(weeklyChallengeId) {
      const { rowCount } = await pool.query('SELECT 1 FROM quests.weekly_challenge WHERE id = $1', [weeklyChallengeId]);
      return rowCount === 1;
    },
    async totalXpOf(userId) {
      const { rows } = await pool.query<{ totalXp: number }>('SELECT total_xp AS "totalXp" FROM quests.player WHERE user_id = $1', [userId]);
      return rows[0]?.totalXp;
    },
    async streakOf(userId) {
      const { rows } = await pool.query<StreakRow>({
        name: 'quests-player-streak',
        text: `SELECT time_zone AS "timeZone", streak_count AS "streakCount", streak_settings->>'lastCompletedWeek' AS "lastCompletedWeek"
               FROM quests.player WHERE user_id = $1`,
        values: [userId],
      });
      return rows[0];
    },
  };
}
