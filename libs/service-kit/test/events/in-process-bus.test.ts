import { describe, expect, it } from 'vitest';
import { createInProcessEventBus, type InProcessEventBus } from '../../src/events/in-process-bus';
import { newEvent } from '../../src/events/outbox';
import { deadLetterSubject } from '../../src/events/types';
import { describeEventBusContract } from './bus-contract';
import { sleep, waitFor } from './helpers';

describeEventBusContract<InProcessEventBus>('in-process', () => createInProcessEventBus(), {
  async lastDeadLetter(bus, durable, subject) {
    const dlqSubject = deadLetterSubject(durable, subject);
    return bus.deadLetters.findLast((d) => d.subject === dlqSubject)?.event;
  },
});

describe('in-process bus specifics', () => {
  it('forgets eventIds after the dedupe window', async () => {
    const bus = createInProcessEventBus({ dedupeWindowMs: 50 });
    let count = 0;
    await bus.subscribe({ durable: 'c', subjects: ['svc.a.done.v1'] }, async () => {
      count += 1;
    });
    const event = newEvent('svc.a.done.v1', 'u', {});
    await bus.publish(event);
    await sleep(80);
    await bus.publish(event);
    await waitFor(() => count === 2, 1_000);
    await bus.close();
  });

  it('keeps only the newest retainLimit events for late durables', async () => {
    const bus = createInProcessEventBus({ retainLimit: 2 });
    for (const i of [1, 2, 3]) await bus.publish(newEvent('svc.a.done.v1', 'u', { i }));
    const seen: unknown[] = [];
    await bus.subscribe({ durable: 'late', subjects: ['svc.a.done.v1'] }, async (e) => {
      seen.push(e.payload.i);
    });
    await waitFor(() => seen.length === 2, 1_000);
    expect(seen).toEqual([2, 3]);
    await bus.close();
  });

  it('records dead letters with their attempts', async () => {
    const bus = createInProcessEventBus();
    await bus.subscribe({ durable: 'c', subjects: ['svc.a.done.v1'], maxDeliver: 2, backoffMs: [1] }, async () => {
      throw new Error('nope');
    });
    await bus.publish(newEvent('svc.a.done.v1', 'u', {}));
    await waitFor(() => bus.deadLetters.length === 1, 1_000);
    expect(bus.deadLetters[0]).toMatchObject({ durable: 'c', subject: 'dlq.c.svc.a.done.v1', attempts: 2 });
    await bus.close();
  });

  it('rejects invalid subjects and durables', async () => {
    const bus = createInProcessEventBus();
    await expect(bus.publish(newEvent('Bad.subject', 'u', {}))).rejects.toThrow();
    await expect(bus.publish(newEvent('svc.>', 'u', {}))).rejects.toThrow();
    await expect(bus.subscribe({ durable: 'a.b', subjects: ['svc.a.done.v1'] }, async () => {})).rejects.toThrow();
    await bus.close();
  });
});
