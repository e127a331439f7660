import {
  DEFAULT_DEDUPE_WINDOW_MS,
  assertSubject,
  notifyDeadLetter,
  redeliveryDelay,
  shouldDeadLetter,
  resolvePolicy,
  silentLogger,
  type DeliveryPolicy,
} from './policy';
import { deadLetterSubject, streamFor } from './types';
import type { DomainEvent, EventBus, EventHandler, EventLogger, SubscribeOptions, Subscription } from './types';

export interface InProcessEventBusOptions {
  logger?: EventLogger;
  /** Publishing an eventId again within this window is a no-op. Default 2 min (as on NATS). */
  dedupeWindowMs?: number;
  /** Events kept for durables that subscribe later (oldest dropped first). Default 10 000. */
  retainLimit?: number;
}

export interface DeadLetter {
  durable: string;
  /** `dlq.<durable>.<original subject>` */
  subject: string;
  event: DomainEvent;
  error: unknown;
  attempts: number;
}

export interface InProcessEventBus extends EventBus {
  readonly kind: 'in-process';
  /** Every event dead-lettered so far, oldest first. */
  readonly deadLetters: readonly DeadLetter[];
  /** Resolves once no handler is running and no redelivery is scheduled (for tests). */
  idle(): Promise<void>;
}

interface Pending {
  event: DomainEvent;
  attempt: number;
}

interface Subscriber {
  handler: EventHandler;
  inFlight: Set<Promise<void>>;
}

/** One durable cursor: a (durable, subject) pair, like one JetStream consumer. */
interface Cursor {
  durable: string;
  subject: string;
  policy: DeliveryPolicy;
  subscribers: Subscriber[];
  next: number;
  /** Deliveries waiting for a subscriber. */
  waiting: Pending[];
}

export function createInProcessEventBus(options: InProcessEventBusOptions = {}): InProcessEventBus {
  const logger = options.logger ?? silentLogger;
  const dedupeWindowMs = options.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const retainLimit = options.retainLimit ?? 10_000;

  const retained: DomainEvent[] = [];
  const seen = new Map<string, number>(); // eventId -> expiry; insertion order == expiry order
  const cursors = new Map<string, Cursor>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const deadLetters: DeadLetter[] = [];
  let closed = false;

  const cursorKey = (durable: string, subject: string) => `${durable}\u0000${subject}`;

  function isDuplicate(eventId: string): boolean {
    const now = Date.now();
    for (const [id, expiry] of seen) {
      if (expiry > now) break;
      seen.delete(id);
    }
    if (seen.has(eventId)) return true;
    seen.set(eventId, now + dedupeWindowMs);
    return false;
  }

  function offer(cursor: Cursor, pending: Pending): void {
    if (closed) return;
    const subscriber = cursor.subscribers[cursor.next++ % Math.max(cursor.subscribers.length, 1)];
    if (!subscriber) {
      cursor.waiting.push(pending);
      return;
    }
    const run = deliver(cursor, subscriber, pending);
    subscriber.inFlight.add(run);
    inFlight.add(run);
    void run.finally(() => {
      subscriber.inFlight.delete(run);
      inFlight.delete(run);
    });
  }

  async function deliver(cursor: Cursor, subscriber: Subscriber, pending: Pending): Promise<void> {
    await Promise.resolve(); // never run a handler synchronously inside publish()/subscribe()
    const { event, attempt } = pending;
    try {
      await subscriber.handler(structuredClone(event), { attempt });
      return;
    } catch (error) {
      const { policy } = cursor;
      if (shouldDeadLetter(error, attempt, policy.maxDeliver)) {
        const subject = deadLetterSubject(cursor.durable, event.subject);
        logger.error({ err: error, durable: cursor.durable, subject: event.subject, attempt }, 'event dead-lettered');
        deadLetters.push({ durable: cursor.durable, subject, event, error, attempts: attempt });
        await notifyDeadLetter(policy, event, error, logger);
        return;
      }
      const delay = redeliveryDelay(policy.backoffMs, attempt);
      logger.warn({ err: error, durable: cursor.durable, subject: event.subject, attempt, delay }, 'event handler failed; will redeliver');
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        offer(cursor, { event, attempt: attempt + 1 });
      }, delay);
      timers.add(timer);
    }
  }

  function cursorFor(policy: DeliveryPolicy, subject: string): Cursor {
    const key = cursorKey(policy.durable, subject);
    let cursor = cursors.get(key);
    if (!cursor) {
      cursor = { durable: policy.durable, subject, policy, subscribers: [], next: 0, waiting: [] };
      for (const event of retained) {
        if (event.subject === subject) cursor.waiting.push({ event, attempt: 1 });
      }
      cursors.set(key, cursor);
    }
    cursor.policy = policy;
    return cursor;
  }

  return {
    kind: 'in-process',
    deadLetters,

    async publish(event) {
      if (closed) throw new Error('event bus is closed');
      assertSubject(event.subject);
      streamFor(event.subject);
      if (isDuplicate(event.payload.eventId)) return;
      const stored = structuredClone(event) as DomainEvent;
      retained.push(stored);
      if (retained.length > retainLimit) retained.shift();
      for (const cursor of cursors.values()) {
        if (cursor.subject === stored.subject) offer(cursor, { event: stored, attempt: 1 });
      }
    },

    async subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription> {
      if (closed) throw new Error('event bus is closed');
      const policy = resolvePolicy(options);
      const subscriber: Subscriber = { handler, inFlight: new Set() };
      const joined = policy.subjects.map((subject) => cursorFor(policy, subject));
      for (const cursor of joined) {
        cursor.subscribers.push(subscriber);
        for (const pending of cursor.waiting.splice(0)) offer(cursor, pending);
      }
      let stopped: Promise<void> | undefined;
      return {
        stop() {
          stopped ??= (async () => {
            for (const cursor of joined) {
              cursor.subscribers = cursor.subscribers.filter((s) => s !== subscriber);
            }
            await Promise.allSettled([...subscriber.inFlight]);
          })();
          return stopped;
        },
      };
    },

    async isReady() {
      return !closed;
    },

    async idle() {
      while (inFlight.size > 0 || timers.size > 0) {
        if (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
