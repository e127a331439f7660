// The behaviour every EventBus implementation must share (see src/events/types.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/events/outbox';
import type { Delivery, DomainEvent, EventBus, SubscribeOptions, Subscription } from '../../src/events/types';
import { sleep, uniqueService, waitFor } from './helpers';

export interface ContractExtras<B extends EventBus> {
  /** Skip the whole suite (e.g. no NATS available). */
  skip?: boolean;
  /** The dead-lettered copy of an event, as the implementation stores it. */
  lastDeadLetter?(bus: B, durable: string, subject: string): Promise<DomainEvent | undefined>;
  /** Remove whatever the run left behind for this service token. */
  cleanup?(service: string): Promise<void>;
}

/** How long we keep listening to be sure nothing more arrives. */
const QUIET_MS = 300;

export function describeEventBusContract<B extends EventBus>(
  name: string,
  makeBus: () => Promise<B> | B,
  extras: ContractExtras<B> = {},
): void {
  describe.skipIf(extras.skip === true)(`EventBus contract: ${name}`, () => {
    const service = uniqueService();
    const buses: B[] = [];
    const subscriptions: Subscription[] = [];
    let seq = 0;

    const nextNames = () => {
      seq += 1;
      return { subject: `${service}.thing${seq}.happened.v1`, durable: `${service}-c${seq}` };
    };
    const openBus = async () => {
      const bus = await makeBus();
      buses.push(bus);
      return bus;
    };
    const subscribe = async (
      bus: EventBus,
      options: SubscribeOptions,
      handler: (event: DomainEvent, delivery: Delivery) => Promise<void>,
    ) => {
      const subscription = await bus.subscribe(options, handler);
      subscriptions.push(subscription);
      return subscription;
    };
    const recorder = () => {
      const received: { event: DomainEvent; attempt: number; at: number }[] = [];
      const handler = async (event: DomainEvent, delivery: Delivery) => {
        received.push({ event, attempt: delivery.attempt, at: Date.now() });
      };
      return { received, handler };
    };

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });

    afterAll(async () => {
      await Promise.all(buses.map((b) => b.close()));
      await extras.cleanup?.(service);
    });

    it('delivers a published event to a durable subscriber', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const { received, handler } = recorder();
      await subscribe(bus, { durable, subjects: [subject] }, handler);

      const event = newEvent(subject, 'user-1', { points: 10 });
      await bus.publish(event);

      await waitFor(() => received.length === 1, 5_000, 'delivery');
      expect(received[0]?.event).toEqual(event);
      expect(received[0]?.attempt).toBe(1);
      expect(await bus.isReady()).toBe(true);
    });

    it('shares events between subscribers of the same durable (each event once in total)', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const a = recorder();
      const b = recorder();
      await subscribe(bus, { durable, subjects: [subject] }, a.handler);
      await subscribe(bus, { durable, subjects: [subject] }, b.handler);

      const events = Array.from({ length: 20 }, (_, i) => newEvent(subject, 'user-1', { i }));
      for (const event of events) await bus.publish(event);

      const all = () => [...a.received, ...b.received];
      await waitFor(() => all().length >= events.length, 5_000, 'all deliveries');
      await sleep(QUIET_MS);
      const ids = all().map((r) => r.event.payload.eventId);
      expect(ids).toHaveLength(events.length);
      expect(new Set(ids)).toEqual(new Set(events.map((e) => e.payload.eventId)));
    });

    it('delivers each event to every durable', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const first = recorder();
      const second = recorder();
      await subscribe(bus, { durable: `${durable}-a`, subjects: [subject] }, first.handler);
      await subscribe(bus, { durable: `${durable}-b`, subjects: [subject] }, second.handler);

      await bus.publish(newEvent(subject, 'user-1', {}));

      await waitFor(() => first.received.length === 1 && second.received.length === 1, 5_000, 'both durables');
      await sleep(QUIET_MS);
      expect(first.received).toHaveLength(1);
      expect(second.received).toHaveLength(1);
    });

    it('delivers a duplicate publish (same eventId) once', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const { received, handler } = recorder();
      await subscribe(bus, { durable, subjects: [subject] }, handler);

      const event = newEvent(subject, 'user-1', {});
      await bus.publish(event);
      await bus.publish(event);
      await bus.publish(structuredClone(event));

      await waitFor(() => received.length === 1, 5_000, 'delivery');
      await sleep(QUIET_MS);
      expect(received).toHaveLength(1);
    });

    it('redelivers after a handler failure, with backoff, until it succeeds', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const attempts: { attempt: number; at: number }[] = [];
      let handled = 0;
      await subscribe(bus, { durable, subjects: [subject], backoffMs: [100] }, async (_event, { attempt }) => {
        attempts.push({ attempt, at: Date.now() });
        if (attempt === 1) throw new Error('transient');
        handled += 1;
      });

      await bus.publish(newEvent(subject, 'user-1', {}));

      await waitFor(() => handled === 1, 5_000, 'successful redelivery');
      await sleep(QUIET_MS);
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(80);
      expect(handled).toBe(1);
    });

    it('dead-letters an event after maxDeliver failed attempts and calls onDeadLetter once', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      let calls = 0;
      const deadLettered: { event: DomainEvent; error: unknown }[] = [];
      await subscribe(
        bus,
        {
          durable,
          subjects: [subject],
          maxDeliver: 3,
          backoffMs: [20],
          onDeadLetter: (event, error) => {
            deadLettered.push({ event, error });
          },
        },
        async () => {
          calls += 1;
          throw new Error('always broken');
        },
      );

      const event = newEvent(subject, 'user-1', { poison: true });
      await bus.publish(event);

      await waitFor(() => deadLettered.length === 1, 5_000, 'dead letter');
      await sleep(QUIET_MS);
      expect(calls).toBe(3);
      expect(deadLettered).toHaveLength(1);
      expect(deadLettered[0]?.event).toEqual(event);
      expect((deadLettered[0]?.error as Error).message).toBe('always broken');
      if (extras.lastDeadLetter) {
        expect(await extras.lastDeadLetter(bus, durable, subject)).toEqual(event);
      }
    });

    it('dead-letters at once when the handler reports a permanent failure', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      let calls = 0;
      const deadLettered: DomainEvent[] = [];
      await subscribe(
        bus,
        {
          durable,
          subjects: [subject],
          maxDeliver: 5,
          backoffMs: [20],
          onDeadLetter: (event) => {
            deadLettered.push(event);
          },
        },
        async () => {
          calls += 1;
          throw Object.assign(new Error('payload breaks its contract'), { permanent: true });
        },
      );
      const event = newEvent(subject, 'user-1', { malformed: true });
      await bus.publish(event);

      await waitFor(() => deadLettered.length === 1, 5_000, 'dead letter');
      await sleep(QUIET_MS);
      expect(calls).toBe(1);
      expect(deadLettered).toEqual([event]);
    });

    it('delivers events published before the durable first subscribed', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const events = [1, 2, 3].map((i) => newEvent(subject, 'user-1', { i }));
      for (const event of events) await bus.publish(event);

      const { received, handler } = recorder();
      await subscribe(bus, { durable, subjects: [subject] }, handler);

      await waitFor(() => received.length === 3, 5_000, 'backlog delivery');
      expect(received.map((r) => r.event.payload.eventId).sort()).toEqual(events.map((e) => e.payload.eventId).sort());
    });

    it('hands one event at a time to a durable, in publish order', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      let running = 0;
      let maxRunning = 0;
      const order: number[] = [];
      const handler = async (event: DomainEvent) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(5);
        order.push(event.payload.i as number);
        running -= 1;
      };
      await subscribe(bus, { durable, subjects: [subject] }, handler);
      const events = Array.from({ length: 15 }, (_, i) => newEvent(subject, 'user-1', { i }));
      for (const event of events) await bus.publish(event);

      await waitFor(() => order.length === events.length, 10_000, 'all deliveries');
      expect(maxRunning).toBe(1);
      expect(order).toEqual(events.map((_, i) => i));
    });

    it('keeps each key in publish order across two replicas while different keys run at once', async () => {
      const [one, two] = [await openBus(), await openBus()];
      const { subject, durable } = nextNames();
      const steps = new Map<string, number[]>();
      const handled = new Map<string, number>();
      let running = 0;
      let maxRunning = 0;
      const handler = async (event: DomainEvent) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(4);
        const { userId, eventId } = event.payload;
        steps.set(userId, [...(steps.get(userId) ?? []), event.payload.step as number]);
        handled.set(eventId, (handled.get(eventId) ?? 0) + 1);
        running -= 1;
      };
      await subscribe(one, { durable, subjects: [subject] }, handler);
      await subscribe(two, { durable, subjects: [subject] }, handler);
      const users = Array.from({ length: 16 }, () => randomUUID());
      const events = Array.from({ length: 10 }, (_, step) => users.map((u) => newEvent(subject, u, { step }))).flat();
      if (one.publishAll) {
        const outcomes = await one.publishAll(events);
        expect(outcomes.filter((o) => o.error !== undefined)).toEqual([]);
      } else {
        for (const event of events) await one.publish(event);
      }

      await waitFor(() => handled.size === events.length, 15_000, 'all events');
      await sleep(QUIET_MS);
      expect([...handled.values()].every((n) => n === 1)).toBe(true);
      for (const user of users) expect(steps.get(user)).toEqual(Array.from({ length: 10 }, (_, i) => i));
      expect(maxRunning).toBeGreaterThan(1); // partitions run in parallel
    });

    it("carries the publisher's traceparent to the handler, outside the payload (decision 0058)", async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const { received, handler } = recorder();
      await subscribe(bus, { durable, subjects: [subject] }, handler);
      const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      const traced = { ...newEvent(subject, 'user-1', { n: 1 }), traceparent };
      const untraced = newEvent(subject, 'user-1', { n: 2 });
      await bus.publish(traced);
      await bus.publish(untraced);

      await waitFor(() => received.length === 2, 5_000, 'both deliveries');
      expect(received[0]?.event).toEqual(traced);
      expect(received[1]?.event.traceparent).toBeUndefined();
      expect(received[1]?.event.payload).not.toHaveProperty('traceparent');
    });

    it('runs at most maxInFlight handlers of a durable at once in one replica', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      let running = 0;
      let most = 0;
      let handled = 0;
      await subscribe(bus, { durable, subjects: [subject], maxInFlight: 2 }, async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(30);
        running -= 1;
        handled += 1;
      });
      const events = Array.from({ length: 32 }, () => newEvent(subject, randomUUID(), {}));
      if (bus.publishAll) await bus.publishAll(events);
      else for (const event of events) await bus.publish(event);

      await waitFor(() => handled === events.length, 15_000, 'all events');
      expect(most).toBe(2); // partitions in parallel, but never more than this replica's two slots
    });

    it('runs at most maxInFlight handlers per replica, and a second replica adds as many again', async () => {
      const [one, two] = [await openBus(), await openBus()];
      const { subject, durable } = nextNames();
      const running = new Map<EventBus, number>([
        [one, 0],
        [two, 0],
      ]);
      const most = new Map<EventBus, number>([
        [one, 0],
        [two, 0],
      ]);
      let total = 0;
      let mostTotal = 0;
      const handled = new Map<string, number>();
      const steps = new Map<string, number[]>();
      const handlerOf = (bus: EventBus) => async (event: DomainEvent) => {
        running.set(bus, running.get(bus)! + 1);
        most.set(bus, Math.max(most.get(bus)!, running.get(bus)!));
        total += 1;
        mostTotal = Math.max(mostTotal, total);
        await sleep(60); // a handler waiting on I/O: capacity is handlers in flight, not CPU
        const { userId, eventId } = event.payload;
        steps.set(userId, [...(steps.get(userId) ?? []), event.payload.step as number]);
        handled.set(eventId, (handled.get(eventId) ?? 0) + 1);
        total -= 1;
        running.set(bus, running.get(bus)! - 1);
      };
      await subscribe(one, { durable, subjects: [subject], maxInFlight: 4 }, handlerOf(one));
      await subscribe(two, { durable, subjects: [subject], maxInFlight: 4 }, handlerOf(two));
      const users = Array.from({ length: 64 }, () => randomUUID());
      const events = Array.from({ length: 4 }, (_, step) => users.map((u) => newEvent(subject, u, { step }))).flat();
      if (one.publishAll) {
        const outcomes = await one.publishAll(events);
        expect(outcomes.filter((o) => o.error !== undefined)).toEqual([]);
      } else {
        for (const event of events) await one.publish(event);
      }

      await waitFor(() => handled.size === events.length, 30_000, 'all events');
      await sleep(QUIET_MS);
      expect([...handled.values()].every((n) => n === 1)).toBe(true);
      for (const user of users) expect(steps.get(user)).toEqual([0, 1, 2, 3]);
      expect(most.get(one)).toBeLessThanOrEqual(4);
      expect(most.get(two)).toBeLessThanOrEqual(4);
      // The two replicas together ran more than one replica may: the second one added capacity.
      expect(mostTotal).toBeGreaterThan(4);
    });

    it('gives up on a hung handler after its time-out and redelivers', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      const attempts: number[] = [];
      await subscribe(
        bus,
        { durable, subjects: [subject], handlerTimeoutMs: 200, backoffMs: [20] },
        async (_e, { attempt }) => {
          attempts.push(attempt);
          if (attempt === 1) await new Promise(() => {}); // never settles
        },
      );
      await bus.publish(newEvent(subject, 'user-1', {}));
      await waitFor(() => attempts.length === 2, 5_000, 'redelivery after the time-out');
      expect(attempts).toEqual([1, 2]);
    });

    it('never dead-letters transient failures (a lost database connection), however many attempts', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      let calls = 0;
      const deadLettered: DomainEvent[] = [];
      await subscribe(
        bus,
        {
          durable,
          subjects: [subject],
          maxDeliver: 2,
          backoffMs: [10],
          onDeadLetter: (e) => {
            deadLettered.push(e);
          },
        },
        async () => {
          calls += 1;
          if (calls <= 5)
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      );
      await bus.publish(newEvent(subject, 'user-1', {}));
      await waitFor(() => calls === 6, 10_000, 'success after the outage');
      await sleep(QUIET_MS);
      expect(calls).toBe(6);
      expect(deadLettered).toEqual([]);
    });

    it('close() lets in-flight handlers finish, then refuses publishes', async () => {
      const bus = await openBus();
      const { subject, durable } = nextNames();
      let started = false;
      let finished = false;
      await bus.subscribe({ durable, subjects: [subject] }, async () => {
        started = true;
        await sleep(200);
        finished = true;
      });

      await bus.publish(newEvent(subject, 'user-1', {}));
      await waitFor(() => started, 5_000, 'handler start');
      await bus.close();

      expect(finished).toBe(true);
      expect(await bus.isReady()).toBe(false);
      await expect(bus.publish(newEvent(subject, 'user-1', {}))).rejects.toThrow(/closed/);
    });
  });
}
