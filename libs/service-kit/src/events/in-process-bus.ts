/**
 * The embedded default's event bus: no broker process, but as durable as JetStream. The log
 * lives in PostgreSQL (schema `vere_events`): publish() resolves once the event is committed to
 * `event_log`, and each durable cursor (durable + subject) keeps its position in
 * `consumer_cursor`, advanced after the handler's effect has committed. A crash at any moment
 * therefore loses nothing: after a restart every cursor resumes from its last committed
 * position, and the consumer's inbox absorbs the one event that may be delivered twice.
 *
 * Like a JetStream consumer, a cursor hands one event at a time to its subscribers (round
 * robin), in publish order. Publishes are serialised by a transaction-scoped advisory lock, so
 * sequence order is commit order and a cursor can never step over an event that commits late.
 * This bus is meant for one process (the embedded launcher, a standalone service without
 * NATS_URL); replicas share work through NATS.
 */
import pg from 'pg';
import { deadLetterStore, EVENTS_SCHEMA, type DeadLetter, type DeadLetterStore } from './dead-letters';
import {
  DEFAULT_DEDUPE_WINDOW_MS,
  assertSubject,
  classifyFailure,
  errorMessage,
  notifyDeadLetter,
  redeliveryDelay,
  resolvePolicy,
  shouldDeadLetter,
  silentLogger,
  withHandlerTimeout,
  type DeliveryPolicy,
} from './policy';
import { pgTransaction, quoteIdent } from './sql';
import { streamFor } from './types';
import type { DomainEvent, EventBus, EventHandler, EventLogger, SubscribeOptions, Subscription } from './types';

export interface InProcessEventBusOptions {
  /** The database holding the log (the embedded PostgreSQL, or the service's own database). */
  databaseUrl: string;
  logger?: EventLogger;
  /** Schema of the log's tables. Default `vere_events`. */
  schema?: string;
  /** Publishing an eventId again within this window is a no-op. Default 2 min (as on NATS). */
  dedupeWindowMs?: number;
  /** How often idle cursors look for events published by another process. Default 1 s. */
  pollIntervalMs?: number;
  /** Events older than this are pruned from the log (as a stream's max age). Default 7 days. */
  retentionMs?: number;
}

export type { DeadLetter } from './dead-letters';

export interface InProcessEventBus extends EventBus {
  readonly kind: 'in-process';
  /** Dead letters kept for this bus's durables, oldest first. */
  deadLetters(): Promise<DeadLetter[]>;
  /** The operator's view of dead letters (list, replay, drop). */
  readonly deadLetterStore: DeadLetterStore;
  /** Resolves once every cursor has caught up with the log and no handler is running (for tests). */
  idle(): Promise<void>;
}

/** Lock key serialising publishes, so `seq` order is commit order. */
const PUBLISH_LOCK = 0x7665_7265; // "vere"
const PRUNE_EVERY_MS = 10 * 60_000;

interface LogItem {
  kind: 'log' | 'replay';
  /** `seq` for a log item, the dead letter's id for a replay. */
  id: string;
  event: DomainEvent;
}

export function createInProcessEventBus(options: InProcessEventBusOptions): InProcessEventBus {
  const logger = options.logger ?? silentLogger;
  const schema = options.schema ?? EVENTS_SCHEMA;
  const dedupeWindowMs = options.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
  const t = (table: string) => `${quoteIdent(schema)}.${quoteIdent(table)}`;

  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', (err: Error & { code?: string }) => {
    // 57P01: the server is shutting down (the embedded database on Ctrl-C): expected.
    if (err.code === '57P01') logger.debug({ code: err.code }, 'event log connection closed by the server');
    else logger.warn({ err: { message: err.message, code: err.code } }, 'event log connection lost');
  });
  const transaction = pgTransaction(pool);
  const store = deadLetterStore(pool, schema);
  const ready = store.ensureSchema();
  ready.catch(() => undefined); // reported by the first operation that awaits it

  const cursors = new Map<string, Cursor>();
  let closed = false;

  const pruneTimer = setInterval(() => {
    void pool
      .query(`DELETE FROM ${t('event_log')} WHERE published_at < now() - $1::int * interval '1 millisecond'`, [
        retentionMs,
      ])
      .catch((err) => logger.warn({ err }, 'event log pruning failed'));
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();

  class Cursor {
    readonly subscribers: EventHandler[] = [];
    private next = 0;
    private loop: Promise<void> | undefined;
    private stopping = false;
    private wakeUp: (() => void) | undefined;
    /** Set by a publish on this subject, cleared when the cursor finds nothing left. */
    dirty = true;
    caughtUp = false;

    constructor(
      readonly durable: string,
      readonly subject: string,
      public policy: DeliveryPolicy,
    ) {}

    start(): void {
      if (this.loop) return;
      this.stopping = false;
      this.loop = this.run().catch((err) => {
        if (!closed) logger.error({ err, durable: this.durable }, 'event cursor stopped unexpectedly');
      });
    }

    async stop(): Promise<void> {
      this.stopping = true;
      this.wake();
      await this.loop;
      this.loop = undefined;
    }

    wake(): void {
      this.dirty = true;
      this.caughtUp = false;
      this.wakeUp?.();
    }

    /**
     * Waits `ms`. stop() always ends the wait; a publish (wake) ends it only for an idle cursor —
     * a publish must not shorten a redelivery back-off.
     */
    private wait(ms: number, endedByPublish: boolean): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakeUp = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.wakeUp = () => {
          if (endedByPublish || this.stopping) done();
        };
      });
    }

    private async run(): Promise<void> {
      let failures = 0;
      while (!this.stopping) {
        let item: LogItem | undefined;
        try {
          await ready;
          this.dirty = false;
          item = await this.nextItem();
          failures = 0;
        } catch (err) {
          failures += 1;
          const delay = redeliveryDelay(this.policy.backoffMs, failures);
          logger.warn(
            { err, durable: this.durable, subject: this.subject, retryInMs: delay },
            'event log unreachable; retrying',
          );
          await this.wait(delay, false);
          continue;
        }
        if (!item) {
          if (!this.dirty) this.caughtUp = true;
          if (!this.dirty) await this.wait(pollIntervalMs, true);
          continue;
        }
        await this.deliver(item);
      }
    }

    /** A replay an operator asked for comes first, then the next event after the position. */
    private async nextItem(): Promise<LogItem | undefined> {
      const replay = await pool.query<{ id: string; payload: DomainEvent['payload'] }>(
        `SELECT id::text, payload FROM ${t('dead_letter')}
          WHERE durable = $1 AND subject = $2 AND replay_requested_at IS NOT NULL ORDER BY id LIMIT 1`,
        [this.durable, this.subject],
      );
      const r = replay.rows[0];
      if (r) return { kind: 'replay', id: r.id, event: { subject: this.subject, payload: r.payload } };
      const { rows } = await pool.query<{ seq: string; payload: DomainEvent['payload'] }>(
        `SELECT l.seq::text, l.payload FROM ${t('event_log')} l, ${t('consumer_cursor')} c
          WHERE c.durable = $1 AND c.subject = $2 AND l.subject = $2 AND l.seq > c.position
          ORDER BY l.seq LIMIT 1`,
        [this.durable, this.subject],
      );
      const row = rows[0];
      return row ? { kind: 'log', id: row.seq, event: { subject: this.subject, payload: row.payload } } : undefined;
    }

    private pick(): EventHandler | undefined {
      if (this.subscribers.length === 0) return undefined;
      return this.subscribers[this.next++ % this.subscribers.length];
    }

    private async deliver(item: LogItem): Promise<void> {
      const { event } = item;
      for (let attempt = 1; ; attempt += 1) {
        const handler = this.pick();
        if (!handler || this.stopping) return; // not acknowledged: delivered again after a restart
        try {
          await withHandlerTimeout(
            () => handler(structuredClone(event), { attempt }),
            this.policy.handlerTimeoutMs,
            `handler of ${this.durable} for ${event.subject}`,
          );
        } catch (error) {
          if (shouldDeadLetter(error, attempt, this.policy.maxDeliver)) {
            await this.persist(() => this.deadLetter(item, error, attempt));
            logger.error({ err: error, durable: this.durable, subject: event.subject, attempt }, 'event dead-lettered');
            await notifyDeadLetter(this.policy, event, error, logger);
            return;
          }
          const delay = redeliveryDelay(this.policy.backoffMs, attempt);
          logger.warn(
            {
              err: error,
              durable: this.durable,
              subject: event.subject,
              attempt,
              delay,
              failure: classifyFailure(error),
            },
            'event handler failed; will redeliver',
          );
          await this.wait(delay, false);
          continue;
        }
        await this.persist(() => this.acknowledge(item));
        return;
      }
    }

    /** Retries a bookkeeping write until it succeeds: the handler's effect has already committed. */
    private async persist(write: () => Promise<void>): Promise<void> {
      for (let failures = 1; ; failures += 1) {
        try {
          await write();
          return;
        } catch (err) {
          if (closed) throw err;
          const delay = redeliveryDelay(this.policy.backoffMs, failures);
          logger.warn({ err, durable: this.durable, retryInMs: delay }, 'could not record delivery; retrying');
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    }

    /** Moves the cursor past `seq` (never back). */
    private advance(db: pg.Pool | pg.PoolClient, seq: string): Promise<unknown> {
      return db.query(
        `UPDATE ${t('consumer_cursor')} SET position = GREATEST(position, $3), updated_at = now()
          WHERE durable = $1 AND subject = $2`,
        [this.durable, this.subject, seq],
      );
    }

    private async acknowledge(item: LogItem): Promise<void> {
      if (item.kind === 'replay') await pool.query(`DELETE FROM ${t('dead_letter')} WHERE id = $1`, [item.id]);
      else await this.advance(pool, item.id);
    }

    /** Records the dead letter and moves past the event in one transaction. */
    private async deadLetter(item: LogItem, error: unknown, attempts: number): Promise<void> {
      const message = errorMessage(error).slice(0, 2_000);
      if (item.kind === 'replay') {
        await pool.query(
          `UPDATE ${t('dead_letter')} SET error = $2, attempts = $3, dead_at = now(), replay_requested_at = NULL WHERE id = $1`,
          [item.id, message, attempts],
        );
        return;
      }
      await transaction(async (client) => {
        await client.query(
          `INSERT INTO ${t('dead_letter')} (durable, subject, event_id, payload, error, attempts)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            this.durable,
            this.subject,
            item.event.payload.eventId,
            JSON.stringify(item.event.payload),
            message,
            attempts,
          ],
        );
        await this.advance(client, item.id);
      });
    }
  }

  async function cursorFor(policy: DeliveryPolicy, subject: string): Promise<Cursor> {
    const key = `${policy.durable}\u0000${subject}`;
    let cursor = cursors.get(key);
    if (!cursor) {
      await ready;
      // A new durable starts before the first event (deliver-all).
      await pool.query(
        `INSERT INTO ${t('consumer_cursor')} (durable, subject, position) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`,
        [policy.durable, subject],
      );
      cursor = cursors.get(key) ?? new Cursor(policy.durable, subject, policy);
      cursors.set(key, cursor);
    }
    cursor.policy = policy;
    return cursor;
  }

  return {
    kind: 'in-process',
    deadLetterStore: store,

    async publish(event) {
      if (closed) throw new Error('event bus is closed');
      assertSubject(event.subject);
      streamFor(event.subject);
      await ready;
      await transaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK]);
        await client.query(
          `INSERT INTO ${t('event_log')} (event_id, subject, payload)
           SELECT $1, $2, $3 WHERE NOT EXISTS (
             SELECT 1 FROM ${t('event_log')} WHERE event_id = $1 AND published_at > now() - $4::int * interval '1 millisecond')`,
          [event.payload.eventId, event.subject, JSON.stringify(event.payload), dedupeWindowMs],
        );
      });
      for (const cursor of cursors.values()) if (cursor.subject === event.subject) cursor.wake();
    },

    async subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription> {
      if (closed) throw new Error('event bus is closed');
      const policy = resolvePolicy(options);
      const joined = await Promise.all(policy.subjects.map((subject) => cursorFor(policy, subject)));
      for (const cursor of joined) {
        cursor.subscribers.push(handler);
        cursor.start();
      }
      let stopped: Promise<void> | undefined;
      return {
        stop() {
          stopped ??= Promise.all(
            joined.map(async (cursor) => {
              const i = cursor.subscribers.indexOf(handler);
              if (i >= 0) cursor.subscribers.splice(i, 1);
              if (cursor.subscribers.length === 0) await cursor.stop();
            }),
          ).then(() => undefined);
          return stopped;
        },
      };
    },

    async isReady() {
      if (closed) return false;
      return pool.query('SELECT 1').then(
        () => true,
        () => false,
      );
    },

    async deadLetters() {
      await ready;
      return store.list();
    },

    async idle() {
      const active = () => [...cursors.values()].filter((c) => c.subscribers.length > 0);
      while (active().some((c) => !c.caughtUp || c.dirty)) await new Promise((resolve) => setTimeout(resolve, 10));
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(pruneTimer);
      await Promise.all([...cursors.values()].map((c) => c.stop()));
      await ready.catch(() => undefined);
      await pool.end();
    },
  };
}
