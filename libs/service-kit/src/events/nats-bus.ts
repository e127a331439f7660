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
  errorMessage,
  notifyDeadLetter,
  redeliveryDelay,
  shouldDeadLetter,
  resolvePolicy,
  silentLogger,
  type DeliveryPolicy,
} from './policy';
import { deadLetterSubject, streamFor } from './types';
import type { DomainEvent, EventBus, EventHandler, EventLogger, SubscribeOptions, Subscription } from './types';

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
  /** A handler running longer than this without finishing is kept alive with in-progress acks. Default 30 s. */
  ackWaitMs?: number;
}

export const DEAD_LETTER_STREAM = { name: 'VERE_DLQ', subjects: ['dlq.>'] };

/** Messages a subscription pulls ahead of its handler. */
const PREFETCH = 16;
/** Stream already exists with another configuration: use it as it is. */
const STREAM_NAME_IN_USE = 10058;

/**
 * NATS JetStream event bus. Each subject of a subscription gets its own durable pull
 * consumer named `<durable>__<subject with . replaced by _>`: NATS 2.9 consumers
 * filter on a single subject, and one consumer per subject works on every server.
 */
export async function createNatsEventBus(options: NatsEventBusOptions): Promise<EventBus> {
  const logger = options.logger ?? silentLogger;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const duplicateWindowMs = options.duplicateWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
  const ackWaitMs = options.ackWaitMs ?? 30_000;

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
      ensured = jsm.streams
        .add({
          name: stream.name,
          subjects: stream.subjects,
          storage: StorageType.File,
          duplicate_window: nanos(duplicateWindowMs),
          max_age: nanos(retentionMs),
        })
        .then(
          () => undefined,
          (err: unknown) => {
            // Creating an identical stream is a no-op; a differing one was made on purpose elsewhere.
            if (err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE) return;
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
    } else if (existing.max_deliver !== config.max_deliver || existing.ack_wait !== config.ack_wait) {
      await jsm.consumers.update(stream, config.durable_name, {
        max_deliver: config.max_deliver,
        ack_wait: config.ack_wait,
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

    constructor(
      private readonly policy: DeliveryPolicy,
      private readonly handler: EventHandler,
    ) {}

    async start(): Promise<void> {
      await ensureStream(DEAD_LETTER_STREAM);
      for (const subject of this.policy.subjects) {
        const messages = await this.attach(subject);
        this.loops.push(this.keepConsuming(subject, messages));
      }
    }

    /** Ensures the stream and this subject's durable consumer exist, and starts pulling from it. */
    private async attach(subject: string): Promise<ConsumerMessages> {
      const { durable, maxDeliver } = this.policy;
      const stream = streamFor(subject);
      await ensureStream(stream);
      const name = `${durable}__${subject.replace(/\./g, '_')}`;
      await ensureConsumer(stream.name, {
        durable_name: name,
        filter_subject: subject,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // One spare delivery beyond our own limit, so a failed dead-letter publish is retried.
        max_deliver: maxDeliver + 1,
        ack_wait: nanos(ackWaitMs),
      });
      const consumer = await js.consumers.get(stream.name, name);
      // Missing stream or consumer ends the iterator instead of waiting forever for them to reappear.
      const messages = await consumer.consume({ max_messages: PREFETCH, abort_on_missing_resource: true });
      this.iterators.set(subject, messages);
      return messages;
    }

    /**
     * Consumes until stop(). If consumption ends on its own — NATS came back without its state, or
     * someone deleted the consumer — the stream and consumer are created again, with back-off.
     */
    private async keepConsuming(subject: string, first: ConsumerMessages): Promise<void> {
      let messages = first;
      for (;;) {
        await this.run(messages);
        let delay = 250;
        for (;;) {
          if (this.stopping) return;
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (this.stopping) return;
          try {
            ensuredStreams.delete(streamFor(subject).name);
            messages = await this.attach(subject);
            if (this.stopping) {
              await messages.close();
              return;
            }
            logger.info({ durable: this.policy.durable, subject }, 'NATS consumer re-attached');
            break;
          } catch (err) {
            delay = Math.min(delay * 2, 10_000);
            logger.warn({ err, durable: this.policy.durable, subject, retryInMs: delay }, 'NATS consumer not re-attached yet');
          }
        }
      }
    }

    private async run(messages: ConsumerMessages): Promise<void> {
      try {
        for await (const msg of messages) {
          if (this.stopping) {
            msg.nak(); // prefetched but not started: hand back to other replicas right away
            continue;
          }
          await this.handle(msg);
        }
      } catch (err) {
        if (!this.stopping) logger.warn({ err, durable: this.policy.durable }, 'NATS consumption interrupted');
      }
    }

    private async handle(msg: JsMsg): Promise<void> {
      const { durable, maxDeliver, backoffMs } = this.policy;
      const attempt = msg.info.deliveryCount;
      let event: DomainEvent;
      try {
        event = { subject: msg.subject, payload: msg.json() };
      } catch (err) {
        logger.error({ err, durable, subject: msg.subject }, 'undecodable event; dead-lettering');
        await this.deadLetter(msg, undefined, err, attempt);
        return;
      }
      const keepAlive = setInterval(() => msg.working(), Math.max(ackWaitMs / 3, 1_000));
      try {
        await this.handler(event, { attempt });
        msg.ack();
      } catch (err) {
        if (shouldDeadLetter(err, attempt, maxDeliver)) {
          await this.deadLetter(msg, event, err, attempt);
        } else {
          const delay = redeliveryDelay(backoffMs, attempt);
          logger.warn({ err, durable, subject: event.subject, attempt, delay }, 'event handler failed; will redeliver');
          msg.nak(delay);
        }
      } finally {
        clearInterval(keepAlive);
      }
    }

    /** `event` is undefined when the payload could not be decoded; `onDeadLetter` is then skipped. */
    private async deadLetter(msg: JsMsg, event: DomainEvent | undefined, error: unknown, attempt: number): Promise<void> {
      const { durable } = this.policy;
      const subject = deadLetterSubject(durable, msg.subject);
      try {
        const h = headers();
        h.set('Vere-Original-Subject', msg.subject);
        h.set('Vere-Attempts', String(attempt));
        h.set('Vere-Error', errorMessage(error).slice(0, 1_000).replace(/[\r\n]+/g, ' '));
        await js.publish(subject, msg.data, {
          headers: h,
          msgID: `${durable}:${event?.payload.eventId ?? `${msg.info.stream}:${msg.seq}`}`,
          timeout: publishTimeoutMs,
        });
      } catch (err) {
        logger.error({ err, durable, subject: msg.subject, attempt }, 'dead-letter publish failed; will retry');
        msg.nak(redeliveryDelay(this.policy.backoffMs, attempt));
        return;
      }
      msg.term();
      logger.error({ err: error, durable, subject: msg.subject, attempt }, 'event dead-lettered');
      if (event) await notifyDeadLetter(this.policy, event, error, logger);
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

  return {
    kind: 'nats',

    async publish(event) {
      if (closing) throw new Error('event bus is closed');
      assertSubject(event.subject);
      // Fail fast instead of letting the client buffer the publish until it reconnects.
      if (!connected) throw new Error('NATS is not connected');
      await withDeadline(
        (async () => {
          await ensureStream(streamFor(event.subject));
          await js.publish(event.subject, JSON.stringify(event.payload), {
            msgID: event.payload.eventId,
            timeout: publishTimeoutMs,
          });
        })(),
        `publish ${event.subject}`,
      );
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
