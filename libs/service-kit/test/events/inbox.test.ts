import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { idempotent } from '../../src/events/inbox';
import { markHandled, pgTransactions } from '../../src/unit-of-work';
import { newEvent, quoteIdent } from '../../src/events/outbox';
import type { DomainEvent } from '../../src/events/types';
import { createNatsEventBus } from '../../src/events/nats-bus';
import type { EventBus } from '../../src/events/types';
import {
  createTestInProcessBus,
  createTestSchema,
  deleteNatsTestData,
  natsUrl,
  sleep,
  uniqueService,
  waitFor,
  type TestSchema,
} from './helpers';

describe('idempotent consumers (inbox)', () => {
  let db: TestSchema;
  let effects: string;

  beforeAll(async () => {
    db = await createTestSchema();
    effects = `${quoteIdent(db.schema)}.xp_grant`;
    await db.pool.query(`CREATE TABLE ${effects} (event_id UUID NOT NULL, points INTEGER NOT NULL)`);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const grantXp = (tx: pg.PoolClient, event: DomainEvent) =>
    tx.query(`INSERT INTO ${effects} (event_id, points) VALUES ($1, $2)`, [
      event.payload.eventId,
      event.payload.points,
    ]);
  const grants = async (event: DomainEvent) =>
    Number(
      (await db.pool.query(`SELECT count(*) FROM ${effects} WHERE event_id = $1`, [event.payload.eventId])).rows[0]
        .count,
    );
  const handled = async (consumer: string, event: DomainEvent) =>
    Number(
      (
        await db.pool.query(
          `SELECT count(*) FROM ${quoteIdent(db.schema)}.inbox_event WHERE consumer = $1 AND event_id = $2`,
          [consumer, event.payload.eventId],
        )
      ).rows[0].count,
    );
  const options = (consumer: string) => ({
    consumer,
    transaction: pgTransactions(db.pool, { schema: db.schema }),
    markHandled,
  });

  const url = natsUrl();
  const buses: {
    name: string;
    skip: boolean;
    make: () => Promise<EventBus>;
    cleanup?: (service: string) => Promise<void>;
  }[] = [
    { name: 'in-process', skip: false, make: async () => createTestInProcessBus() },
    {
      name: 'nats',
      skip: !url,
      make: () => createNatsEventBus({ servers: url!, name: 'inbox-test', reconnectTimeWaitMs: 100 }),
      cleanup: (service) => deleteNatsTestData(url!, service),
    },
  ];

  describe.each(buses)('on the $name bus', ({ skip, make, cleanup }) => {
    it.skipIf(skip)('applies the effect once when the handler fails after its write and is redelivered', async () => {
      const service = uniqueService();
      const subject = `${service}.challenge.completed.v1`;
      const bus = await make();
      const attempts: number[] = [];
      await bus.subscribe(
        { durable: `${service}-xp`, subjects: [subject], backoffMs: [10] },
        idempotent(options(`${service}-xp`), async (event, tx, { attempt }) => {
          attempts.push(attempt);
          await grantXp(tx, event);
          if (attempt === 1) throw new Error('crash after the write');
        }),
      );
      const event = newEvent(subject, 'user-1', { points: 50 });
      await bus.publish(event);

      await waitFor(() => attempts.length === 2, 10_000, 'redelivery');
      await sleep(100);
      await bus.close();
      await cleanup?.(service);
      expect(attempts).toEqual([1, 2]);
      expect(await grants(event)).toBe(1);
      expect(await handled(`${service}-xp`, event)).toBe(1);
    });
  });

  it('ignores a duplicate delivery of a handled event, even a concurrent one', async () => {
    let runs = 0;
    const handler = idempotent(options('xp-dup'), async (event, tx) => {
      runs += 1;
      await grantXp(tx, event);
      await sleep(50);
    });
    const event = newEvent('quests.challenge.completed.v1', 'user-1', { points: 10 });

    await Promise.all([handler(event, { attempt: 1 }), handler(structuredClone(event), { attempt: 1 })]);
    await handler(event, { attempt: 2 });

    expect(runs).toBe(1);
    expect(await grants(event)).toBe(1);
  });

  it('tracks each consumer separately', async () => {
    const event = newEvent('quests.challenge.completed.v1', 'user-1', { points: 5 });
    let runs = 0;
    const count = async () => {
      runs += 1;
    };
    await idempotent(options('consumer-a'), count)(event, { attempt: 1 });
    await idempotent(options('consumer-b'), count)(event, { attempt: 1 });
    await idempotent(options('consumer-a'), count)(event, { attempt: 1 });
    expect(runs).toBe(2);
  });
});
