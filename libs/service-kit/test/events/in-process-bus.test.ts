import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInProcessEventBus,
  type InProcessEventBus,
  type InProcessEventBusOptions,
} from '../../src/events/in-process-bus';
import { newEvent } from '../../src/events/outbox';
import type { DomainEvent } from '../../src/events/types';
import { describeEventBusContract } from './bus-contract';
import { sleep, uniqueService, waitFor } from './helpers';

let db: TestDatabase;
const opened: InProcessEventBus[] = [];
const open = (overrides: Partial<InProcessEventBusOptions> = {}) => {
  const bus = createInProcessEventBus({ databaseUrl: db.url, pollIntervalMs: 50, ...overrides });
  opened.push(bus);
  return bus;
};

beforeAll(async () => {
  db = await createTestDatabase('vere_bus');
});
afterAll(async () => {
  await Promise.all(opened.map((b) => b.close()));
  await db?.drop();
});

describeEventBusContract<InProcessEventBus>('in-process (PostgreSQL log)', () => open(), {
  async lastDeadLetter(bus, durable, subject) {
    return (await bus.deadLetters()).findLast((d) => d.durable === durable && d.subject === subject)?.event;
  },
});

describe('in-process bus: durability and operator actions', () => {
  const service = uniqueService();
  let n = 0;
  const names = () => {
    n += 1;
    return { subject: `${service}.thing${n}.happened.v1`, durable: `${service}-d${n}` };
  };

  it('delivers, after a restart, an event whose handler had not finished', async () => {
    const { subject, durable } = names();
    const first = open();
    let firstAttempts = 0;
    await first.subscribe({ durable, subjects: [subject], backoffMs: [10_000] }, async () => {
      firstAttempts += 1;
      throw new Error('the process dies before this handler commits');
    });
    const event = newEvent(subject, 'user-1', { n: 1 });
    await first.publish(event);
    await waitFor(() => firstAttempts === 1, 5_000, 'first delivery');
    await first.close(); // the event was never acknowledged

    const second = open();
    const received: DomainEvent[] = [];
    await second.subscribe({ durable, subjects: [subject] }, async (e) => {
      received.push(e);
    });
    await waitFor(() => received.length === 1, 5_000, 'delivery after restart');
    expect(received[0]).toEqual(event);
  });

  it('does not deliver an acknowledged event again after a restart', async () => {
    const { subject, durable } = names();
    const first = open();
    let count = 0;
    await first.subscribe({ durable, subjects: [subject] }, async () => {
      count += 1;
    });
    await first.publish(newEvent(subject, 'user-1', {}));
    await waitFor(() => count === 1, 5_000, 'delivery');
    await first.idle();
    await first.close();

    const second = open();
    await second.subscribe({ durable, subjects: [subject] }, async () => {
      count += 1;
    });
    await sleep(300);
    await second.idle();
    expect(count).toBe(1);
  });

  it('forgets eventIds after the dedupe window', async () => {
    const { subject, durable } = names();
    const bus = open({ dedupeWindowMs: 50 });
    let count = 0;
    await bus.subscribe({ durable, subjects: [subject] }, async () => {
      count += 1;
    });
    const event = newEvent(subject, 'u', {});
    await bus.publish(event);
    await sleep(80);
    await bus.publish(event);
    await waitFor(() => count === 2, 2_000, 'second delivery');
  });

  it('keeps dead letters until replayed to that durable only, or dropped', async () => {
    const { subject, durable } = names();
    const bus = open();
    let broken = true;
    const handledBy: string[] = [];
    await bus.subscribe({ durable, subjects: [subject] }, async (e) => {
      if (broken) throw Object.assign(new Error('handler bug'), { permanent: true });
      handledBy.push(`${durable}:${e.payload.eventId}`);
    });
    let otherCount = 0;
    await bus.subscribe({ durable: `${durable}-other`, subjects: [subject] }, async () => {
      otherCount += 1;
    });
    const [a, b] = [newEvent(subject, 'u', { i: 1 }), newEvent(subject, 'u', { i: 2 })];
    await bus.publish(a);
    await bus.publish(b);
    const mine = async () => (await bus.deadLetterStore.list({ durable })).map((d) => d.event.payload.eventId);
    await waitFor(async () => (await mine()).length === 2, 5_000, 'two dead letters');
    expect(await mine()).toEqual([a.payload.eventId, b.payload.eventId]);
    const [letterA, letterB] = await bus.deadLetterStore.list({ durable });
    expect(letterA).toMatchObject({ durable, subject, attempts: 1, error: 'handler bug' });

    broken = false; // the bug is fixed; the operator replays one and drops the other
    expect(await bus.deadLetterStore.replay({ ids: [letterA!.id] })).toBe(1);
    // The handler runs inside the delivery's transaction; the letter leaves the list when it commits.
    await waitFor(async () => (await mine()).length === 1, 5_000, 'replayed letter acknowledged');
    expect(handledBy).toEqual([`${durable}:${a.payload.eventId}`]);
    expect(await mine()).toEqual([b.payload.eventId]);
    expect(await bus.deadLetterStore.drop({ ids: [letterB!.id] })).toBe(1);
    expect(await mine()).toEqual([]);
    await bus.idle();
    expect(otherCount).toBe(2); // the other durable saw each event once, replay or not
  });
});
