import type { Queryable } from '@vere/service-kit';

/*
 * The social part of a user's data export ("Your data"): what pods holds that the user made or
 * that is about their own relationships. Others' blocks and reports of the user stay private.
 */

export interface SocialExport {
  friendships: {
    withUserId: string;
    status: string;
    requestedByYou: boolean;
    createdAt: Date;
    acceptedAt: Date | null;
  }[];
  blocks: { blockedUserId: string; createdAt: Date }[];
  reports: {
    kind: string;
    targetId: string;
    reason: string;
    details: string | null;
    status: string;
    createdAt: Date;
  }[];
  podLogEntries: { podId: string; message: string; proofText: string | null; hasPhoto: boolean; createdAt: Date }[];
}

/** Data access for "Your data": no rules here (see use-cases/your-data.ts). */
export interface ExportRepository {
  /** The user's friendships, their own blocks and reports, and their pod log entries, oldest first. */
  socialExportOf(db: Queryable, userId: string): Promise<SocialExport>;
}

export function createExportRepository(): ExportRepository {
  return {
    async socialExportOf(db, userId) {
      const [friendships, blocks, reports, log] = await Promise.all([
        db.query(
          `SELECT CASE WHEN user_low = $1 THEN user_high ELSE user_low END AS "withUserId", status,
                         requested_by = $1 AS "requestedByYou", created_at AS "createdAt", accepted_at AS "acceptedAt"
                  FROM pods.friendship WHERE $1 IN (user_low, user_high) ORDER BY created_at`,
          [userId],
        ),
        db.query(
          `SELECT blocked_id AS "blockedUserId", created_at AS "createdAt" FROM pods.user_block
                  WHERE blocker_id = $1 ORDER BY created_at`,
          [userId],
        ),
        db.query(
          `SELECT kind, target_id AS "targetId", reason, details, status, created_at AS "createdAt" FROM pods.report
                  WHERE reporter_id = $1 ORDER BY created_at`,
          [userId],
        ),
        db.query(
          `SELECT pod_id AS "podId", message, proof_text AS "proofText", proof_photo_id IS NOT NULL AS "hasPhoto",
                         created_at AS "createdAt"
                  FROM pods.pod_log WHERE user_id = $1 ORDER BY created_at`,
          [userId],
        ),
      ]);
      return {
        friendships: friendships.rows,
        blocks: blocks.rows,
        reports: reports.rows,
        podLogEntries: log.rows,
      } as SocialExport;
    },
  };
}
