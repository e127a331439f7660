import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  createInProcessEventBus,
  type InProcessEventBus,
  type InProcessEventBusOptions,
} from '../../src/events/in-process-bus';
import { quoteIdent } from '../../src/events/outbox';
import type { DomainEvent } from '../../src/events/types';

/**
 * NATS_URL for the NATS suites, or undefined to skip them. With VERE_REQUIRE_NATS=1
 * (CI) a missing NATS_URL is an error rather than a silent skip.
 */
export function natsUrl(): string | undefined {
  const url = process.env.NATS_URL;
  if (!url && process.env.VERE_REQUIRE_NATS === '1') {
    throw new Error('VERE_REQUIRE_NATS=1 but NATS_URL is not set: the NATS event bus suites cannot run');
  }
  return url || undefined;
}

export const databaseUrl = () => process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A service token unique to this run, so subjects/streams never collide across runs. */
export function uniqueService(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Deletes the test service's stream (and its consumers) and its dead letters. */
export async function deleteNatsTestData(url: string, service: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`VERE_${service.toUpperCase()}`).catch(() => false);
    await jsm.streams.purge('VERE_DLQ', { filter: `dlq.*.${service}.>` }).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

export interface TestSchema {
  pool: pg.Pool;
  schema: string;
  drop(): Promise<void>;
}

/** A throw-away schema with the outbox/inbox tables, plus a pool to use it. */
export async function createTestSchema(): Promise<TestSchema> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 10 });
  const schema = `events_test_${randomBytes(5).toString('hex')}`;
  const s = quoteIdent(schema);
  await pool.query(`
    CREATE SCHEMA ${s};
    CREATE TABLE ${s}."outbox_event" (
      "id" UUID PRIMARY KEY, "subject" TEXT NOT NULL, "payload" JSONB NOT NULL,
      "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(), "published_at" TIMESTAMPTZ(3),
      "attempts" INTEGER NOT NULL DEFAULT 0, "last_error" TEXT,
      "next_attempt_at" TIMESTAMPTZ(3), "failed_at" TIMESTAMPTZ(3));
    CREATE INDEX ON ${s}."outbox_event" ("published_at", "occurred_at");
    CREATE TABLE ${s}."inbox_event" (
      "consumer" TEXT NOT NULL, "event_id" UUID NOT NULL, "subject" TEXT NOT NULL,
      "handled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(), PRIMARY KEY ("consumer", "event_id"));
  `);
  return {
    pool,
    schema,
    async drop() {
      await pool.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
      await pool.end();
    },
  };
}

/** What a service does through Prisma, in plain SQL: insert the outbox row in its transaction. */
export async function insertOutbox(client: pg.ClientBase, schema: string, event: DomainEvent): Promise<void> {
  await client.query(
    `INSERT INTO ${quoteIdent(schema)}."outbox_event" (id, subject, payload, occurred_at) VALUES ($1, $2, $3, $4)`,
    [event.payload.eventId, event.subject, JSON.stringify(event.payload), event.payload.occurredAt],
  );
}

/**
 * An embedded (PostgreSQL-logged) bus in a throw-away schema on the test server; close()
 * also drops the schema.
 */
export function createTestInProcessBus(options: Partial<InProcessEventBusOptions> = {}): InProcessEventBus {
  const schema = `bus_test_${randomBytes(5).toString('hex')}`;
  const bus = createInProcessEventBus({ databaseUrl: databaseUrl(), schema, pollIntervalMs: 50, ...options });
  const close = bus.close.bind(bus);
  return Object.assign(bus, {
    async close() {
      await close();
      const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`).finally(() => pool.end());
    },
  });
}
