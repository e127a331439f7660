import { eventKeyField } from '@vere/contracts';
/**
 * The event bus seen by services. Two implementations honour the same contract
 * (test/events/bus-contract.ts): NATS JetStream in production and, for the embedded default,
 * a bus whose log lives in PostgreSQL (in-process-bus.ts).
 *
 * Delivery semantics both must provide:
 * - an event is durable once publish() resolves: a crash (kill -9) of any process after that
 *   loses nothing; delivery is at-least-once to every durable consumer (consumers make their
 *   effect exactly-once with the inbox, see inbox.ts); consumers with the same `durable` name
 *   share the work (one delivery per event per durable, across replicas);
 * - ordering is per key (decision 0045): events of one subject are spread over `EVENT_PARTITIONS`
 *   partitions by a hash of their key (the contract's `key` field, else `userId`); a durable
 *   handles one event at a time per partition (across its replicas), in publish order, so one
 *   user's (one pod's) events arrive in order while different partitions run in parallel and
 *   replicas share the partitions; each replica runs at most `maxInFlight` handlers of a subject
 *   at once (decision 0057), so a second replica adds capacity;
 * - publishing the same `eventId` twice within the dedupe window delivers once;
 * - a handler that throws is redelivered with back-off (see classifyFailure in policy.ts):
 *   transient errors (lost database connection) without limit, other errors up to `maxDeliver`
 *   attempts, permanent errors (`permanent: true`) not at all; then the event is dead-lettered
 *   (subject `dlq.<durable>.<original subject>`) and kept until an operator replays or drops it
 *   (`npm run events -- dlq …`); a replay is delivered to that durable only;
 * - a handler that runs longer than `handlerTimeoutMs` counts as a failed attempt;
 * - `onDeadLetter` (if given) is called once for such an event;
 * - a durable created after events were published still receives them (deliver-all,
 *   within the retention of the bus).
 *
 * Each subject of a subscription is its own durable cursor (`durable` + subject), so
 * subscribing the same durable with a different subject list later only adds cursors.
 */

/** Structured logger; pino / Fastify loggers fit. */
export interface EventLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Fields every event payload carries (STYLE.md: eventId, occurredAt, userId).
 * A type alias, not an interface, so `EventMeta & {...}` fits `Record<string, unknown>`.
 */
export type EventMeta = {
  eventId: string;
  occurredAt: string;
  userId: string;
};

/** A domain event on the wire: a versioned subject plus its JSON payload. */
export interface DomainEvent<P extends EventMeta = EventMeta & Record<string, unknown>> {
  /** `<service>.<entity>.<verb-past>.v<N>`, e.g. `identity.user.registered.v1`. */
  subject: string;
  payload: P;
  /**
   * W3C trace context of the span that published it (decision 0058): a NATS header, a column of the
   * embedded bus's log, never part of the payload. Set only while tracing is on.
   */
  traceparent?: string;
}

export interface Delivery {
  /** 1 on first delivery, 2 on the first redelivery, ... */
  attempt: number;
}

export type EventHandler = (event: DomainEvent, delivery: Delivery) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Durable consumer name; shared by every replica of the consuming service.
   * Letters, digits, `-` and `_` only (it becomes part of NATS consumer names and subjects).
   */
  durable: string;
  /** Subjects to receive (exact subjects, no wildcards needed by services). */
  subjects: string[];
  /**
   * Attempts before dead-lettering a handler error that is neither transient nor permanent
   * (see classifyFailure). Default 20. Transient errors (lost database connection) are retried
   * without limit; permanent ones are dead-lettered at once.
   */
  maxDeliver?: number;
  /** Delay before each redelivery, in ms; the last value repeats. Default doubles from 200 ms to 30 s. */
  backoffMs?: number[];
  /** A handler still running after this long counts as a failed attempt. Default 30 s. */
  handlerTimeoutMs?: number;
  /**
   * Handlers this process runs at once for each subject: how many of the subject's partitions it
   * works at a time (decision 0057). Default 8; replicas add theirs up to `EVENT_PARTITIONS`.
   */
  maxInFlight?: number;
  /** Called once when an event is dead-lettered. */
  onDeadLetter?: (event: DomainEvent, error: unknown) => void | Promise<void>;
}

export interface Subscription {
  /** Stop receiving; in-flight handlers finish first. */
  stop(): Promise<void>;
}

/** A `publishAll` event that was not tried: an earlier event of its key failed while the bus was unavailable. */
export class PublishSkippedError extends Error {
  override name = 'PublishSkippedError';
  constructor(options: { cause: unknown }) {
    super('not published: the bus was unavailable', options);
  }
}

/** How one event of a `publishAll` batch went: `error` set when the bus did not accept it. */
export interface PublishOutcome {
  error?: unknown;
}

/** How far one durable is behind on one subject, over all its partitions (the `/metrics` consumer lag). */
export interface ConsumerLag {
  durable: string;
  subject: string;
  /** Events published but not yet handled (waiting, or being handled now). */
  pending: number;
  /** Age of the oldest of them; 0 when none; undefined where the bus cannot tell cheaply (NATS). */
  oldestPendingSeconds?: number;
}

export interface EventBus {
  readonly kind: 'nats' | 'in-process';
  /**
   * Resolves once the bus has durably accepted the event (JetStream ack); rejects,
   * within a bounded time, when it cannot (e.g. NATS unreachable) or the bus is closed.
   * Takes any payload extending EventMeta (interfaces have no index signature, so the
   * default `DomainEvent` would reject them).
   */
  publish(event: DomainEvent<EventMeta>): Promise<void>;
  /**
   * Publishes a batch (the outbox relay's round) and reports each event's outcome, in order. Events
   * with the same key are accepted in batch order; different keys go out concurrently. Optional:
   * without it the relay publishes one event at a time.
   */
  publishAll?(events: DomainEvent<EventMeta>[]): Promise<PublishOutcome[]>;
  subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription>;
  /** The lag of every durable and subject this bus instance consumes (read at each `/metrics` scrape). */
  consumerLag?(): Promise<ConsumerLag[]>;
  /** True when the bus can accept publishes right now (used by GET /ready). */
  isReady(): Promise<boolean>;
  /** Stops every subscription (in-flight handlers finish first) and releases the connection. */
  close(): Promise<void>;
}

/**
 * Partitions per subject (decision 0057; 8 before). Every process publishing or consuming must use
 * the same number. A replica works at most `maxInFlight` (8) of them at once, so up to 4 replicas of
 * a durable each add capacity. 32 is a multiple of the former 8: a key's partition `p` under 32 has
 * `p % 8` equal to its partition under 8, and the partitions 0–7 keep their cursors and consumers.
 */
export const EVENT_PARTITIONS = 32;

/** The key an event is ordered by: its contract's `key` field when set and a string, else `userId`. */
export function eventKey(event: DomainEvent<EventMeta>): string {
  const value = (event.payload as Record<string, unknown>)[eventKeyField(event.subject)];
  return typeof value === 'string' && value !== '' ? value : event.payload.userId;
}

/** The partition (0 … partitions-1) of an event: FNV-1a of its key, so every process agrees. */
export function partitionOf(event: DomainEvent<EventMeta>, partitions = EVENT_PARTITIONS): number {
  let hash = 0x811c9dc5;
  const key = eventKey(event);
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/** Subject a dead-lettered event is republished on (into the `VERE_DLQ` stream for NATS). */
export function deadLetterSubject(durable: string, subject: string): string {
  return `dlq.${durable}.${subject}`;
}

/** JetStream stream that holds a subject: one stream per producing service. */
export function streamFor(subject: string): { name: string; subjects: string[] } {
  const service = subject.split('.')[0];
  if (!service || !/^[a-z][a-z0-9-]*$/.test(service)) {
    throw new Error(`event subject "${subject}" does not start with a service name`);
  }
  return { name: `VERE_${service.toUpperCase().replace(/-/g, '_')}`, subjects: [`${service}.>`] };
}
