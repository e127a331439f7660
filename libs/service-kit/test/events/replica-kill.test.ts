// Decision 0045 across processes: two replicas (child processes, each with a relay and a consumer)
// share a durable's partitions; one is killed with SIGKILL mid-stream and started again. Every event
// must have exactly one effect, and each user's effects must follow the order of their events.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../../src/events/in-process-bus';
import { newEvent, quoteIdent } from '../../src/events/outbox';
import {
  createTestSchema,
  databaseUrl,
  deleteNatsTestData,
  natsUrl,
  uniqueService,
  waitFor,
  type TestSchema,
} from './helpers';
import type { ReplicaConfig } from './replica-process';

const replicaScript = fileURLToPath(new URL('./replica-process.ts', import.meta.url));
const url = natsUrl();

function startReplica(config: ReplicaConfig): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', replicaScript, JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`replica exited with ${code} before it was ready`)));
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

describe.each([
  { bus: 'embedded' as const, skip: false },
  { bus: 'nats' as const, skip: !url },
])('two replicas on the $bus bus, one killed mid-stream', ({ bus, skip }) => {
  const children: ChildProcess[] = [];
  let db: TestSchema | undefined;
  const service = uniqueService();
  const busSchema = `bus_test_${randomBytes(5).toString('hex')}`;

  afterAll(async () => {
    await Promise.all(children.map((c) => kill(c, 'SIGKILL')));
    await db?.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(busSchema)} CASCADE`);
    await db?.drop();
    if (bus === 'nats' && url) await deleteNatsTestData(url, service);
  });

  it.skipIf(skip)('loses no event, applies none twice, and keeps each user in order', { timeout: 90_000 }, async () => {
    db = await createTestSchema();
    const s = quoteIdent(db.schema);
    await db.pool.query(
      `CREATE TABLE ${s}.effect (id bigserial PRIMARY KEY, event_id uuid NOT NULL, user_id text NOT NULL, step int NOT NULL, replica int NOT NULL)`,
    );
    const config: ReplicaConfig = {
      bus,
      natsUrl: url,
      databaseUrl: databaseUrl(),
      busSchema,
      schema: db.schema,
      subject: `${service}.step.happened.v1`,
      durable: `${service}-effects`,
      relay: true,
      ackWaitMs: 1_000,
    };
    if (bus === 'embedded') {
      // Create the log's schema once, before two processes race to.
      const setup = createInProcessEventBus({ databaseUrl: databaseUrl(), schema: busSchema });
      await setup.isReady();
      await setup.deadLetters();
      await setup.close();
    }
    const [a, b] = [await startReplica(config), await startReplica(config)];
    children.push(a, b);

    const users = Array.from({ length: 24 }, () => randomUUID());
    const steps = 25;
    const events = Array.from({ length: steps }, (_, step) =>
      users.map((u) => newEvent(config.subject, u, { step })),
    ).flat();
    for (let i = 0; i < events.length; i += 100) {
      const chunk = events.slice(i, i + 100);
      await db.pool.query(
        `INSERT INTO ${s}.outbox_event (id, subject, payload, occurred_at)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::timestamptz[])`,
        [
          chunk.map((e) => e.payload.eventId),
          chunk.map((e) => e.subject),
          chunk.map((e) => JSON.stringify(e.payload)),
          chunk.map((e) => e.payload.occurredAt),
        ],
      );
    }
    const effects = async () => Number((await db!.pool.query(`SELECT count(*) FROM ${s}.effect`)).rows[0].count);

    await waitFor(async () => (await effects()) >= events.length / 4, 30_000, 'a quarter of the effects');
    await kill(a, 'SIGKILL');
    const handledBeforeKill = await effects();
    children.push(await startReplica(config));

    await waitFor(async () => (await effects()) >= events.length, 60_000, 'every effect');
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // anything handled twice would show by now

    const { rows } = await db.pool.query<{ event_id: string; user_id: string; step: number; replica: number }>(
      `SELECT event_id::text, user_id, step, replica FROM ${s}.effect ORDER BY id`,
    );
    const perEvent = new Map<string, number>();
    for (const r of rows) perEvent.set(r.event_id, (perEvent.get(r.event_id) ?? 0) + 1);
    expect(handledBeforeKill).toBeLessThan(events.length); // the kill landed mid-stream
    expect(rows).toHaveLength(events.length);
    expect(new Set(perEvent.keys())).toEqual(new Set(events.map((e) => e.payload.eventId)));
    expect([...perEvent.values()].every((n) => n === 1)).toBe(true);
    for (const user of users) {
      expect(rows.filter((r) => r.user_id === user).map((r) => r.step)).toEqual(
        Array.from({ length: steps }, (_, i) => i),
      );
    }
    // Both first replicas did part of the work: they share the durable's partitions.
    expect(new Set(rows.map((r) => r.replica)).size).toBeGreaterThanOrEqual(2);
  });
});
