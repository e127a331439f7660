import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  DEFAULT_DEDUPE_WINDOW_MS,
  assertSubject,
  classifyFailure,
  errorMessage,
  notifyDeadLetter,
  redeliveryDelay,
  shouldDeadLetter,
  resolvePolicy,
  silentLogger,
  withHandlerTimeout,
  Slots,
  type DeliveryPolicy,
} from './policy';
import { withConsumerSpan } from '../tracing';
import type { DeadLetter, DeadLetterFilter, DeadLetterStore } from './dead-letters';
import { EVENT_PARTITIONS, PublishSkippedError, deadLetterSubject, partitionOf, streamFor } from './types';
import type {
  ConsumerLag,
  DomainEvent,
  EventBus,
  EventHandler,
  EventLogger,
  EventMeta,
  PublishOutcome,
  SubscribeOptions,
  Subscription,
} from './types';

export interface NatsEventBusOptions {
  /** e.g. `nats://127.0.0.1:4222`. */
  servers: string | string[];
  /** Connection name shown by the server (use the service name). */
  name: string;
  logger?: EventLogger;
  /** Upper bound for `publish()` (stream check + JetStream ack). Default 5 s. */
  publishTimeoutMs?: number;
  /** Pause between reconnect attempts; reconnection never gives up. Default 1 s. */
  reconnectTimeWaitMs?: number;
  /** Nats-Msg-Id dedupe window of the streams this bus creates. Default 2 min. */
  duplicateWindowMs?: number;
  /** Max age of messages in the streams this bus creates. Default 7 days. */
  retentionMs?: number;
  /**
   * Redelivery if the process holding a message dies without acking it. Default 5 s: a killed replica
   * holds its partitions that long (decision 0045); a running handler extends it (`working()`).
   */
  ackWaitMs?: number;
  /** Replicas of the streams this bus creates (3 in a production cluster). Default: the server's (1). */
  streamReplicas?: number;
}

export const DEAD_LETTER_STREAM = { name: 'VERE_DLQ', subjects: ['dlq.>'] };
/** W3C trace context of the publishing span (decision 0058). */
const TRACEPARENT_HEADER = 'traceparent';
/** Set on a replayed event: only the durable it names handles it, every other one skips it. */
const REPLAY_FOR_HEADER = 'Vere-Replay-For';

/** Messages a pull request asks for (the consumer's max_ack_pending of 1 still lets one through at a time). */
const PREFETCH = 4;
/** Stream already exists with another configuration: use it as it is. */
const STREAM_NAME_IN_USE = 10058;

/**
 * The wire subject of an event: its subject plus its partition, `<subject>.p<k>` (decision 0045).
 * The publisher hashes the key (the same FNV-1a everywhere), which works on every server without
 * subject-mapping configuration.
 */
export function partitionSubject(event: DomainEvent<EventMeta>): string {
  return `${event.subject}.p${partitionOf(event)}`;
}

/**
 * NATS JetStream event bus. Each subject of a subscription is spread over `EVENT_PARTITIONS`
 * wire subjects `<subject>.p<k>`, each with its own durable pull consumer named
 * `<durable>__<subject with . replaced by _>__p<k>` and `max_ack_pending: 1`: one event at a time
 * per partition across all replicas (per-key order), partitions in parallel. A replica runs at most
 * `maxInFlight` handlers of a subject at once (decision 0057), so with 32 partitions a second replica
 * adds its own handlers instead of splitting the first one's. NATS 2.9 consumers
 * filter on a single subject, so one consumer per partition works on every server. A consumer
 * of an older version (`<durable>__<subject>`, the unpartitioned subject) is still consumed when
 * it exists, so events published before the upgrade are delivered.
 */
export async function createNatsEventBus(options: NatsEventBusOptions): Promise<EventBus> {
  const logger = options.logger ?? silentLogger;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const duplicateWindowMs = options.duplicateWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
  const ackWaitMs = options.ackWaitMs ?? 5_000;

  const nc = await connect({
    servers: options.servers,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: options.reconnectTimeWaitMs ?? 1_000,
    pingInterval: 20_000,
    maxPingOut: 3,
    timeout: publishTimeoutMs,
  });
  let jsm: JetStreamManager;
  try {
    jsm = await jetstreamManager(nc, { timeout: publishTimeoutMs });
  } catch (err) {
    await nc.close();
    throw err;
  }
  const js: JetStreamClient = jetstream(nc, { timeout: publishTimeoutMs });

  let connected = true;
  let closing = false;
  const ensuredStreams = new Map<string, Promise<void>>();
  const subscriptions = new Set<NatsSubscription>();

  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        logger.warn({ server: status.server }, 'NATS disconnected');
      } else if (status.type === 'reconnect') {
        connected = true;
        ensuredStreams.clear(); // the server may have come back without our streams
        logger.info({ server: status.server }, 'NATS reconnected');
      } else if (status.type === 'error') {
        logger.error({ err: status.error }, 'NATS connection error');
      }
    }
  })();
  void nc.closed().then(() => {
    connected = false;
  });

  function ensureStream(stream: { name: string; subjects: string[] }): Promise<void> {
    let ensured = ensuredStreams.get(stream.name);
    if (!ensured) {
      // Dead letters are kept until an operator replays or drops them: no max age.
      const isDeadLetters = stream.name === DEAD_LETTER_STREAM.name;
      const maxAge = isDeadLetters ? 0 : nanos(retentionMs);
      ensured = jsm.streams
        .add({
          name: stream.name,
          subjects: stream.subjects,
          storage: StorageType.File,
          duplicate_window: nanos(duplicateWindowMs),
          max_age: maxAge,
          ...(options.streamReplicas ? { num_replicas: options.streamReplicas } : {}),
        })
        .then(
          () => undefined,
          async (err: unknown) => {
            // Creating an identical stream is a no-op; a differing one was made on purpose elsewhere,
            // except a dead-letter stream from an older version that still expires its messages.
            if (err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE) {
              if (isDeadLetters) {
                const { config } = await jsm.streams.info(stream.name);
                if (config.max_age !== 0) await jsm.streams.update(stream.name, { ...config, max_age: 0 });
              }
              return;
            }
            ensuredStreams.delete(stream.name);
            throw err;
          },
        );
      ensuredStreams.set(stream.name, ensured);
    }
    return ensured;
  }

  async function ensureConsumer(stream: string, config: Partial<ConsumerConfig> & { durable_name: string }) {
    let existing: ConsumerConfig | undefined;
    try {
      existing = (await jsm.consumers.info(stream, config.durable_name)).config;
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) throw err;
    }
    if (!existing) {
      await jsm.consumers.add(stream, config);
    } else if (
      existing.max_deliver !== config.max_deliver ||
      existing.ack_wait !== config.ack_wait ||
      existing.max_ack_pending !== config.max_ack_pending
    ) {
      await jsm.consumers.update(stream, config.durable_name, {
        max_deliver: config.max_deliver,
        ack_wait: config.ack_wait,
        max_ack_pending: config.max_ack_pending,
      });
    }
  }

  function withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${publishTimeoutMs} ms`)), publishTimeoutMs);
    });
    return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
  }

  class NatsSubscription implements Subscription {
    private readonly loops: Promise<void>[] = [];
    private readonly iterators = new Map<string, ConsumerMessages>();
    private stopping = false;
    private stopped: Promise<void> | undefined;
    /** Per subject: the handlers this replica runs at once (decision 0057). */
    private readonly slots = new Map<string, Slots>();

    constructor(
      private readonly policy: DeliveryPolicy,
      private readonly handler: EventHandler,
    ) {
      for (const subject of policy.subjects) this.slots.set(subject, new Slots(policy.maxInFlight));
    }

    async start(): Promise<void> {
      await ensureStream(DEAD_LETTER_STREAM);
      for (const subject of this.policy.subjects) {
        await ensureStream(streamFor(subject));
        const attached = await Promise.all(
          Array.from({ length: EVENT_PARTITIONS }, async (_, partition) => ({
            partition,
            messages: await this.attach(subject, partition),
          })),
        );
        for (const { partition, messages } of attached) {
          this.loops.push(this.keepConsuming(subject, partition, messages));
        }
        if (await this.hasLegacyConsumer(subject)) {
          this.loops.push(this.keepConsuming(subject, null, await this.attach(subject, null)));
        }
      }
    }

    private consumerName(subject: string, partition: number | null): string {
      const base = `${this.policy.durable}__${subject.replace(/\./g, '_')}`;
      return partition === null ? base : `${base}__p${partition}`;
    }

    /** A consumer of the unpartitioned subject, made by a version before decision 0045. */
    private async hasLegacyConsumer(subject: string): Promise<boolean> {
      try {
        await jsm.consumers.info(streamFor(subject).name, this.consumerName(subject, null));
        return true;
      } catch (err) {
        if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound) return false;
        throw err;
      }
    }

    /**
     * Ensures the stream and the durable consumer of one partition of a subject (`null`: the legacy
     * unpartitioned one) exist, and starts pulling from it.
     */
    private async attach(subject: string, partition: number | null): Promise<ConsumerMessages> {
      const stream = streamFor(subject);
      await ensureStream(stream);
      const name = this.consumerName(subject, partition);
      await ensureConsumer(stream.name, {
        durable_name: name,
        filter_subject: partition === null ? subject : `${subject}.p${partition}`,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // Unlimited: transient failures are redelivered for as long as they last; the bus itself
        // dead-letters after maxDeliver other failures (see classifyFailure).
        max_deliver: -1,
        ack_wait: nanos(ackWaitMs),
        // One unacknowledged message per partition, across all replicas: one handler at a time, and
        // a message waiting for its redelivery holds back the ones after it (publish order).
        max_ack_pending: 1,
      });
      const consumer = await js.consumers.get(stream.name, name);
      // Missing stream or consumer ends the iterator instead of waiting forever for them to reappear.
      const messages = await consumer.consume({ max_messages: PREFETCH, abort_on_missing_resource: true });
      this.iterators.set(name, messages);
      return messages;
    }

    /**
     * Consumes until stop(). If consumption ends on its own — NATS came back without its state, or
     * someone deleted the consumer — the stream and consumer are created again, with back-off.
     */
    private async keepConsuming(subject: string, partition: number | null, first: ConsumerMessages): Promise<void> {
      let messages = first;
      for (;;) {
        await this.run(subject, messages);
        let delay = 250;
        for (;;) {
          if (this.stopping) return;
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (this.stopping) return;
          try {
            ensuredStreams.delete(streamFor(subject).name);
            messages = await this.attach(subject, partition);
            if (this.stopping) {
              await messages.close();
              return;
            }
            logger.info({ durable: this.policy.durable, subject, partition }, 'NATS consumer re-attached');
            break;
          } catch (err) {
            delay = Math.min(delay * 2, 10_000);
            logger.warn(
              { err, durable: this.policy.durable, subject, partition, retryInMs: delay },
              'NATS consumer not re-attached yet',
            );
          }
        }
      }
    }

    /** `subject` is the event's subject; the message arrives on its partition's wire subject. */
    private async run(subject: string, messages: ConsumerMessages): Promise<void> {
      try {
        for await (const msg of messages) {
          if (this.stopping) {
            msg.nak(); // prefetched but not started: hand back to other replicas right away
            continue;
          }
          await this.handle(subject, msg);
        }
      } catch (err) {
        if (!this.stopping) logger.warn({ err, durable: this.policy.durable }, 'NATS consumption interrupted');
      }
    }

    private async handle(subject: string, msg: JsMsg): Promise<void> {
      const { durable, maxDeliver, backoffMs, handlerTimeoutMs } = this.policy;
      const attempt = msg.info.deliveryCount;
      const replayFor = msg.headers?.get(REPLAY_FOR_HEADER);
      if (replayFor && replayFor !== durable) {
        msg.ack(); // an operator's replay for another consumer of this subject
        return;
      }
      let event: DomainEvent;
      try {
        event = { subject, payload: msg.json() };
        const traceparent = msg.headers?.get(TRACEPARENT_HEADER);
        if (traceparent) event.traceparent = traceparent;
      } catch (err) {
        logger.error({ err, durable, subject }, 'undecodable event; dead-lettering');
        await this.deadLetter(subject, msg, undefined, err, attempt);
        return;
      }
      // Kept alive from its arrival: a message waiting for one of this replica's slots still holds
      // its partition (max_ack_pending 1), so it must not be redelivered to another replica meanwhile.
      const keepAlive = setInterval(() => msg.working(), Math.max(ackWaitMs / 3, 1_000));
      const slots = this.slots.get(subject)!;
      await slots.acquire();
      if (this.stopping) {
        clearInterval(keepAlive);
        slots.release();
        msg.nak(); // not started: another replica takes it at once
        return;
      }
      try {
        await withConsumerSpan(event, durable, attempt, () =>
          withHandlerTimeout(
            () => this.handler(event, { attempt }),
            handlerTimeoutMs,
            `handler of ${durable} for ${event.subject}`,
          ),
        );
        msg.ack();
      } catch (err) {
        if (shouldDeadLetter(err, attempt, maxDeliver)) {
          await this.deadLetter(subject, msg, event, err, attempt);
        } else {
          const delay = redeliveryDelay(backoffMs, attempt);
          logger.warn(
            { err, durable, subject: event.subject, attempt, delay, failure: classifyFailure(err) },
            'event handler failed; will redeliver',
          );
          msg.nak(delay);
        }
      } finally {
        clearInterval(keepAlive);
        slots.release();
      }
    }

    /** `event` is undefined when the payload could not be decoded; `onDeadLetter` is then skipped. */
    private async deadLetter(
      original: string,
      msg: JsMsg,
      event: DomainEvent | undefined,
      error: unknown,
      attempt: number,
    ): Promise<void> {
      const { durable } = this.policy;
      const subject = deadLetterSubject(durable, original);
      try {
        const h = headers();
        h.set('Vere-Original-Subject', original);
        h.set('Vere-Attempts', String(attempt));
        h.set(
          'Vere-Error',
          errorMessage(error)
            .slice(0, 1_000)
            .replace(/[\r\n]+/g, ' '),
        );
        await js.publish(subject, msg.data, {
          headers: h,
          msgID: `${durable}:${event?.payload.eventId ?? `${msg.info.stream}:${msg.seq}`}`,
          timeout: publishTimeoutMs,
        });
      } catch (err) {
        logger.error({ err, durable, subject: original, attempt }, 'dead-letter publish failed; will retry');
        msg.nak(redeliveryDelay(this.policy.backoffMs, attempt));
        return;
      }
      msg.term();
      logger.error({ err: error, durable, subject: original, attempt }, 'event dead-lettered');
      if (event) await notifyDeadLetter(this.policy, event, error, logger);
    }

    /** Pending (unacknowledged or not yet delivered) messages of each subject, over its consumers. */
    async lag(): Promise<ConsumerLag[]> {
      const lags: ConsumerLag[] = [];
      for (const subject of this.policy.subjects) {
        const prefix = this.consumerName(subject, null);
        let pending = 0;
        for await (const info of jsm.consumers.list(streamFor(subject).name)) {
          const name = info.config.durable_name ?? info.name;
          if (name === prefix || name.startsWith(`${prefix}__p`)) pending += info.num_pending + info.num_ack_pending;
        }
        lags.push({ durable: this.policy.durable, subject, pending });
      }
      return lags;
    }

    stop(): Promise<void> {
      this.stopped ??= (async () => {
        this.stopping = true;
        await Promise.allSettled([...this.iterators.values()].map((it) => it.close()));
        await Promise.allSettled(this.loops);
        subscriptions.delete(this);
      })();
      return this.stopped;
    }
  }

  const bus: EventBus = {
    kind: 'nats',

    async publish(event) {
      if (closing) throw new Error('event bus is closed');
      assertSubject(event.subject);
      // Fail fast instead of letting the client buffer the publish until it reconnects.
      if (!connected) throw new Error('NATS is not connected');
      await withDeadline(
        (async () => {
          await ensureStream(streamFor(event.subject));
          let h;
          if (event.traceparent) {
            h = headers();
            h.set(TRACEPARENT_HEADER, event.traceparent);
          }
          await js.publish(partitionSubject(event), JSON.stringify(event.payload), {
            msgID: event.payload.eventId,
            timeout: publishTimeoutMs,
            ...(h ? { headers: h } : {}),
          });
        })(),
        `publish ${event.subject}`,
      );
    },

    async publishAll(events) {
      // One chain per partition subject (per-key order), the chains concurrently: the acks of
      // different partitions overlap instead of costing a round trip each.
      const outcomes: PublishOutcome[] = events.map(() => ({}));
      const chains = new Map<string, number[]>();
      events.forEach((event, i) => {
        let wire: string;
        try {
          assertSubject(event.subject);
          wire = partitionSubject(event);
        } catch (error) {
          outcomes[i] = { error };
          return;
        }
        chains.set(wire, [...(chains.get(wire) ?? []), i]);
      });
      await Promise.all(
        [...chains.values()].map(async (indexes) => {
          for (const [n, i] of indexes.entries()) {
            try {
              await bus.publish(events[i]!);
            } catch (error) {
              outcomes[i] = { error };
              // A later event of this key must not overtake this one once the bus is back.
              if (!(await bus.isReady())) {
                for (const j of indexes.slice(n + 1))
                  outcomes[j] = { error: new PublishSkippedError({ cause: error }) };
                return;
              }
            }
          }
        }),
      );
      return outcomes;
    },

    async subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription> {
      if (closing) throw new Error('event bus is closed');
      const subscription = new NatsSubscription(resolvePolicy(options), handler);
      subscriptions.add(subscription);
      try {
        await subscription.start();
      } catch (err) {
        await subscription.stop();
        throw err;
      }
      return subscription;
    },

    async consumerLag() {
      if (closing || !connected) return [];
      const lags = await Promise.all([...subscriptions].map((s) => s.lag()));
      return lags.flat();
    },

    async isReady() {
      if (closing || !connected) return false;
      try {
        await withDeadline(nc.flush(), 'NATS flush');
        return true;
      } catch {
        return false;
      }
    },

    async close() {
      if (closing) return;
      closing = true;
      await Promise.allSettled([...subscriptions].map((s) => s.stop()));
      await closeConnection(nc, connected, publishTimeoutMs, logger);
    },
  };
  return bus;
}

/**
 * The operator's view of the NATS dead letters (stream `VERE_DLQ`). Replay republishes the
 * event on its original subject under a new message id, so it passes the duplicate window,
 * addressed to its durable (header `Vere-Replay-For`): every other durable of that subject,
 * including one created later, acknowledges it without calling its handler.
 */
export async function natsDeadLetterStore(
  servers: string | string[],
): Promise<DeadLetterStore & { close(): Promise<void> }> {
  const nc = await connect({ servers, name: 'vere-events-cli', timeout: 5_000 });
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);

  async function all(filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
    let info;
    try {
      info = await jsm.streams.info(DEAD_LETTER_STREAM.name);
    } catch (err) {
      if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) return [];
      throw err;
    }
    const found: DeadLetter[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
      const msg = await jsm.streams.getMessage(DEAD_LETTER_STREAM.name, { seq }).catch(() => null);
      if (!msg) continue; // deleted
      const [, durable = '', ...rest] = msg.subject.split('.');
      const subject = msg.header?.get('Vere-Original-Subject') || rest.join('.');
      if (filter.durable && filter.durable !== durable) continue;
      if (filter.ids && !filter.ids.includes(String(seq))) continue;
      let payload: DomainEvent['payload'];
      try {
        payload = msg.json();
      } catch {
        payload = { eventId: '', occurredAt: '', userId: '', undecodable: msg.string() };
      }
      found.push({
        id: String(seq),
        durable,
        subject,
        event: { subject, payload },
        error: msg.header?.get('Vere-Error') ?? '',
        attempts: Number(msg.header?.get('Vere-Attempts') ?? 0),
        deadAt: msg.time,
        replayRequestedAt: null,
      });
    }
    return found;
  }

  return {
    async ensureSchema() {},
    list: all,
    async replay(filter) {
      let count = 0;
      for (const letter of await all(filter)) {
        const h = headers();
        h.set(REPLAY_FOR_HEADER, letter.durable);
        await js.publish(partitionSubject(letter.event), JSON.stringify(letter.event.payload), {
          msgID: `${letter.event.payload.eventId}:replay:${letter.id}`,
          headers: h,
        });
        await jsm.streams.deleteMessage(DEAD_LETTER_STREAM.name, Number(letter.id));
        count += 1;
      }
      return count;
    },
    async drop(filter) {
      let count = 0;
      for (const letter of await all(filter)) {
        await jsm.streams.deleteMessage(DEAD_LETTER_STREAM.name, Number(letter.id));
        count += 1;
      }
      return count;
    },
    async close() {
      await nc.drain();
    },
  };
}

async function closeConnection(nc: NatsConnection, connected: boolean, timeoutMs: number, logger: EventLogger) {
  if (nc.isClosed()) return;
  if (connected) {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        nc.drain(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('drain timed out')), timeoutMs);
        }),
      ]);
      return;
    } catch (err) {
      logger.warn({ err }, 'NATS drain failed; closing');
    } finally {
      clearTimeout(timer);
    }
  }
  await nc.close();
}
