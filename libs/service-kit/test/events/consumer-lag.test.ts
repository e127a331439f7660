// Consumer lag per durable on /metrics (issue 26, decision 0057), on both buses.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../../src/app';
import { createNatsEventBus } from '../../src/events/nats-bus';
import { newEvent } from '../../src/events/outbox';
import type { EventBus } from '../../src/events/types';
import { createTestInProcessBus, databaseUrl, deleteNatsTestData, natsUrl, uniqueService, waitFor } from './helpers';

const url = natsUrl();
const buses: { name: string; open: () => Promise<EventBus>; skip: boolean }[] = [
  { name: 'embedded', open: async () => createTestInProcessBus(), skip: false },
  {
    name: 'nats',
    open: () => createNatsEventBus({ servers: url!, name: 'service-kit-lag-test', reconnectTimeWaitMs: 100 }),
    skip: !url,
  },
];

describe.each(buses)('GET /metrics consumer lag ($name bus)', ({ name, open, skip }) => {
  const service = uniqueService();
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    if (name === 'nats') await deleteNatsTestData(url!, service);
  });

  it.skipIf(skip)(
    'shows the events each of the service’s durables has not handled yet, and 0 once it caught up',
    async () => {
      const bus = await open();
      cleanup.push(() => bus.close());
      const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
      cleanup.push(() => pool.end());
      const app = await createServiceApp({
        name: 'sample',
        pool,
        bus,
        logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
        shedding: false,
      });
      cleanup.push(() => app.close());
      const subject = `${service}.thing.happened.v1`;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let handled = 0;
      const durable = `sample-${service}`;
      const mine = await bus.subscribe({ durable, subjects: [subject] }, async () => {
        await gate;
        handled += 1;
      });
      // Another service's durable on the same bus (the embedded default shares one): not in sample's metrics.
      const theirs = await bus.subscribe({ durable: `other-${service}`, subjects: [subject] }, async () => {});
      cleanup.push(
        () => mine.stop(),
        () => theirs.stop(),
      );

      // Two users' events: each user's 3 wait behind the first, held by the handler.
      for (const user of ['user-a', 'user-b'])
        for (let i = 0; i < 3; i += 1) await bus.publish(newEvent(subject, user, { i }));

      const lag = async () => {
        const text = (await app.inject({ url: '/metrics' })).body;
        const lines = text.split('\n').filter((l) => l.startsWith('event_consumer_lag_events{'));
        expect(lines.some((l) => l.includes(`durable="other-${service}"`))).toBe(false);
        const line = lines.find((l) => l.includes(`durable="${durable}"`) && l.includes(`subject="${subject}"`));
        return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
      };
      await waitFor(async () => (await lag()) === 6, 10_000, 'a lag of 6 events');
      if (name === 'embedded')
        expect((await app.inject({ url: '/metrics' })).body).toMatch(
          new RegExp(`event_consumer_lag_seconds\\{[^}]*durable="${durable}"[^}]*\\} \\d`),
        );

      release();
      await waitFor(() => handled === 6, 10_000, 'all handled');
      await waitFor(async () => (await lag()) === 0, 10_000, 'no lag');
    },
  );
});
