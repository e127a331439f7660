import { outboxRecord, type DomainEvent, type EventMeta } from '@vere/service-kit';
import type pg from 'pg';

/** Anything that runs a query: the pool, or a transaction's client. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Writes an event into the outbox inside the caller's transaction (the relay publishes it after commit). */
export async function writeEvent(tx: Queryable, event: DomainEvent<EventMeta>): Promise<void> {
  const r = outboxRecord(event);
  await tx.query('INSERT INTO pods.outbox_event (id, subject, payload, occurred_at) VALUES ($1, $2, $3, $4)', [r.id, r.subject, r.payload, r.occurredAt]);
}

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

/** Serialises everything done to one pair of users (friend requests, blocks) until the transaction ends. */
export async function lockPair(tx: Queryable, a: string, b: string): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('pods:pair:' || $1 || ':' || $2, 0))`, [low, high]);
}
