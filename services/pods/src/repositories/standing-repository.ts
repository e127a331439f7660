import type { CapStanding } from '../use-cases/pod-rules';
import type { Queryable } from './sql';

export type { Queryable } from './sql';

/**
 * Pro now (active, and not past its expiry, so a lapse takes effect on time even before billing
 * says so) and the level, from the read models; a user pods has heard nothing about is free at 1.
 */
export async function standingOf(db: Queryable, userId: string): Promise<CapStanding & { podsCreated: number }> {
  const { rows } = await db.query<CapStanding & { podsCreated: number }>({
    name: 'pods-standing',
    text: `SELECT
             EXISTS (SELECT 1 FROM pods.entitlement e WHERE e.user_id = $1 AND e.is_active
                     AND (e.expiration_date IS NULL OR e.expiration_date > now())) AS "isPro",
             COALESCE((SELECT l.level FROM pods.user_level l WHERE l.user_id = $1), 1) AS level,
             (SELECT count(*)::int FROM pods.pod p WHERE p.created_by = $1) AS "podsCreated"`,
    values: [userId],
  });
  return rows[0]!;
}
