/**
 * Dead letters of the embedded bus, kept in PostgreSQL until an operator replays or drops them
 * (`npm run events -- dlq …`). A replay marks the row; the durable's cursor delivers it again
 * before reading on, and deletes the row once the handler succeeds.
 */
import type pg from 'pg';
import { pgTransaction, quoteIdent } from './sql';
import { partitionOf, type DomainEvent } from './types';

export const EVENTS_SCHEMA = 'vere_events';

export interface DeadLetter {
  /** Stable id for replay/drop. */
  id: string;
  durable: string;
  /** The original subject (the NATS bus files it under `dlq.<durable>.<subject>`). */
  subject: string;
  event: DomainEvent;
  error: string;
  attempts: number;
  deadAt: Date;
  /** Set while a replay is waiting for the consumer. */
  replayRequestedAt: Date | null;
}

export interface DeadLetterFilter {
  ids?: string[];
  durable?: string;
}

export interface DeadLetterStore {
  /** Creates the log's tables if missing (idempotent, safe with concurrent callers). */
  ensureSchema(): Promise<void>;
  list(filter?: DeadLetterFilter): Promise<DeadLetter[]>;
  /** Hands the matching dead letters back to their durable; returns how many. */
  replay(filter?: DeadLetterFilter): Promise<number>;
  /** Deletes the matching dead letters for good; returns how many. */
  drop(filter?: DeadLetterFilter): Promise<number>;
}

interface Row {
  id: string;
  durable: string;
  subject: string;
  payload: DomainEvent['payload'];
  error: string;
  attempts: number;
  dead_at: Date;
  replay_requested_at: Date | null;
}

export function deadLetterStore(pool: pg.Pool, schema = EVENTS_SCHEMA): DeadLetterStore {
  const s = quoteIdent(schema);
  const where = (filter: DeadLetterFilter = {}): { sql: string; params: unknown[] } => {
    const params: unknown[] = [];
    const clauses: string[] = [];
    if (filter.ids) {
      params.push(filter.ids.map(Number).filter(Number.isSafeInteger));
      clauses.push(`id = ANY($${params.length}::bigint[])`);
    }
    if (filter.durable) {
      params.push(filter.durable);
      clauses.push(`durable = $${params.length}`);
    }
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  };

  return {
    ensureSchema: () =>
      pgTransaction(pool)(async (client) => {
        // Serialises concurrent creators: CREATE … IF NOT EXISTS alone can still collide.
        await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${schema}:schema`]);
        // Up to date (the partition index is made last, in the same transaction): no DDL, whose locks
        // would deadlock with the workers of another process already using the tables.
        const { rows: current } = await client.query<{ ok: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS ok`, [
          `${s}.consumer_cursor_partition`,
        ]);
        if (current[0]?.ok) return;
        await client.query(`
          CREATE SCHEMA IF NOT EXISTS ${s};
          CREATE TABLE IF NOT EXISTS ${s}.event_log (
            seq bigserial PRIMARY KEY,
            event_id uuid NOT NULL,
            subject text NOT NULL,
            payload jsonb NOT NULL,
            published_at timestamptz NOT NULL DEFAULT now());
          -- Decision 0045: events are ordered per partition (a hash of their key); NULL: logged before it.
          ALTER TABLE ${s}.event_log ADD COLUMN IF NOT EXISTS partition smallint;
          -- Decision 0058: the W3C trace context of the publishing span (NULL while tracing is off).
          ALTER TABLE ${s}.event_log ADD COLUMN IF NOT EXISTS traceparent text;
          CREATE INDEX IF NOT EXISTS event_log_subject_partition_seq ON ${s}.event_log (subject, partition, seq);
          DROP INDEX IF EXISTS ${s}.event_log_subject_seq;
          CREATE INDEX IF NOT EXISTS event_log_event_id ON ${s}.event_log (event_id);
          CREATE INDEX IF NOT EXISTS event_log_published_at ON ${s}.event_log (published_at);
          CREATE TABLE IF NOT EXISTS ${s}.consumer_cursor (
            durable text NOT NULL,
            subject text NOT NULL,
            partition smallint NOT NULL,
            position bigint NOT NULL DEFAULT 0,
            updated_at timestamptz NOT NULL DEFAULT now());
          -- A cursor from before partitions becomes partition -1: each partition's cursor starts at its position.
          ALTER TABLE ${s}.consumer_cursor ADD COLUMN IF NOT EXISTS partition smallint NOT NULL DEFAULT -1;
          ALTER TABLE ${s}.consumer_cursor ALTER COLUMN partition DROP DEFAULT;
          ALTER TABLE ${s}.consumer_cursor DROP CONSTRAINT IF EXISTS consumer_cursor_pkey;
          CREATE UNIQUE INDEX IF NOT EXISTS consumer_cursor_partition ON ${s}.consumer_cursor (durable, subject, partition);
          CREATE TABLE IF NOT EXISTS ${s}.dead_letter (
            id bigserial PRIMARY KEY,
            durable text NOT NULL,
            subject text NOT NULL,
            event_id uuid,
            payload jsonb NOT NULL,
            error text NOT NULL,
            attempts integer NOT NULL,
            dead_at timestamptz NOT NULL DEFAULT now(),
            replay_requested_at timestamptz);
          CREATE INDEX IF NOT EXISTS dead_letter_durable ON ${s}.dead_letter (durable, subject, id);
        `);
        // Events logged before partitions get theirs, so their keys keep their order with newer events.
        for (;;) {
          const { rows } = await client.query<{ seq: string; subject: string; payload: DomainEvent['payload'] }>(
            `SELECT seq::text, subject, payload FROM ${s}.event_log WHERE partition IS NULL LIMIT 1000`,
          );
          if (rows.length === 0) break;
          await client.query(
            `UPDATE ${s}.event_log l SET partition = u.partition
               FROM unnest($1::bigint[], $2::int[]) AS u(seq, partition) WHERE l.seq = u.seq`,
            [rows.map((r) => r.seq), rows.map((r) => partitionOf({ subject: r.subject, payload: r.payload }))],
          );
        }
      }),

    async list(filter) {
      const w = where(filter);
      const { rows } = await pool.query<Row>(
        `SELECT id::text, durable, subject, payload, error, attempts, dead_at, replay_requested_at
           FROM ${s}.dead_letter ${w.sql} ORDER BY dead_letter.id`,
        w.params,
      );
      return rows.map((r) => ({
        id: r.id,
        durable: r.durable,
        subject: r.subject,
        event: { subject: r.subject, payload: r.payload },
        error: r.error,
        attempts: r.attempts,
        deadAt: r.dead_at,
        replayRequestedAt: r.replay_requested_at,
      }));
    },

    async replay(filter) {
      const w = where(filter);
      const { rowCount } = await pool.query(
        `UPDATE ${s}.dead_letter SET replay_requested_at = now() ${w.sql || 'WHERE true'} AND replay_requested_at IS NULL`,
        w.params,
      );
      return rowCount ?? 0;
    },

    async drop(filter) {
      const w = where(filter);
      const { rowCount } = await pool.query(`DELETE FROM ${s}.dead_letter ${w.sql}`, w.params);
      return rowCount ?? 0;
    },
  };
}
