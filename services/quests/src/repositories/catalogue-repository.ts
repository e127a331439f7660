import { randomUUID } from 'node:crypto';
import type { CreateChallengeBody, UpdateChallengeBody } from '@vere/contracts';
import { weekDates } from '@vere/domain';
import { pgTransaction } from '@vere/service-kit';
import type pg from 'pg';

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

const assignmentOf = async (db: pg.ClientBase | pg.Pool, weekNumber: number): Promise<AssignmentRow | undefined> => {
  const { rows } = await db.query<AssignmentRow>(
    `SELECT w.id, w.week_number AS "weekNumber", w.start_date::text AS "startDate", w.end_date::text AS "endDate",
            w.challenge_id AS "challengeId", c.title
     FROM quests.weekly_challenge w JOIN quests.challenge c ON c.id = w.challenge_id WHERE w.week_number = $1`,
    [weekNumber],
  );
  return rows[0];
};

/** The catalogue, week assignments and rotation: data access only (rules in use-cases/weekly-admin.ts). */
export interface CatalogueRepository {
  list(includeInactive: boolean): Promise<ChallengeRow[]>;
  find(id: string): Promise<ChallengeRow | undefined>;
  create(body: CreateChallengeBody): Promise<ChallengeRow>;
  update(id: string, changes: UpdateChallengeBody): Promise<ChallengeRow | undefined>;
  /**
   * Puts the challenge on the week: a new assignment, or a replacement while nobody has accepted
   * or completed the week's challenge. `in_use` otherwise.
   */
  assign(weekNumber: number, challengeId: string): Promise<{ kind: 'assigned'; assignment: AssignmentRow } | { kind: 'in_use' }>;
  /** Whether the week has an assignment. */
  isAssigned(weekNumber: number): Promise<boolean>;
  /**
   * Spec §7.1 "rotate to next challenge": assigns the active challenge after the tracker's last one
   * (by sequence, wrapping) to the week, and moves the tracker. The tracker row is locked, and the
   * week is unique (ON CONFLICT DO NOTHING), so replicas rotating at once assign one challenge.
   * Undefined when there is nothing to rotate: no active challenge, or the week already has one.
   */
  rotate(weekNumber: number): Promise<AssignmentRow | undefined>;
}

export function createCatalogueRepository(pool: pg.Pool): CatalogueRepository {
  const transaction = pgTransaction(pool);
  return {
    async list(includeInactive) {
      const { rows } = await pool.query<ChallengeRow>(
        `SELECT ${challengeColumns} FROM quests.challenge WHERE is_active OR $1 ORDER BY sequence`, [includeInactive],
      );
      return rows;
    },
    async find(id) {
      const { rows } = await pool.query<ChallengeRow>(`SELECT ${challengeColumns} FROM quests.challenge WHERE id = $1`, [id]);
      return rows[0];
    },
    async create(b) {
      const { rows } = await pool.query<ChallengeRow>(
        `INSERT INTO quests.challenge (id, title, category, preview, why, insight, challenge, reflection)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${challengeColumns}`,
        [randomUUID(), b.title, b.category, b.preview, b.why, b.insight, b.challenge, b.reflection],
      );
      return rows[0]!;
    },
    async update(id, ch) {
      const { rows } = await pool.query<ChallengeRow>(
        `UPDATE quests.challenge SET title = COALESCE($2, title), category = COALESCE($3, category), preview = COALESCE($4, preview),
           why = COALESCE($5, why), insight = COALESCE($6, insight), challenge = COALESCE($7, challenge),
           reflection = COALESCE($8, reflection), is_active = COALESCE($9, is_active), updated_at = now()
         WHERE id = $1 RETURNING ${challengeColumns}`,
        [id, ch.title ?? null, ch.category ?? null, ch.preview ?? null, ch.why ?? null, ch.insight ?? null, ch.challenge ?? null,
          ch.reflection ?? null, ch.isActive ?? null],
      );
      return rows[0];
    },
    async assign(weekNumber, challengeId) {
      const { startDate, endDate } = weekDates(weekNumber);
      const { rowCount } = await pool.query(
        `INSERT INTO quests.weekly_challenge AS w (id, week_number, start_date, end_date, challenge_id)
         VALUES ($1, $2, $3::date, $4::date, $5)
         ON CONFLICT (week_number) DO UPDATE SET challenge_id = EXCLUDED.challenge_id
         WHERE NOT EXISTS (SELECT 1 FROM quests.user_challenge_progress p WHERE p.weekly_challenge_id = w.id)`,
        [randomUUID(), weekNumber, startDate, endDate, challengeId],
      );
      if (rowCount !== 1) return { kind: 'in_use' };
      return { kind: 'assigned', assignment: (await assignmentOf(pool, weekNumber))! };
    },
    async isAssigned(weekNumber) {
      const { rowCount } = await pool.query('SELECT 1 FROM quests.weekly_challenge WHERE week_number = $1', [weekNumber]);
      return rowCount === 1;
    },
    rotate(weekNumber) {
      return transaction(async (tx) => {
        const { rows: [tracker] } = await tx.query<{ last: string | null }>(
          'SELECT last_used_challenge_id AS last FROM quests.challenge_rotation_tracker WHERE id = 1 FOR UPDATE',
        );
        const { rows: [next] } = await tx.query<{ id: string }>(
          `SELECT id FROM quests.challenge WHERE is_active
           ORDER BY sequence <= COALESCE((SELECT sequence FROM quests.challenge WHERE id = $1), 0), sequence LIMIT 1`,
          [tracker?.last ?? null],
        );
        if (!next) return undefined;
        const { startDate, endDate } = weekDates(weekNumber);
        const inserted = await tx.query(
          `INSERT INTO quests.weekly_challenge (id, week_number, start_date, end_date, challenge_id)
           VALUES ($1, $2, $3::date, $4::date, $5) ON CONFLICT (week_number) DO NOTHING`,
          [randomUUID(), weekNumber, startDate, endDate, next.id],
        );
        if (inserted.rowCount !== 1) return undefined;
        await tx.query(
          `INSERT INTO quests.challenge_rotation_tracker (id, last_used_challenge_id, last_used_week_number, rotation_count, updated_at)
           VALUES (1, $1, $2, 1, now())
           ON CONFLICT (id) DO UPDATE SET last_used_challenge_id = $1, last_used_week_number = $2,
             rotation_count = quests.challenge_rotation_tracker.rotation_count + 1, updated_at = now()`,
          [next.id, weekNumber],
        );
        return assignmentOf(tx, weekNumber);
      });
    },
  };
}
