import type { Queryable } from '@vere/service-kit';

/*
 * Data-access helpers the repositories share: the user-card columns, the ordered pair of two users,
 * and the pair's advisory lock.
 */

/**
 * Columns of a user card for the profile alias `p` and level alias `lv`, the user id being `idExpr`.
 * A user whose profile has not arrived yet still shows, with a neutral name.
 */
export const cardColumns = (idExpr: string) => `${idExpr} AS id,
  COALESCE(NULLIF(p.display_name, ''), p.name, 'Vere user') AS name, p.username, p.photo_url AS "photoUrl",
  p.avatar_config AS "avatarConfig", COALESCE(lv.level, 1) AS level`;

/** Joins for cardColumns. */
export const cardJoins = (idExpr: string) =>
  `LEFT JOIN pods.profile p ON p.user_id = ${idExpr} LEFT JOIN pods.user_level lv ON lv.user_id = ${idExpr}`;

/** A pair of users as the tables key it: (user_low, user_high). */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** Serialises everything done to one pair of users (friend requests, blocks, chat sends) until the transaction ends. */
export async function lockPair(tx: Queryable, a: string, b: string): Promise<void> {
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtextextended('pods:pair:' || $1 || ':' || $2, 0))`,
    orderedPair(a, b),
  );
}
