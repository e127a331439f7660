/**
 * The embedded default's event bus: no broker process, but as durable as JetStream. The log
 * lives in PostgreSQL (schema `vere_events`): publish() resolves once the event is committed to
 * `event_log`, and each durable cursor (durable + subject + partition) keeps its position in
 * `consumer_cursor`, advanced after the handler's effect has committed. A crash at any moment
 * therefore loses nothing: after a restart every cursor resumes from its last committed
 * position, and the consumer's inbox absorbs the one event that may be delivered twice.
 *
 * Like JetStream consumers (decision 0045), each durable + subject is split into EVENT_PARTITIONS
 * partitions by the hash of the event's key; a partition hands one event at a time to its
 * subscribers (round robin), in publish order, and partitions run in parallel. Publishes are
 * serialised by a transaction-scoped advisory lock, so sequence order is commit order and a cursor
 * can never step over an event that commits late. Several processes may share one log: a partition
 * is worked by the process holding its cursor row (FOR UPDATE SKIP LOCKED, for one batch).
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
  Slots,
  type DeliveryPolicy,
} from './policy';
import { withConsumerSpan } from '../tracing';
import { pgTransaction, quoteIdent } from './sql';
import { EVENT_PARTITIONS, partitionOf, streamFor } from './types';
import type {
  DomainEvent,
  EventBus,
  EventHandler,
  EventLogger,
  EventMeta,
  PublishOutcome,
  SubscribeOptions,
  Subscription,
} from './types';

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
  /**
   * Connections of the partition workers (each holds one for its batch); 3 more publish and scan.
   * Default 10 (a durable's workers hold at most `maxInFlight`, 8, at once in this process).
   */
  maxConnections?: number;
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
/** Events a partition worker takes per turn while holding its cursor. */
const BATCH = 64;

interface LogItem {
  kind: 'log' | 'replay';
  /** `seq` for a log item, the dead letter's id for a replay. */
  id: string;
  event: DomainEvent;
}

/**
 * Which of the events `$1` the log holds, and whether each was logged within the last `$2` ms (the
 * dedupe window). Only the ids are a condition: with the window in the WHERE, PostgreSQL chose the
 * `published_at` index and read every event of the window to find a round's few (issue 28,
 * `test/events/relay-reads.test.ts`); an id is found through its own index whatever the log holds.
 */
export function eventLogDedupeSql(eventLog: string): string {
  return `SELECT event_id::text, published_at > now() - $2::int * interval '1 millisecond' AS recent
    FROM ${eventLog} WHERE event_id = ANY($1::uuid[])`;
}

export function createInProcessEventBus(options: InProcessEventBusOptions): InProcessEventBus {
  const logger = options.logger ?? silentLogger;
  const schema = options.schema ?? EVENTS_SCHEMA;
  const dedupeWindowMs = options.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
  const t = (table: string) => `${quoteIdent(schema)}.${quoteIdent(table)}`;

  // Publishes, scans and bookkeeping; partition workers have a pool of their own, so a publish never
  // waits behind handlers holding their partitions.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 3, idleTimeoutMillis: 2_000 });
  // A working partition holds a connection for its batch: up to this many partitions at once.
  const workerPool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 10,
    idleTimeoutMillis: 2_000,
  });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  const onPoolError = (err: Error & { code?: string }) => {
    // 57P01: the server is shutting down (the embedded database on Ctrl-C): expected.
    if (err.code === '57P01') logger.debug({ code: err.code }, 'event log connection closed by the server');
    else logger.warn({ err: { message: err.message, code: err.code } }, 'event log connection lost');
  };
  pool.on('error', onPoolError);
  workerPool.on('error', onPoolError);
  const transaction = pgTransaction(pool);
  const workerTransaction = pgTransaction(workerPool);
  const store = deadLetterStore(pool, schema);
  const ready = store.ensureSchema();
  ready.catch(() => undefined); // reported by the first operation that awaits it

  const groups = new Map<string, Group>();
  let closed = false;

  const pruneTimer = setInterval(() => {
    void pool
      .query(`DELETE FROM ${t('event_log')} WHERE published_at < now() - $1::int * interval '1 millisecond'`, [
        retentionMs,
      ])
      .catch((err) => logger.warn({ err }, 'event log pruning failed'));
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();

  /**
   * One durable + subject: `EVENT_PARTITIONS` partition workers, each delivering its partition's
   * events one at a time in `seq` order. A worker holds its cursor row (`FOR UPDATE SKIP LOCKED`)
   * for the length of a batch, so across processes each partition is worked by one of them at a
   * time (a killed process's lock goes with its connection). A scanner looks for partitions with
   * work every `pollIntervalMs` (events published by another process, a replay, a partition another
   * process let go); a local publish wakes its partition's worker at once.
   */
  class Group {
    readonly subscribers: EventHandler[] = [];
    /** Partitions this process works at once (decision 0057); the others wait their turn or go to another process. */
    slots: Slots;
    private next = 0;
    readonly workers: PartitionWorker[];
    private scanner: Promise<void> | undefined;
    stopping = false;
    private wakeScanner: (() => void) | undefined;
    /** The last scan found nothing to do (for idle()). */
    scannedEmpty = false;

    constructor(
      readonly durable: string,
      readonly subject: string,
      public policy: DeliveryPolicy,
    ) {
      this.workers = Array.from({ length: EVENT_PARTITIONS }, (_, p) => new PartitionWorker(this, p));
      this.slots = new Slots(policy.maxInFlight);
    }

    start(): void {
      if (this.scanner) return;
      this.stopping = false;
      for (const worker of this.workers) worker.start();
      this.scanner = this.scan().catch((err) => {
        if (!closed) logger.error({ err, durable: this.durable }, 'event scanner stopped unexpectedly');
      });
    }

    async stop(): Promise<void> {
      this.stopping = true;
      this.wakeScanner?.();
      await Promise.all(this.workers.map((w) => w.stop()));
      await this.scanner;
      this.scanner = undefined;
    }

    pick(): EventHandler | undefined {
      if (this.subscribers.length === 0) return undefined;
      return this.subscribers[this.next++ % this.subscribers.length];
    }

    /** Partitions with events past their cursor, and whether a replay waits (all: -1). */
    async pendingPartitions(): Promise<number[]> {
      const { rows } = await pool.query<{ partition: number }>(
        `SELECT c.partition FROM ${t('consumer_cursor')} c
          WHERE c.durable = $1 AND c.subject = $2 AND c.partition >= 0 AND EXISTS (
            SELECT 1 FROM ${t('event_log')} l WHERE l.subject = $2 AND l.partition = c.partition AND l.seq > c.position)
         UNION ALL
         SELECT -1 WHERE EXISTS (
           SELECT 1 FROM ${t('dead_letter')} WHERE durable = $1 AND subject = $2 AND replay_requested_at IS NOT NULL)`,
        [this.durable, this.subject],
      );
      return rows.map((r) => r.partition);
    }

    private async scan(): Promise<void> {
      while (!this.stopping) {
        try {
          await ready;
          const pending = await this.pendingPartitions();
          this.scannedEmpty = pending.length === 0;
          for (const p of pending) {
            if (p < 0) this.workers.forEach((w) => w.wake());
            else this.workers[p]?.wake();
          }
        } catch (err) {
          this.scannedEmpty = false;
          logger.warn({ err, durable: this.durable, subject: this.subject }, 'event log unreachable; retrying');
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollIntervalMs);
          function done() {
            clearTimeout(timer);
            resolve();
          }
          this.wakeScanner = done;
        });
        this.wakeScanner = undefined;
      }
    }
  }

  class PartitionWorker {
    private loop: Promise<void> | undefined;
    private wakeUp: (() => void) | undefined;
    /** Set by a publish or the scanner (which scans at once on start); cleared when the worker takes it up. */
    dirty = false;
    /** Working a batch or waiting out a redelivery back-off. */
    busy = false;
    /** Failed attempts of the item at the head of this partition (key: `log:<seq>` / `replay:<id>`). */
    private readonly attempts = new Map<string, number>();

    constructor(
      private readonly group: Group,
      readonly partition: number,
    ) {}

    start(): void {
      this.loop ??= this.run().catch((err) => {
        if (!closed) logger.error({ err, durable: this.group.durable }, 'event worker stopped unexpectedly');
      });
    }

    async stop(): Promise<void> {
      this.wakeUp?.();
      await this.loop;
      this.loop = undefined;
    }

    wake(): void {
      this.dirty = true;
      this.wakeUp?.();
    }

    /** Waits `ms` (Infinity: until woken). A wake ends it only when `endedByWake`; stop() always does. */
    private wait(ms: number, endedByWake: boolean): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakeUp = undefined;
          resolve();
        };
        const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
        this.wakeUp = () => {
          if (endedByWake || this.group.stopping) done();
        };
      });
    }

    private async run(): Promise<void> {
      let failures = 0;
      while (!this.group.stopping) {
        if (!this.dirty) {
          await this.wait(Infinity, true);
          continue;
        }
        this.dirty = false;
        this.busy = true;
        // One of this process's slots per batch: a turn ends with its batch, so a busy partition
        // lets the others (and the other processes) have theirs.
        await this.group.slots.acquire();
        let slot = true;
        try {
          if (this.group.stopping) continue;
          await ready;
          const outcome = await this.batch();
          this.group.slots.release();
          slot = false;
          failures = 0;
          if (outcome.more) this.dirty = true;
          if (outcome.retryInMs !== undefined) {
            await this.wait(outcome.retryInMs, false);
            this.dirty = true;
          }
        } catch (err) {
          if (slot) this.group.slots.release();
          slot = false;
          failures += 1;
          const delay = redeliveryDelay(this.group.policy.backoffMs, failures);
          logger.warn(
            { err, durable: this.group.durable, subject: this.group.subject, retryInMs: delay },
            'event log unreachable; retrying',
          );
          await this.wait(delay, false);
          this.dirty = true;
        } finally {
          if (slot) this.group.slots.release();
          this.busy = false;
        }
      }
    }

    /**
     * Holds this partition's cursor row and delivers up to BATCH items in order, moving the cursor
     * past each one handled. Commits (and lets go) when the batch is done or a handler failed.
     */
    private async batch(): Promise<{ more?: boolean; retryInMs?: number }> {
      const { durable, subject } = this.group;
      const deadLettered: { event: DomainEvent; error: unknown }[] = [];
      const outcome = await workerTransaction(async (client) => {
        const cursor = await client.query<{ position: string }>(
          `SELECT position::text FROM ${t('consumer_cursor')}
            WHERE durable = $1 AND subject = $2 AND partition = $3 FOR UPDATE SKIP LOCKED`,
          [durable, subject, this.partition],
        );
        if (!cursor.rows[0]) return {}; // another process works this partition; the scanner comes back
        const replays = await client.query<{ id: string; payload: DomainEvent['payload'] }>(
          `SELECT d.id::text AS id, d.payload FROM ${t('dead_letter')} d
            WHERE d.durable = $1 AND d.subject = $2 AND d.replay_requested_at IS NOT NULL ORDER BY d.id`,
          [durable, subject],
        );
        const items: LogItem[] = replays.rows
          .map((r): LogItem => ({ kind: 'replay', id: r.id, event: { subject, payload: r.payload } }))
          .filter((item) => partitionOf(item.event) === this.partition);
        const log = await client.query<{ seq: string; payload: DomainEvent['payload']; traceparent: string | null }>(
          `SELECT l.seq::text AS seq, l.payload, l.traceparent FROM ${t('event_log')} l
            WHERE l.subject = $1 AND l.partition = $2 AND l.seq > $3 ORDER BY l.seq LIMIT ${BATCH}`,
          [subject, this.partition, cursor.rows[0].position],
        );
        for (const r of log.rows) {
          const event: DomainEvent = { subject, payload: r.payload };
          if (r.traceparent) event.traceparent = r.traceparent;
          items.push({ kind: 'log', id: r.seq, event });
        }

        for (const item of items) {
          const handler = this.group.pick();
          if (!handler || this.group.stopping) return {}; // not acknowledged: delivered again later
          const key = `${item.kind}:${item.id}`;
          const attempt = (this.attempts.get(key) ?? 0) + 1;
          try {
            await withConsumerSpan(item.event, durable, attempt, () =>
              withHandlerTimeout(
                () => handler(structuredClone(item.event), { attempt }),
                this.group.policy.handlerTimeoutMs,
                `handler of ${durable} for ${subject}`,
              ),
            );
          } catch (error) {
            if (shouldDeadLetter(error, attempt, this.group.policy.maxDeliver)) {
              this.attempts.delete(key);
              await this.deadLetter(client, item, error, attempt);
              logger.error({ err: error, durable, subject, attempt }, 'event dead-lettered');
              deadLettered.push({ event: item.event, error });
              continue;
            }
            this.attempts.set(key, attempt);
            const delay = redeliveryDelay(this.group.policy.backoffMs, attempt);
            logger.warn(
              { err: error, durable, subject, attempt, delay, failure: classifyFailure(error) },
              'event handler failed; will redeliver',
            );
            return { retryInMs: delay };
          }
          this.attempts.delete(key);
          await this.acknowledge(client, item);
        }
        return { more: log.rows.length === BATCH };
      });
      for (const { event, error } of deadLettered) await notifyDeadLetter(this.group.policy, event, error, logger);
      return outcome;
    }

    /** Moves the cursor past `seq` (never back). */
    private advance(client: pg.PoolClient, seq: string): Promise<unknown> {
      return client.query(
        `UPDATE ${t('consumer_cursor')} SET position = GREATEST(position, $4), updated_at = now()
          WHERE durable = $1 AND subject = $2 AND partition = $3`,
        [this.group.durable, this.group.subject, this.partition, seq],
      );
    }

    private async acknowledge(client: pg.PoolClient, item: LogItem): Promise<void> {
      if (item.kind === 'replay') await client.query(`DELETE FROM ${t('dead_letter')} WHERE id = $1`, [item.id]);
      else await this.advance(client, item.id);
    }

    /** Records the dead letter and moves past the event, in the batch's transaction. */
    private async deadLetter(client: pg.PoolClient, item: LogItem, error: unknown, attempts: number): Promise<void> {
      const message = errorMessage(error).slice(0, 2_000);
      if (item.kind === 'replay') {
        await client.query(
          `UPDATE ${t('dead_letter')} SET error = $2, attempts = $3, dead_at = now(), replay_requested_at = NULL WHERE id = $1`,
          [item.id, message, attempts],
        );
        return;
      }
      await client.query(
        `INSERT INTO ${t('dead_letter')} (durable, subject, event_id, payload, error, attempts)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          this.group.durable,
          this.group.subject,
          item.event.payload.eventId,
          JSON.stringify(item.event.payload),
          message,
          attempts,
        ],
      );
      await this.advance(client, item.id);
    }
  }

  async function groupFor(policy: DeliveryPolicy, subject: string): Promise<Group> {
    const key = `${policy.durable}\u0000${subject}`;
    let group = groups.get(key);
    if (!group) {
      await ready;
      // A new durable starts before the first event (deliver-all); a cursor of a version before
      // partitions (partition -1) hands its position to every partition.
      await pool.query(
        `INSERT INTO ${t('consumer_cursor')} (durable, subject, partition, position)
         SELECT $1, $2, p, COALESCE((SELECT position FROM ${t('consumer_cursor')}
                                      WHERE durable = $1 AND subject = $2 AND partition = -1), 0)
           FROM generate_series(0, $3::int - 1) AS p
         ON CONFLICT (durable, subject, partition) DO NOTHING`,
        [policy.durable, subject, EVENT_PARTITIONS],
      );
      group = groups.get(key) ?? new Group(policy.durable, subject, policy);
      groups.set(key, group);
    }
    group.policy = policy;
    return group;
  }

  async function insertEvents(events: DomainEvent<EventMeta>[]): Promise<void> {
    const unique = [...new Map(events.map((e) => [e.payload.eventId, e])).values()];
    await transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [PUBLISH_LOCK]);
      const { rows } = await client.query<{ event_id: string; recent: boolean }>(eventLogDedupeSql(t('event_log')), [
        unique.map((e) => e.payload.eventId),
        dedupeWindowMs,
      ]);
      const seen = new Set(rows.filter((r) => r.recent).map((r) => r.event_id.toLowerCase()));
      const fresh = unique.filter((e) => !seen.has(e.payload.eventId.toLowerCase()));
      if (fresh.length === 0) return;
      // A plain scan of the arrays (no join, no sort) takes `seq` values in batch order.
      await client.query(
        `INSERT INTO ${t('event_log')} (event_id, subject, partition, payload, traceparent)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::jsonb[], $5::text[])`,
        [
          fresh.map((e) => e.payload.eventId),
          fresh.map((e) => e.subject),
          fresh.map((e) => partitionOf(e)),
          fresh.map((e) => JSON.stringify(e.payload)),
          fresh.map((e) => e.traceparent ?? null),
        ],
      );
    });
    for (const event of unique) {
      const p = partitionOf(event);
      for (const group of groups.values()) if (group.subject === event.subject) group.workers[p]?.wake();
    }
  }

  return {
    kind: 'in-process',
    deadLetterStore: store,

    async publish(event) {
      if (closed) throw new Error('event bus is closed');
      assertSubject(event.subject);
      streamFor(event.subject);
      await ready;
      await insertEvents([event]);
    },

    async publishAll(events) {
      if (closed) throw new Error('event bus is closed');
      const outcomes: PublishOutcome[] = events.map(() => ({}));
      const valid: DomainEvent<EventMeta>[] = [];
      events.forEach((event, i) => {
        try {
          assertSubject(event.subject);
          streamFor(event.subject);
          valid.push(event);
        } catch (error) {
          outcomes[i] = { error };
        }
      });
      await ready;
      if (valid.length > 0) await insertEvents(valid);
      return outcomes;
    },

    async subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription> {
      if (closed) throw new Error('event bus is closed');
      const policy = resolvePolicy(options);
      const joined = await Promise.all(policy.subjects.map((subject) => groupFor(policy, subject)));
      for (const group of joined) {
        group.subscribers.push(handler);
        group.start();
      }
      let stopped: Promise<void> | undefined;
      return {
        stop() {
          stopped ??= Promise.all(
            joined.map(async (group) => {
              const i = group.subscribers.indexOf(handler);
              if (i >= 0) group.subscribers.splice(i, 1);
              if (group.subscribers.length === 0) await group.stop();
            }),
          ).then(() => undefined);
          return stopped;
        },
      };
    },

    async consumerLag() {
      const active = [...groups.values()].filter((g) => g.subscribers.length > 0);
      if (active.length === 0 || closed) return [];
      const { rows } = await pool.query<{ durable: string; subject: string; pending: number; oldest: number | null }>(
        `SELECT c.durable, c.subject, count(l.seq)::int AS pending,
                extract(epoch FROM now() - min(l.published_at))::float8 AS oldest
           FROM ${t('consumer_cursor')} c
           LEFT JOIN ${t('event_log')} l ON l.subject = c.subject AND l.partition = c.partition AND l.seq > c.position
          WHERE c.partition >= 0 AND (c.durable, c.subject) IN (SELECT * FROM unnest($1::text[], $2::text[]))
          GROUP BY c.durable, c.subject`,
        [active.map((g) => g.durable), active.map((g) => g.subject)],
      );
      return rows.map((r) => ({
        durable: r.durable,
        subject: r.subject,
        pending: r.pending,
        oldestPendingSeconds: Math.max(0, r.oldest ?? 0),
      }));
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
      const active = () => [...groups.values()].filter((g) => g.subscribers.length > 0);
      const quiet = () => active().every((g) => g.workers.every((w) => !w.dirty && !w.busy));
      for (;;) {
        while (!quiet()) await new Promise((resolve) => setTimeout(resolve, 10));
        // Nothing left in the log either (events another process published, a partition let go).
        const pending = await Promise.all(active().map((g) => g.pendingPartitions()));
        if (pending.every((p) => p.length === 0) && quiet()) return;
        for (const [i, group] of active().entries()) {
          for (const p of pending[i] ?? []) {
            if (p < 0) group.workers.forEach((w) => w.wake());
            else group.workers[p]?.wake();
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(pruneTimer);
      await Promise.all([...groups.values()].map((g) => g.stop()));
      await ready.catch(() => undefined);
      await Promise.all([pool.end(), workerPool.end()]);
    },
  };
}
