/**
 * Transactional outbox: a service writes its events into its own `outbox_event` table in
 * the same transaction as the state change, and an OutboxRelay publishes committed rows
 * to the bus. Publishing is at-least-once: a crash between publish and marking the row
 * republishes it, which the bus dedupes by eventId and consumers tolerate (see inbox.ts).
 *
 * Each service's schema has the table (its Prisma model `OutboxEvent`, `@@map("outbox_event")`:
 * id uuid, subject, payload jsonb, occurred_at, published_at, attempts, last_error, next_attempt_at,
 * failed_at). Services write rows only through `writeOutbox(tx, event)` inside their unit of work
 * (../unit-of-work.ts); nothing else inserts into an outbox.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { errorMessage, silentLogger } from './policy';
import { startPublishSpan, tracingEnabled } from '../tracing';
import { pgTransaction, quoteIdent } from './sql';
import {
  PublishSkippedError,
  type DomainEvent,
  type EventBus,
  type EventLogger,
  type EventMeta,
  type PublishOutcome,
} from './types';

let lastOccurredAt = 0;

/**
 * Builds an event with a fresh eventId and occurredAt = now. occurredAt is strictly
 * increasing within the process (bumped by 1 ms on ties), so events written in one
 * transaction keep their order in the outbox, which the relay sorts by occurred_at.
 */
export function newEvent<F extends Record<string, unknown>>(
  subject: string,
  userId: string,
  fields: F,
): DomainEvent<EventMeta & F> {
  lastOccurredAt = Math.max(Date.now(), lastOccurredAt + 1);
  const payload = { ...fields, eventId: randomUUID(), occurredAt: new Date(lastOccurredAt).toISOString(), userId };
  return { subject, payload };
}

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export interface OutboxRecord {
  id: string;
  subject: string;
  /** Typed as JSON so it fits Prisma's `Json` input. */
  payload: JsonObject;
  occurredAt: Date;
}

/** The outbox row of an event (written by writeOutbox). */
export function outboxRecord(event: DomainEvent<EventMeta>): OutboxRecord {
  return {
    id: event.payload.eventId,
    subject: event.subject,
    payload: event.payload as JsonObject,
    occurredAt: new Date(event.payload.occurredAt),
  };
}

export interface OutboxRelayOptions {
  pool: pg.Pool;
  /** PostgreSQL schema holding `outbox_event`. */
  schema: string;
  bus: EventBus;
  /** Rows claimed, and published at once (`publishAll`), per transaction. Default 500. */
  batchSize?: number;
  /** How often to look for rows nobody kicked about. Default 1 s. */
  pollIntervalMs?: number;
  /**
   * Kicks that arrive while a batch is in flight are answered by one more batch this long after it
   * ends (not at once), so under load one transaction publishes the rows of many requests rather than a
   * handful each (decision 0065). A kick to an idle relay still publishes at once. Default 20 ms.
   */
  kickCoalesceMs?: number;
  /** Back-off of the whole relay while the bus is unavailable: doubles from min to max. Defaults 100 ms and 10 s. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Publish attempts of one row the bus rejects before the row is marked failed. Default 10. */
  maxAttempts?: number;
  /** A rejected row waits this long before its next attempt, doubling up to 5 min. Default 1 s. */
  rowBackoffMs?: number;
  /** Published rows are deleted after this long. Default 7 days. */
  retentionMs?: number;
  /** How often the loop prunes published rows. Default 10 min. */
  pruneIntervalMs?: number;
  logger?: EventLogger;
}

/** What GET /ready shows of the outbox. */
export interface OutboxStats {
  /** Rows not yet published (including rows waiting for a retry). */
  pending: number;
  /** Rows the bus rejected `maxAttempts` times: kept with their error for an operator. */
  failed: number;
  /** Age of the oldest pending row, 0 when none. */
  oldestPendingSeconds: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: EventMeta & Record<string, unknown>;
  attempts: number;
  /** The writer's span (decision 0058); NULL when tracing was off or the table has no such column. */
  traceparent?: string | null;
}

/** The bus was unavailable (not one row's fault): the batch stopped, rows before it were still marked. */
export class OutboxPublishError extends Error {
  constructor(
    readonly eventId: string,
    readonly published: number,
    options: { cause: unknown },
  ) {
    super(`outbox publish of ${eventId} failed: ${errorMessage(options.cause)}`, options);
    this.name = 'OutboxPublishError';
  }
}

const MAX_ROW_BACKOFF_MS = 5 * 60_000;

/** For a bus without `publishAll`: in order, stopping at the first failure while the bus is down. */
async function publishOneByOne(bus: EventBus, rows: DomainEvent<EventMeta>[]): Promise<PublishOutcome[]> {
  const outcomes: PublishOutcome[] = [];
  for (const row of rows) {
    try {
      await bus.publish(row);
      outcomes.push({});
    } catch (error) {
      outcomes.push({ error });
      if (!(await bus.isReady().catch(() => false))) {
        while (outcomes.length < rows.length) outcomes.push({ error: new PublishSkippedError({ cause: error }) });
        break;
      }
    }
  }
  return outcomes;
}

/**
 * The relay's claim: the oldest publishable rows of `table`, at most `$1`, locked for the round.
 * Ordered by the outbox index's own columns (`published_at` is NULL in every row it claims), so
 * PostgreSQL walks the index in order and stops at the batch. Ordered by `occurred_at` alone it
 * read every unpublished entry and sorted them, on each round: under load a backlog of thousands
 * read to claim a few hundred (issue 28, `test/events/relay-reads.test.ts`).
 */
export function outboxClaimSql(table: string, traced = false): string {
  return `SELECT id, subject, payload, attempts${traced ? ', traceparent' : ''} FROM ${table}
    WHERE published_at IS NULL AND failed_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= now())
    ORDER BY published_at, occurred_at LIMIT $1 FOR UPDATE SKIP LOCKED`;
}

/**
 * Publishes committed outbox rows in `occurred_at` order. Order promise (decision 0007): one
 * relay at a time publishes a given outbox — each batch holds a transaction-scoped advisory lock
 * on it — so replicas cannot reorder events. A row the bus rejects (bad subject, payload too
 * large) is retried with its own back-off while later rows flow past it, and is marked failed
 * after `maxAttempts`; while the bus as a whole is unavailable no row's attempts are spent.
 */
export class OutboxRelay {
  private readonly table: string;
  private readonly lockKey: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly kickCoalesceMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxAttempts: number;
  private readonly rowBackoffMs: number;
  private readonly retentionMs: number;
  private readonly pruneIntervalMs: number;
  private readonly logger: EventLogger;
  private running = false;
  private loop: Promise<void> | undefined;
  private kicked = false;
  private wake: (() => void) | undefined;
  private lastPrune = 0;
  private readonly transaction: ReturnType<typeof pgTransaction>;
  /** Whether this outbox has the `traceparent` column (an older or hand-made table may not): asked once. */
  private hasTraceparent: Promise<boolean> | undefined;

  constructor(private readonly options: OutboxRelayOptions) {
    this.transaction = pgTransaction(options.pool);
    this.table = `${quoteIdent(options.schema)}."outbox_event"`;
    this.lockKey = `${options.schema}.outbox_event`;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.kickCoalesceMs = options.kickCoalesceMs ?? 20;
    this.minBackoffMs = options.minBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.rowBackoffMs = options.rowBackoffMs ?? 1_000;
    this.retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 10 * 60_000;
    this.logger = options.logger ?? silentLogger;
  }

  /** Starts the background loop (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.runLoop();
  }

  /** Stops the loop after the batch in progress. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /** Publish soon: call after committing a transaction that wrote outbox rows. */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /**
   * Publishes every row due now (except rows another relay holds) and returns how many were
   * published. Rejects with OutboxPublishError when the bus is unavailable.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, claimed } = await this.publishBatch();
      total += published;
      if (claimed < this.batchSize) return total;
    }
  }

  async stats(): Promise<OutboxStats> {
    const { rows } = await this.options.pool.query<{ pending: string; failed: string; oldest: number | null }>(
      `SELECT count(*) FILTER (WHERE failed_at IS NULL) AS pending,
              count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed,
              extract(epoch FROM now() - min(occurred_at) FILTER (WHERE failed_at IS NULL))::float8 AS oldest
         FROM ${this.table} WHERE published_at IS NULL`,
    );
    const row = rows[0];
    return {
      pending: Number(row?.pending ?? 0),
      failed: Number(row?.failed ?? 0),
      oldestPendingSeconds: Math.max(0, Math.round(row?.oldest ?? 0)),
    };
  }

  /** Deletes published rows older than the retention, in bounded batches; returns how many. */
  async prune(): Promise<number> {
    let total = 0;
    for (;;) {
      const { rowCount } = await this.options.pool.query(
        `DELETE FROM ${this.table} WHERE id IN (
           SELECT id FROM ${this.table} WHERE published_at < now() - $1::float8 * interval '1 millisecond' LIMIT 1000)`,
        [this.retentionMs],
      );
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < 1000) return total;
    }
  }

  private async runLoop(): Promise<void> {
    let backoff = 0;
    while (this.running) {
      let delay: number;
      let interruptible = true;
      try {
        this.kicked = false;
        const { claimed } = await this.publishBatch();
        backoff = 0;
        delay = claimed === this.batchSize ? 0 : this.pollIntervalMs;
        if (Date.now() - this.lastPrune >= this.pruneIntervalMs) {
          this.lastPrune = Date.now();
          const pruned = await this.prune();
          if (pruned > 0) this.logger.info({ pruned }, 'published outbox rows pruned');
        }
      } catch (err) {
        backoff = backoff === 0 ? this.minBackoffMs : Math.min(backoff * 2, this.maxBackoffMs);
        delay = backoff;
        interruptible = false; // a kick must not defeat the backoff
        this.logger.warn({ err, retryInMs: backoff }, 'outbox relay failed; backing off');
      }
      if (interruptible && this.kicked) {
        // Rows committed during the batch: gather what the next few ms commit too (unless a full
        // batch says there is a backlog to work through at once).
        if (delay > 0 && this.kickCoalesceMs > 0 && this.running) await this.sleep(this.kickCoalesceMs, false);
        continue;
      }
      // stop() may have been called during the batch, when there was no sleep to wake.
      if (!this.running) break;
      await this.sleep(delay, interruptible);
    }
  }

  private sleep(ms: number, interruptibleByKick: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = interruptibleByKick ? done : () => (this.running ? undefined : done());
    });
  }

  private async publishBatch(): Promise<{ published: number; claimed: number }> {
    const { bus } = this.options;
    let busDown: OutboxPublishError | undefined;
    const published: string[] = [];
    const claimed = await this.transaction(async (client) => {
      // One relay at a time per outbox (waits for the batch in progress): keeps publish order.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.lockKey]);
      const traced = tracingEnabled() && (await this.tracedTable());
      const { rows } = await client.query<OutboxRow>(outboxClaimSql(this.table, traced), [this.batchSize]);
      // The whole batch at once: the bus keeps each key's events in order and overlaps the rest.
      const spans = rows.map((row) => startPublishSpan(row.subject, row.traceparent ?? undefined));
      const events = rows.map((row, i) => {
        const traceparent = spans[i]?.traceparent;
        return { subject: row.subject, payload: row.payload, ...(traceparent ? { traceparent } : {}) };
      });
      const outcomes: PublishOutcome[] = bus.publishAll
        ? await bus.publishAll(events)
        : await publishOneByOne(bus, events);
      spans.forEach((span, i) => span?.end(outcomes[i]?.error));
      let failures: { row: OutboxRow; err: unknown }[] = [];
      rows.forEach((row, i) => {
        const error = outcomes[i]?.error;
        if (error === undefined) published.push(row.id);
        else failures.push({ row, err: error });
      });
      const skipped = failures.some((f) => f.err instanceof PublishSkippedError);
      if (failures.length > 0 && (skipped || !(await bus.isReady().catch(() => false)))) {
        // Not these rows' fault: keep their attempts and let the loop back off.
        const first = failures[0]!;
        busDown = new OutboxPublishError(first.row.id, published.length, { cause: first.err });
        await client.query(`UPDATE ${this.table} SET last_error = $2 WHERE id = ANY($1::uuid[])`, [
          failures.map((f) => f.row.id),
          errorMessage(first.err).slice(0, 2_000),
        ]);
        failures = [];
      }
      for (const { row, err } of failures) await this.recordRejection(client, row, err);
      if (published.length > 0) {
        await client.query(`UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::uuid[])`, [published]);
      }
      return rows.length;
    });
    if (published.length > 0) this.logger.debug({ count: published.length }, 'outbox events published');
    if (busDown) throw busDown;
    return { published: published.length, claimed };
  }

  private tracedTable(): Promise<boolean> {
    this.hasTraceparent ??= this.options.pool
      .query(
        `SELECT 1 FROM information_schema.columns
          WHERE table_schema = $1 AND table_name = 'outbox_event' AND column_name = 'traceparent'`,
        [this.options.schema],
      )
      .then(
        (r) => (r.rowCount ?? 0) > 0,
        () => {
          this.hasTraceparent = undefined;
          return false;
        },
      );
    return this.hasTraceparent;
  }

  /** The bus is up but refused this row: count the attempt, schedule a retry, or give up on it. */
  private async recordRejection(client: pg.PoolClient, row: OutboxRow, err: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const message = errorMessage(err).slice(0, 2_000);
    if (attempts >= this.maxAttempts) {
      await client.query(
        `UPDATE ${this.table} SET attempts = $2, last_error = $3, failed_at = now(), next_attempt_at = NULL WHERE id = $1`,
        [row.id, attempts, message],
      );
      this.logger.error(
        { err, eventId: row.id, subject: row.subject, attempts },
        'outbox row failed for good; kept with its error',
      );
      return;
    }
    const delay = Math.min(this.rowBackoffMs * 2 ** (attempts - 1), MAX_ROW_BACKOFF_MS);
    await client.query(
      `UPDATE ${this.table} SET attempts = $2, last_error = $3, next_attempt_at = now() + $4::float8 * interval '1 millisecond' WHERE id = $1`,
      [row.id, attempts, message, delay],
    );
    this.logger.warn(
      { err, eventId: row.id, subject: row.subject, attempts, retryInMs: delay },
      'outbox row rejected by the bus; will retry',
    );
  }
}

export { quoteIdent };
