import type { PgTx, Queryable } from '@vere/service-kit';

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

const weeklyColumns = `w.id, w.week_number AS "weekNumber", w.start_date::text AS "startDate", w.end_date::text AS "endDate",
  c.id AS "challengeId", c.title, c.category, c.preview, c.why, c.insight, c.challenge, c.reflection,
  p.accepted_at AS "acceptedAt", COALESCE(p.completed, false) AS completed, p.completed_at AS "completedAt"`;

const victoryColumns = `w.id AS "weeklyChallengeId", w.week_number AS "weekNumber", w.start_date::text AS "startDate",
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

/** Weekly challenges as a user sees them, and their progress: data access only (rules in use-cases/weekly.ts). */
export interface WeeklyRepository {
  /** Assignments whose dates contain `today`, newest week first; else the latest 3 begun by then (spec §7.2). */
  currentFor(db: Queryable, userId: string, today: string): Promise<WeeklyRow[]>;
  /** Records acceptance (the first acceptance time is kept); null when no such weekly challenge exists. */
  accept(
    db: Queryable,
    userId: string,
    weeklyChallengeId: string,
    now: Date,
  ): Promise<{ acceptedAt: Date; completed: boolean; completedAt: Date | null } | null>;
  /**
   * The user's progress row on the weekly challenge (created, accepted at `now`, when missing),
   * locked until the transaction ends, so concurrent completions queue on it; undefined when no
   * such weekly challenge exists.
   */
  lockProgress(
    tx: PgTx,
    userId: string,
    weeklyChallengeId: string,
    now: Date,
  ): Promise<{ completed: boolean } | undefined>;
  /** Stores the completion with its note and photo (accepting too when it was not). */
  markCompleted(tx: PgTx, completion: CompletionInput): Promise<void>;
  /** The user's progress on the weekly challenge as a victory (read once it is completed). */
  victoryOf(db: Queryable, userId: string, weeklyChallengeId: string): Promise<VictoryRow | undefined>;
  /** The user's completed weekly challenges, newest first. */
  victories(db: Queryable, userId: string, limit: number): Promise<VictoryRow[]>;
  /** One weekly challenge (any week) with the user's progress. */
  find(db: Queryable, userId: string, weeklyChallengeId: string): Promise<WeeklyRow | undefined>;
  /** Whether a weekly challenge (week assignment) with this id exists. */
  exists(db: Queryable, weeklyChallengeId: string): Promise<boolean>;
}

export function createWeeklyRepository(): WeeklyRepository {
  return {
    async currentFor(db, userId, today) {
      const from = `FROM quests.weekly_challenge w JOIN quests.challenge c ON c.id = w.challenge_id
        LEFT JOIN quests.user_challenge_progress p ON p.weekly_challenge_id = w.id AND p.user_id = $1`;
      const current = await db.query<WeeklyRow>({
        name: 'quests-weekly-current',
        text: `SELECT ${weeklyColumns} ${from} WHERE w.start_date <= $2::date AND w.end_date >= $2::date ORDER BY w.week_number DESC`,
        values: [userId, today],
      });
      if (current.rows.length > 0) return current.rows;
      const latest = await db.query<WeeklyRow>({
        name: 'quests-weekly-latest',
        text: `SELECT ${weeklyColumns} ${from} WHERE w.start_date <= $2::date ORDER BY w.week_number DESC LIMIT 3`,
        values: [userId, today],
      });
      return latest.rows;
    },
    async accept(db, userId, weeklyChallengeId, now) {
      const { rows } = await db.query<{ acceptedAt: Date; completed: boolean; completedAt: Date | null }>(
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
    async lockProgress(tx, userId, weeklyChallengeId, now) {
      await tx.query(
        `INSERT INTO quests.user_challenge_progress (user_id, weekly_challenge_id, accepted_at, updated_at)
         SELECT $1, w.id, $3, $3 FROM quests.weekly_challenge w WHERE w.id = $2
         ON CONFLICT (user_id, weekly_challenge_id) DO NOTHING`,
        [userId, weeklyChallengeId, now],
      );
      const { rows } = await tx.query<{ completed: boolean }>(
        'SELECT completed FROM quests.user_challenge_progress WHERE user_id = $1 AND weekly_challenge_id = $2 FOR UPDATE',
        [userId, weeklyChallengeId],
      );
      return rows[0];
    },
    async markCompleted(tx, c) {
      await tx.query(
        `UPDATE quests.user_challenge_progress SET completed = true, completed_at = $3, completed_week = $4::date,
           reflection = $5, proof_text = $5, proof_photo_id = $6, accepted_at = COALESCE(accepted_at, $3), updated_at = $3
         WHERE user_id = $1 AND weekly_challenge_id = $2`,
        [c.userId, c.weeklyChallengeId, c.now, c.week, c.note, c.photoId],
      );
    },
    async victoryOf(db, userId, weeklyChallengeId) {
      const { rows } = await db.query<VictoryRow>(
        `SELECT ${victoryColumns} FROM quests.user_challenge_progress p
         JOIN quests.weekly_challenge w ON w.id = p.weekly_challenge_id JOIN quests.challenge c ON c.id = w.challenge_id
         WHERE p.user_id = $1 AND p.weekly_challenge_id = $2`,
        [userId, weeklyChallengeId],
      );
      return rows[0];
    },
    async victories(db, userId, limit) {
      const { rows } = await db.query<VictoryRow>({
        name: 'quests-weekly-victories',
        text: `SELECT ${victoryColumns} FROM quests.user_challenge_progress p
               JOIN quests.weekly_challenge w ON w.id = p.weekly_challenge_id JOIN quests.challenge c ON c.id = w.challenge_id
               WHERE p.user_id = $1 AND p.completed ORDER BY p.completed_at DESC, w.week_number DESC LIMIT $2`,
        values: [userId, limit],
      });
      return rows;
    },
    async find(db, userId, weeklyChallengeId) {
      const { rows } = await db.query<WeeklyRow>(
        `SELECT ${weeklyColumns} FROM quests.weekly_challenge w JOIN quests.challenge c ON c.id = w.challenge_id
         LEFT JOIN quests.user_challenge_progress p ON p.weekly_challenge_id = w.id AND p.user_id = $1 WHERE w.id = $2`,
        [userId, weeklyChallengeId],
      );
      return rows[0];
    },
    async exists(db, weeklyChallengeId) {
      const { rowCount } = await db.query('SELECT 1 FROM quests.weekly_challenge WHERE id = $1', [weeklyChallengeId]);
      return rowCount === 1;
    },
  };
}
