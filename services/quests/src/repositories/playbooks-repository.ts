import type { PgTx, Queryable } from '@vere/service-kit';

export interface PlaybookProgressRow {
  playbookId: string;
  version: number;
  startedAt: Date;
  completedAt: Date | null;
  xpEarned: number;
}

export interface PlaybookStepRow {
  playbookId: string;
  stepId: string;
  version: number;
  kind: string;
  xp: number;
  answers: number[] | null;
  correct: number | null;
  reflection: string | null;
  proofText: string | null;
  proofPhotoId: string | null;
  completedAt: Date;
}

export type NewPlaybookStep = Omit<PlaybookStepRow, 'completedAt'> & { userId: string; now: Date };

/** Playbook progress and completed steps: data access only (the rules are in use-cases/playbooks.ts). */
export interface PlaybooksRepository {
  /** Every playbook the user has started. */
  progressOf(db: Queryable, userId: string): Promise<PlaybookProgressRow[]>;
  /** One playbook's progress, or undefined when not started. */
  progress(db: Queryable, userId: string, playbookId: string): Promise<PlaybookProgressRow | undefined>;
  /** Starts a playbook on `version`; false when it was started already (the earlier version stays). */
  start(db: Queryable, userId: string, playbookId: string, version: number, now: Date): Promise<boolean>;
  /** Locks the progress row for the rest of the transaction (concurrent completions queue behind it). */
  lock(tx: PgTx, userId: string, playbookId: string): Promise<PlaybookProgressRow | undefined>;
  /** Steps done in a playbook (or in every playbook when `playbookId` is undefined). */
  stepsOf(db: Queryable, userId: string, playbookId?: string): Promise<PlaybookStepRow[]>;
  /** Records a completed step; false when it is recorded already. */
  addStep(tx: PgTx, step: NewPlaybookStep): Promise<boolean>;
  /** Adds XP to the playbook's total and, when `completedAt` is given, marks it completed. */
  addXp(tx: PgTx, userId: string, playbookId: string, xp: number, completedAt: Date | null): Promise<void>;
  /** Deletes everything the user did in playbooks (account deletion). */
  erase(tx: PgTx, userId: string): Promise<void>;
}

const PROGRESS = `playbook_id AS "playbookId", version, started_at AS "startedAt", completed_at AS "completedAt", xp_earned AS "xpEarned"`;
const STEP = `playbook_id AS "playbookId", step_id AS "stepId", version, kind, xp, answers, correct, reflection,
  proof_text AS "proofText", proof_photo_id AS "proofPhotoId", completed_at AS "completedAt"`;

export function createPlaybooksRepository(): PlaybooksRepository {
  return {
    async progressOf(db, userId) {
      const { rows } = await db.query<PlaybookProgressRow>({
        name: 'quests-playbook-progress-of',
        text: `SELECT ${PROGRESS} FROM quests.playbook_progress WHERE user_id = $1`,
        values: [userId],
      });
      return rows;
    },
    async progress(db, userId, playbookId) {
      const { rows } = await db.query<PlaybookProgressRow>({
        name: 'quests-playbook-progress',
        text: `SELECT ${PROGRESS} FROM quests.playbook_progress WHERE user_id = $1 AND playbook_id = $2`,
        values: [userId, playbookId],
      });
      return rows[0];
    },
    async start(db, userId, playbookId, version, now) {
      const { rowCount } = await db.query(
        `INSERT INTO quests.playbook_progress (user_id, playbook_id, version, started_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, playbook_id) DO NOTHING`,
        [userId, playbookId, version, now],
      );
      return rowCount === 1;
    },
    async lock(tx, userId, playbookId) {
      const { rows } = await tx.query<PlaybookProgressRow>(
        `SELECT ${PROGRESS} FROM quests.playbook_progress WHERE user_id = $1 AND playbook_id = $2 FOR UPDATE`,
        [userId, playbookId],
      );
      return rows[0];
    },
    async stepsOf(db, userId, playbookId) {
      const { rows } = await db.query<PlaybookStepRow>(
        playbookId === undefined
          ? {
              name: 'quests-playbook-steps-of',
              text: `SELECT ${STEP} FROM quests.playbook_step WHERE user_id = $1 ORDER BY completed_at`,
              values: [userId],
            }
          : {
              name: 'quests-playbook-steps',
              text: `SELECT ${STEP} FROM quests.playbook_step WHERE user_id = $1 AND playbook_id = $2 ORDER BY completed_at`,
              values: [userId, playbookId],
            },
      );
      return rows;
    },
    async addStep(tx, s) {
      const { rowCount } = await tx.query(
        `INSERT INTO quests.playbook_step
           (user_id, playbook_id, step_id, version, kind, xp, answers, correct, reflection, proof_text, proof_photo_id, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (user_id, playbook_id, step_id) DO NOTHING`,
        [
          s.userId,
          s.playbookId,
          s.stepId,
          s.version,
          s.kind,
          s.xp,
          s.answers,
          s.correct,
          s.reflection,
          s.proofText,
          s.proofPhotoId,
          s.now,
        ],
      );
      return rowCount === 1;
    },
    async addXp(tx, userId, playbookId, xp, completedAt) {
      await tx.query(
        `UPDATE quests.playbook_progress SET xp_earned = xp_earned + $3, completed_at = COALESCE(completed_at, $4)
         WHERE user_id = $1 AND playbook_id = $2`,
        [userId, playbookId, xp, completedAt],
      );
    },
    async erase(tx, userId) {
      await tx.query('DELETE FROM quests.playbook_progress WHERE user_id = $1', [userId]);
    },
  };
}
