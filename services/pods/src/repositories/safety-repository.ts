import type { ReportBody, UserCard } from '@vere/contracts';
import type { Queryable } from '@vere/service-kit';
import { cardColumns, cardJoins } from './sql';

/** What a report points at, for the reviewer. */
export interface ReportTarget {
  reportedUserId: string | null;
  podId: string | null;
}

/**
 * Data access for blocks and reports: no rules here (see use-cases/safety.ts). Every method takes
 * the unit of work's `tx`, or the pool for a read.
 */
export interface SafetyRepository {
  /** Idempotent: blocking twice keeps the first block. */
  /** False when the block was there already. */
  insertBlock(tx: Queryable, blocker: string, blocked: string): Promise<boolean>;
  /** False when there was no such block. */
  deleteBlock(tx: Queryable, blocker: string, blocked: string): Promise<boolean>;
  /** The users `blocker` blocked, newest first. */
  listBlocked(db: Queryable, blocker: string): Promise<(UserCard & { blockedAt: Date })[]>;
  /**
   * Stores the report unless the reporter already reported the item; either way answers the
   * report's id and whether it is new.
   */
  insertReport(
    tx: Queryable,
    id: string,
    reporter: string,
    body: ReportBody,
    target: ReportTarget,
  ): Promise<{ id: string; created: boolean }>;
}

export function createSafetyRepository(): SafetyRepository {
  return {
    async insertBlock(tx, blocker, blocked) {
      const { rowCount } = await tx.query(
        'INSERT INTO pods.user_block (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [blocker, blocked],
      );
      return rowCount === 1;
    },

    async deleteBlock(tx, blocker, blocked) {
      const { rowCount } = await tx.query('DELETE FROM pods.user_block WHERE blocker_id = $1 AND blocked_id = $2', [
        blocker,
        blocked,
      ]);
      return rowCount === 1;
    },

    async listBlocked(db, blocker) {
      const { rows } = await db.query<UserCard & { blockedAt: Date }>(
        `SELECT ${cardColumns('b.blocked_id')}, b.created_at AS "blockedAt"
         FROM pods.user_block b ${cardJoins('b.blocked_id')}
         WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, b.blocked_id`,
        [blocker],
      );
      return rows;
    },

    async insertReport(tx, id, reporter, body, target) {
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO pods.report (id, reporter_id, kind, target_id, reported_user_id, pod_id, reason, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (reporter_id, kind, target_id) DO NOTHING RETURNING id`,
        [
          id,
          reporter,
          body.kind,
          body.targetId,
          target.reportedUserId,
          target.podId,
          body.reason,
          body.details ?? null,
        ],
      );
      if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
      const { rows } = await tx.query<{ id: string }>(
        'SELECT id FROM pods.report WHERE reporter_id = $1 AND kind = $2 AND target_id = $3',
        [reporter, body.kind, body.targetId],
      );
      return { id: rows[0]!.id, created: false };
    },
  };
}
