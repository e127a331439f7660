import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus, eventLogDedupeSql, type InProcessEventBus } from '../../src/events/in-process-bus';
import { newEvent, outboxClaimSql, quoteIdent } from '../../src/events/outbox';
import { createTestSchema, databaseUrl, type TestSchema } from './helpers';

/*
 * What the event path's per-round reads cost as the tables grow (issue 28: the accept's CPU). Each
 * test gives PostgreSQL the statistics a busy table has between two ANALYZEs — every row it counted
 * is published, and the rows written since are newer than any it saw — and runs the statement with
 * EXPLAIN ANALYZE: the rows a round reads must stay within its batch (or the ids it asks about), not
 * grow with the backlog or the log.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan's nodes, from EXPLAIN (ANALYZE, FORMAT JSON) of `sql` run in a transaction that is rolled back. */
async function analysed(pool: pg.Pool, sql: string, values: unknown[]): Promise<PlanNode[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      values,
    );
    return nodes(rows[0]!['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/**
 * The rows each node reading `table` (or, for a bitmap, one of its indexes) looked at: those it
 * passed on and those its filter or recheck dropped, over all its loops.
 */
const readsOf = (plan: PlanNode[], table: string) =>
  plan
    .filter((n) => n['Relation Name'] === table || (n['Node Type'] === 'Bitmap Index Scan' && n['Index Name']))
    .map((n) => ({
      node: n['Node Type'],
      index: n['Index Name'],
      rows:
        (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
        n['Actual Loops'],
    }));

describe('outbox relay claim', () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('reads the oldest rows in order and stops at the batch, however long the backlog', async () => {
    const table = `${quoteIdent(db.schema)}."outbox_event"`;
    // A table whose last ANALYZE saw only published rows (the relay keeps up between two of them)…
    await db.pool.query(
      `INSERT INTO ${table} (id, subject, payload, occurred_at, published_at)
       SELECT gen_random_uuid(), 'quests.todo.changed.v1', '{}', now() - interval '1 hour', now() - interval '59 minutes'
       FROM generate_series(1, 3000)`,
    );
    await db.pool.query(`ANALYZE ${table}`);
    // …then a burst it has not caught up with.
    await db.pool.query(
      `INSERT INTO ${table} (id, subject, payload, occurred_at)
       SELECT gen_random_uuid(), 'quests.todo.changed.v1', '{}', now() - (i || ' ms')::interval
       FROM generate_series(1, 2000) i`,
    );

    const plan = await analysed(db.pool, outboxClaimSql(table), [100]);
    const reads = readsOf(plan, 'outbox_event');
    expect(reads.length, JSON.stringify(plan.map((n) => n['Node Type']))).toBeGreaterThan(0);
    expect(Math.max(...reads.map((r) => r.rows)), JSON.stringify(reads)).toBeLessThanOrEqual(100);
    expect(plan.some((n) => n['Node Type'] === 'Sort')).toBe(false);

    // And the claim is still the oldest hundred.
    const { rows } = await db.pool.query<{ id: string }>(
      `SELECT id FROM ${table} WHERE published_at IS NULL ORDER BY occurred_at LIMIT 100`,
    );
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const claimed = await client.query<{ id: string }>(outboxClaimSql(table), [100]);
      expect(claimed.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('embedded bus dedupe read', () => {
  const schema = `bus_test_${randomBytes(5).toString('hex')}`;
  const eventLog = `${quoteIdent(schema)}."event_log"`;
  let bus: InProcessEventBus;
  let pool: pg.Pool;
  beforeAll(async () => {
    bus = createInProcessEventBus({ databaseUrl: databaseUrl(), schema, pollIntervalMs: 50 });
    await bus.publish(newEvent('quests.todo.changed.v1', 'u', {})); // makes the bus's tables
    pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  });
  afterAll(async () => {
    await bus.close();
    await pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await pool.end();
  });

  it('reads only the events it asks about, however many the dedupe window holds', async () => {
    const old = randomUUID();
    const fresh = randomUUID();
    // The log as the last ANALYZE saw it: events older than the window…
    await pool.query(
      `INSERT INTO ${eventLog} (event_id, subject, partition, payload, published_at)
       SELECT CASE WHEN i = 1 THEN $1::uuid ELSE gen_random_uuid() END, 'quests.todo.changed.v1', 0, '{}',
              now() - interval '10 minutes'
       FROM generate_series(1, 20000) i`,
      [old],
    );
    await pool.query(`ANALYZE ${eventLog}`);
    // …then a busy two minutes, all newer than any published_at the statistics know.
    await pool.query(
      `INSERT INTO ${eventLog} (event_id, subject, partition, payload)
       SELECT CASE WHEN i = 1 THEN $1::uuid ELSE gen_random_uuid() END, 'quests.todo.changed.v1', 0, '{}'
       FROM generate_series(1, 20000) i`,
      [fresh],
    );
    // A relay round's worth of events (it publishes its whole batch at once).
    const asked = [old, fresh, ...Array.from({ length: 198 }, () => randomUUID())];

    const plan = await analysed(pool, eventLogDedupeSql(eventLog), [asked, 120_000]);
    const reads = readsOf(plan, 'event_log');
    expect(reads.length, JSON.stringify(plan.map((n) => n['Node Type']))).toBeGreaterThan(0);
    expect(Math.max(...reads.map((r) => r.rows)), JSON.stringify(reads)).toBeLessThanOrEqual(asked.length);

    // What it answers: the fresh event is a duplicate, the one logged before the window is not.
    const { rows } = await pool.query<{ event_id: string; recent: boolean }>(eventLogDedupeSql(eventLog), [
      asked,
      120_000,
    ]);
    const recent = new Set(rows.filter((r) => r.recent).map((r) => r.event_id));
    expect([...recent]).toEqual([fresh]);
  });
});
