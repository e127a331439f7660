import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import {
  createInProcessEventBus,
  createNatsEventBus,
  newEvent,
  type DomainEvent,
  type EventBus,
} from '@vere/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli';

const NATS_URL = process.env.NATS_URL;

const events = (args: string[], env: Record<string, string | undefined>) => runCli('events-cli.ts', args, env);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('npm run events -- dlq', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const variants = [
    { name: 'embedded bus (DATABASE_URL)', skip: false },
    { name: 'NATS JetStream (NATS_URL)', skip: !NATS_URL },
  ];

  for (const { name, skip } of variants) {
    it.skipIf(skip)(
      `lists, replays to the one consumer, and drops dead letters (${name})`,
      async () => {
        let env: Record<string, string | undefined>;
        let bus: EventBus;
        if (name.startsWith('NATS')) {
          bus = await createNatsEventBus({ servers: NATS_URL!, name: 'events-cli-test' });
          env = { NATS_URL };
        } else {
          const db: TestDatabase = await createTestDatabase('vere_events_cli');
          cleanups.push(() => db.drop());
          bus = createInProcessEventBus({ databaseUrl: db.url, pollIntervalMs: 50 });
          env = { DATABASE_URL: db.url, NATS_URL: undefined };
        }
        cleanups.push(() => bus.close());

        const service = `cli${randomBytes(4).toString('hex')}`;
        const subject = `${service}.thing.happened.v1`;
        const durable = `${service}-consumer`;
        let fixed = false;
        const handled: DomainEvent[] = [];
        await bus.subscribe({ durable, subjects: [subject] }, async (event) => {
          if (!fixed) throw Object.assign(new Error('bug in the handler'), { permanent: true });
          handled.push(event);
        });
        // Another consumer of the subject handled both events the first time: a replay is not for it.
        const bystander: string[] = [];
        await bus.subscribe({ durable: `${service}-bystander`, subjects: [subject] }, async (event) => {
          bystander.push(event.payload.eventId);
        });
        const [keep, discard] = [newEvent(subject, 'user-1', { n: 1 }), newEvent(subject, 'user-2', { n: 2 })];
        await bus.publish(keep);
        await bus.publish(discard);

        const list = async () => {
          const res = await events(['dlq', 'list', '--durable', durable, '--json'], env);
          expect(res.code, res.err).toBe(0);
          return JSON.parse(res.out) as { id: string; error: string; event: DomainEvent }[];
        };
        await expect.poll(async () => (await list()).length, { timeout: 10_000, interval: 300 }).toBe(2);
        // Two users' events: ordered per user only (decision 0045), so the letters may come either way.
        const listed = await list();
        expect(listed.map((l) => l.event.payload.eventId).sort()).toEqual(
          [keep.payload.eventId, discard.payload.eventId].sort(),
        );
        const letterOf = (id: string) => listed.find((l) => l.event.payload.eventId === id)!;
        const letters = [letterOf(keep.payload.eventId), letterOf(discard.payload.eventId)];
        expect(letters[0]!.error).toContain('bug in the handler');

        const human = await events(['dlq', 'list', '--durable', durable], env);
        expect(human.out).toContain(`${durable}\t${subject}`);
        expect((await events(['dlq', 'drop'], env)).code).toBe(2); // neither --id nor --all: refused

        fixed = true; // the bug is fixed: replay one, drop the other
        const replay = await events(['dlq', 'replay', '--id', letters[0]!.id], env);
        expect(replay.out).toContain('Replayed 1 dead letter');
        await expect.poll(() => handled.length, { timeout: 10_000 }).toBe(1);
        expect(handled[0]!.payload.eventId).toBe(keep.payload.eventId);

        const drop = await events(['dlq', 'drop', '--id', letters[1]!.id], env);
        expect(drop.out).toContain('Dropped 1 dead letter');
        expect(await list()).toEqual([]);
        await sleep(300);
        expect(handled).toHaveLength(1);
        expect(bystander.sort()).toEqual([keep.payload.eventId, discard.payload.eventId].sort());
      },
      180_000,
    ); // the CLI runs several times, each a process of its own: slow on a busy CI machine
  }
});
