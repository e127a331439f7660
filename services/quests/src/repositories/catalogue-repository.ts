import { randomUUID } from 'node:crypto';
import type { CreateChallengeBody, UpdateChallengeBody } from '@vere/contracts';
import type { PgTx, Queryable } from '@vere/service-kit';

export interface ChallengeRow {
  id: string;
  sequence: number;
  title: string;
  category: 'Exploration' | 'Connection' | 'Mindfulness';
  preview: string;
  why: string;
  insight: string;
  challenge: string;
  reflection: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface AssignmentRow {
  id: string;
  weekNumber: number;
  startDate: string;
  endDate: string;
  challengeId: string;
  title: string;
}

const challengeColumns = `id, sequence, title, category, preview, why, insight, challenge, reflection, is_active AS "isActive",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A week's assignment to write: the week's number and dates, and the challenge. */
export interface NewAssignment {
  weekNumber: number;
  /** The week's Sunday and Saturday (YYYY-MM-DD). */
  startDate: string;
  endDate: string;
  challengeId: string;
}

/** The catalogue, week assignments and the rotation tracker: data access only (rules in use-cases/weekly-admin.ts). */
export interface CatalogueRepository {
  list(db: Queryable, includeInactive: boolean): Promise<ChallengeRow[]>;
  find(db: Queryable, id: string): Promise<ChallengeRow | undefined>;
  create(db: Queryable, body: CreateChallengeBody): Promise<ChallengeRow>;
  update(db: Queryable, id: string, changes: UpdateChallengeBody): Promise<ChallengeRow | undefined>;
  /**
   * Puts the challenge on the week: a new assignment, or a replacement while nobody has accepted
   * or completed the week's challenge (one statement). False when it is in use.
   */
  assign(db: Queryable, assignment: NewAssignment): Promise<boolean>;
  /** Inserts the assignment unless the week has one (the week number is unique); false when it had. */
  assignIfFree(tx: PgTx, assignment: NewAssignment): Promise<boolean>;
  /** The week's assignment with its challenge's title. */
  assignmentOf(db: Queryable, weekNumber: number): Promise<AssignmentRow | undefined>;
  /** Whether the week has an assignment. */
  isAssigned(db: Queryable, weekNumber: number): Promise<boolean>;
  /** The challenge the rotation used last, with the tracker row locked until the transaction ends (null before the first rotation). */
  lockRotation(tx: PgTx): Promise<string | null>;
  /** The active challenge after `lastId` in sequence, wrapping to the first; undefined when none is active. */
  nextActiveAfter(tx: PgTx, lastId: string | null): Promise<string | undefined>;
  /** Moves the rotation tracker to the challenge just assigned to the week. */
  recordRotation(tx: PgTx, challengeId: string, weekNumber: number): Promise<void>;
}

export function createCatalogueRepository(): CatalogueRepository {
  return {
    async list(db, includeInactive) {
      const { rows } = await db.query<ChallengeRow>(
        `SELECT ${challengeColumns} FROM quests.challenge WHERE is_active OR $1 ORDER BY sequence`,
        [includeInactive],
      );
      return rows;
    },
    async find(db, id) {
      const { rows } = await db.query<ChallengeRow>(`SELECT ${challengeColumns} FROM quests.challenge WHERE id = $1`, [
        id,
      ]);
      return rows[0];
    },
    async create(db, b) {
      const { rows } = await db.query<ChallengeRow>(
        `INSERT INTO quests.challenge (id, title, category, preview, why, insight, challenge, reflection)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${challengeColumns}`,
        [randomUUID(), b.title, b.category, b.preview, b.why, b.insight, b.challenge, b.reflection],
      );
      return rows[0]!;
    },
    async update(db, id, ch) {
      const { rows } = await db.query<ChallengeRow>(
        `UPDATE quests.challenge SET title = COALESCE($2, title), category = COALESCE($3, category), preview = COALESCE($4, preview),
           why = COALESCE($5, why), insight = COALESCE($6, insight), challenge = COALESCE($7, challenge),
           reflection = COALESCE($8, reflection), is_active = COALESCE($9, is_active), updated_at = now()
         WHERE id = $1 RETURNING ${challengeColumns}`,
        [
          id,
          ch.title ?? null,
          ch.category ?? null,
          ch.preview ?? null,
          ch.why ?? null,
          ch.insight ?? null,
          ch.challenge ?? null,
          ch.reflection ?? null,
          ch.isActive ?? null,
        ],
      );
      return rows[0];
    },
    async assign(db, a) {
      const { rowCount } = await db.query(
        `INSERT INTO quests.weekly_challenge AS w (id, week_number, start_date, end_date, challenge_id)
         VALUES ($1, $2, $3::date, $4::date, $5)
         ON CONFLICT (week_number) DO UPDATE SET challenge_id = EXCLUDED.challenge_id
         WHERE NOT EXISTS (SELECT 1 FROM quests.user_challenge_progress p WHERE p.weekly_challenge_id = w.id)`,
        [randomUUID(), a.weekNumber, a.startDate, a.endDate, a.challengeId],
      );
      return rowCount === 1;
    },
    async assignIfFree(tx, a) {
      const { rowCount } = await tx.query(
        `INSERT INTO quests.weekly_challenge (id, week_number, start_date, end_date, challenge_id)
         VALUES ($1, $2, $3::date, $4::date, $5) ON CONFLICT (week_number) DO NOTHING`,
        [randomUUID(), a.weekNumber, a.startDate, a.endDate, a.challengeId],
      );
      return rowCount === 1;
    },
    async assignmentOf(db, weekNumber) {
      const { rows } = await db.query<AssignmentRow>(
        `SELECT w.id, w.week_number AS "weekNumber", w.start_date::text AS "startDate", w.end_date::text AS "endDate",
                w.challenge_id AS "challengeId", c.title
         FROM quests.weekly_challenge w JOIN quests.challenge c ON c.id = w.challenge_id WHERE w.week_number = $1`,
        [weekNumber],
      );
      return rows[0];
    },
    async isAssigned(db, weekNumber) {
      const { rowCount } = await db.query('SELECT 1 FROM quests.weekly_challenge WHERE week_number = $1', [weekNumber]);
      return rowCount === 1;
    },
    async lockRotation(tx) {
      const {
        rows: [tracker],
      } = await tx.query<{ last: string | null }>(
        'SELECT last_used_challenge_id AS last FROM quests.challenge_rotation_tracker WHERE id = 1 FOR UPDATE',
      );
      return tracker?.last ?? null;
    },
    async nextActiveAfter(tx, lastId) {
      const {
        rows: [next],
      } = await tx.query<{ id: string }>(
        `SELECT id FROM quests.challenge WHERE is_active
         ORDER BY sequence <= COALESCE((SELECT sequence FROM quests.challenge WHERE id = $1), 0), sequence LIMIT 1`,
        [lastId],
      );
      return next?.id;
    },
    async recordRotation(tx, challengeId, weekNumber) {
      await tx.query(
        `INSERT INTO quests.challenge_rotation_tracker (id, last_used_challenge_id, last_used_week_number, rotation_count, updated_at)
         VALUES (1, $1, $2, 1, now())
         ON CONFLICT (id) DO UPDATE SET last_used_challenge_id = $1, last_used_week_number = $2,
           rotation_count = quests.challenge_rotation_tracker.rotation_count + 1, updated_at = now()`,
        [challengeId, weekNumber],
      );
    },
  };
}
