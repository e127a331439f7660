import type { ReportBody, UserCard } from '@vere/contracts';
import { cardColumns, cardJoins, type Queryable } from './sql';

/** Idempotent: blocking twice keeps the first block. */
export async function insertBlock(db: Queryable, blocker: string, blocked: string): Promise<void> {
  await db.query('INSERT INTO pods.user_block (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [blocker, blocked]);
}

export async function deleteBlock(db: Queryable, blocker: string, blocked: string): Promise<void> {
  await db.query('DELETE FROM pods.user_block WHERE blocker_id = $1 AND blocked_id = $2', [blocker, blocked]);
}

export async function listBlocked(db: Queryable, blocker: string): Promise<(UserCard & { blockedAt: Date })[]> {
  const { rows } = await db.query<UserCard & { blockedAt: Date }>(
    `SELECT ${cardColumns('b.blocked_id')}, b.created_at AS "blockedAt"
     FROM pods.user_block b ${cardJoins('b.blocked_id')}
     WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, b.blocked_id`,
    [blocker],
  );
  return rows;
}

/** What a report points at, for the reviewer. */
export interface ReportTarget {
  reportedUserId: string | null;
  podId: string | null;
}

/**
 * Stores the report unless the reporter already reported the item; either way answers the
 * report's id and whether it is new.
 */
export async function insertReport(
  db: Queryable, id: string, reporter: string, body: ReportBody, target: ReportTarget,
): Promise<{ id: string; created: boolean }> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO pods.report (id, reporter_id, kind, target_id, reported_user_id, pod_id, reason, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (reporter_id, kind, target_id) DO NOTHING RETURNING id`,
    [id, reporter, body.kind, body.targetId, target.reportedUserId, target.podId, body.reason, body.details ?? null],
  );
  if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM pods.report WHERE reporter_id = $1 AND kind = $2 AND target_id = $3', [reporter, body.kind, body.targetId],
  );
  return { id: rows[0]!.id, created: false };
}
