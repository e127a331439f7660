/**
 * Transactional outbox: a service writes its events into its own `outbox_event` table in
 * the same transaction as the state change, and an OutboxRelay publishes committed rows
 * to the bus. Publishing is at-least-once: a crash between publish and marking the row
 * republishes it, which the bus dedupes by eventId and consumers tolerate (see inbox.ts).
 *
 * Prisma model each service declares (table DDL in the service-kit README / tests):
 *
 *   model OutboxEvent {
 *     id          String    @id @db.Uuid
 *     subject     String
 *     payload     Json
 *     occurredAt  DateTime  @default(now()) @map("occurred_at") @db.Timestamptz(3)
 *     publishedAt DateTime? @map("published_at") @db.Timestamptz(3)
 *     attempts    Int       @default(0)
 *     lastError   String?   @map("last_error")
 *     @@index([publishedAt, occurredAt])
 *     @@map("outbox_event")
 *   }
 *
 * Usage inside the service's transaction:
 *
 *   await prisma.$transaction(async (tx) => {
 *     const user = await tx.user.create({ data });
 *     await tx.outboxEvent.create({ data: outboxRecord(newEvent('identity.user.registered.v1', user.id, { handle })) });
 *   });
 *   relay.kick();
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { errorMessage, silentLogger } from './policy';
import type { DomainEvent, EventBus, EventLogger, EventMeta } from './types';

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

/** Row data for `tx.outboxEvent.create({ data: outboxRecord(event) })`. */
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
  /** Rows claimed per transaction. Default 100. */
  batchSize?: number;
  /** How often to look for rows nobody kicked about. Default 1 s. */
  pollIntervalMs?: number;
  /** Backoff after a failure doubles from min to max. Defaults 100 ms and 10 s. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  logger?: EventLogger;
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: EventMeta & Record<string, unknown>;
}

/** A publish failed; rows published before it in the same batch were still marked. */
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

export class OutboxRelay {
  private readonly table: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly logger: EventLogger;
  private running = false;
  private loop: Promise<void> | undefined;
  private kicked = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: OutboxRelayOptions) {
    this.table = `${quoteIdent(options.schema)}."outbox_event"`;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.minBackoffMs = options.minBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
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
   * Publishes every row pending now (except rows another relay holds) and returns how
   * many were published. Rejects with OutboxPublishError when a publish fails.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, claimed } = await this.publishBatch();
      total += published;
      if (claimed < this.batchSize) return total;
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
      } catch (err) {
        backoff = backoff === 0 ? this.minBackoffMs : Math.min(backoff * 2, this.maxBackoffMs);
        delay = backoff;
        interruptible = false; // a kick must not defeat the backoff
        this.logger.warn({ err, retryInMs: backoff }, 'outbox relay failed; backing off');
      }
      if (interruptible && this.kicked) continue;
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
    const { pool, bus } = this.options;
    const client = await pool.connect();
    let broken: Error | undefined;
    let failure: OutboxPublishError | undefined;
    let claimed = 0;
    const published: string[] = [];
    try {
      await client.query('BEGIN');
      // The row locks are held while publishing, so concurrent relays skip these rows.
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, subject, payload FROM ${this.table}
          WHERE published_at IS NULL ORDER BY occurred_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      claimed = rows.length;
      for (const row of rows) {
        try {
          await bus.publish({ subject: row.subject, payload: row.payload });
          published.push(row.id);
        } catch (err) {
          failure = new OutboxPublishError(row.id, published.length, { cause: err });
          await client.query(`UPDATE ${this.table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
            row.id,
            errorMessage(err).slice(0, 2_000),
          ]);
          break;
        }
      }
      if (published.length > 0) {
        await client.query(`UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::uuid[])`, [published]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: Error) => {
        broken = rollbackErr; // don't return a dead connection to the pool
      });
      throw err;
    } finally {
      client.release(broken);
    }
    if (published.length > 0) this.logger.debug({ count: published.length }, 'outbox events published');
    if (failure) throw failure;
    return { published: published.length, claimed };
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
