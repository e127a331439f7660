/**
 * The unit of work every service uses. A use case owns the transaction: it calls its service's
 * `transaction(work)`, hands `tx` to repositories (which hold no rule and open no transaction of their
 * own) and writes its events with `writeOutbox(tx, event)`. When the transaction commits, the outbox
 * relay is told to publish now; when it throws, the state change and its events roll back together.
 *
 * The same two functions work on both data clients a service may use (decision 0031): a plain `pg`
 * transaction (tx is the checked-out `pg.PoolClient`) and a Prisma interactive transaction (tx is
 * Prisma's transaction client). Each transaction is registered here with its service's schema while it
 * runs, so `writeOutbox` and `markHandled` know which `outbox_event` / `inbox_event` to write and refuse
 * a `tx` that is not an open unit of work.
 */
import type pg from 'pg';
import { outboxRecord } from './events/outbox';
import { currentTraceparent } from './tracing';
import { pgTransaction, quoteIdent } from './events/sql';
import type { DomainEvent, EventMeta } from './events/types';

/** Runs `work` in one database transaction: commits when it resolves, rolls back when it throws. */
export type Transaction<Tx> = <R>(work: (tx: Tx) => Promise<R>) => Promise<R>;

/** A plain-`pg` unit of work's `tx`: the transaction's client. */
export type PgTx = pg.PoolClient;

/** Anything that can run one query: the pool (outside a transaction) or a transaction's client. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

/** The slice of a Prisma transaction client the unit of work needs (every generated client has it). */
export interface PrismaRawTx {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

interface OpenUnit {
  schema: string;
  /** How this unit runs one statement, answering the number of rows it touched. */
  execute(text: string, values: unknown[]): Promise<number>;
  wroteEvents: boolean;
}

const open = new WeakMap<object, OpenUnit>();

export interface UnitOfWorkOptions {
  /** The service's PostgreSQL schema (holding its outbox_event and inbox_event). */
  schema: string;
  /** Told after a commit that wrote events, so they go out now instead of at the relay's next poll. */
  relay?: { kick(): void };
}

async function run<Tx extends object, R>(tx: Tx, unit: OpenUnit, work: (tx: Tx) => Promise<R>): Promise<R> {
  if (open.has(tx)) throw new Error('unit of work: this transaction is already open (nested transaction)');
  open.set(tx, unit);
  try {
    return await work(tx);
  } finally {
    open.delete(tx);
  }
}

/** `transaction` on plain `pg`: BEGIN … COMMIT on one pooled client. */
export function pgTransactions(pool: pg.Pool, options: UnitOfWorkOptions): Transaction<PgTx> {
  const begin = pgTransaction(pool);
  return async (work) => {
    let unit: OpenUnit | undefined;
    const result = await begin((client) => {
      unit = {
        schema: options.schema,
        wroteEvents: false,
        execute: async (text, values) => (await client.query(text, values)).rowCount ?? 0,
      };
      return run(client, unit, work);
    });
    if (unit?.wroteEvents) options.relay?.kick();
    return result;
  };
}

/** `transaction` on Prisma: one interactive transaction (`prisma.$transaction(fn)`). */
export function prismaTransactions<Tx extends PrismaRawTx>(
  prisma: { $transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> },
  options: UnitOfWorkOptions,
): Transaction<Tx> {
  return async (work) => {
    let unit: OpenUnit | undefined;
    const result = await prisma.$transaction((tx) => {
      unit = {
        schema: options.schema,
        wroteEvents: false,
        execute: (text, values) => Promise.resolve(tx.$executeRawUnsafe(text, ...values)),
      };
      return run(tx, unit, work);
    });
    if (unit?.wroteEvents) options.relay?.kick();
    return result;
  };
}

function unitOf(tx: object, what: string): OpenUnit {
  const unit = open.get(tx);
  if (!unit) throw new Error(`${what} needs the tx of an open unit of work (service-kit's transaction())`);
  return unit;
}

/**
 * Writes events into the service's outbox inside the caller's transaction; the relay publishes them
 * after the commit, in the order written.
 */
export async function writeOutbox(tx: object, ...events: DomainEvent<EventMeta>[]): Promise<void> {
  const unit = unitOf(tx, 'writeOutbox');
  const table = `${quoteIdent(unit.schema)}."outbox_event"`;
  // The request's (or consumer's) span, so the trace continues through the relay (decision 0058).
  const traceparent = currentTraceparent();
  for (const event of events) {
    const r = outboxRecord(event);
    if (traceparent) {
      await unit.execute(
        `INSERT INTO ${table} (id, subject, payload, occurred_at, traceparent)
         VALUES ($1::uuid, $2, $3::jsonb, $4::timestamptz, $5)`,
        [r.id, r.subject, JSON.stringify(r.payload), r.occurredAt, traceparent],
      );
    } else {
      await unit.execute(
        `INSERT INTO ${table} (id, subject, payload, occurred_at) VALUES ($1::uuid, $2, $3::jsonb, $4::timestamptz)`,
        [r.id, r.subject, JSON.stringify(r.payload), r.occurredAt],
      );
    }
  }
  if (events.length > 0) unit.wroteEvents = true;
}

/**
 * For a hot path whose change is ONE statement run outside a transaction (decision 0061): the
 * outbox INSERT as the body of a CTE, one row per row of `from` (none when the change wrote
 * nothing), with the event's values as parameters `$n`…`$n+4` (`outboxValues`). The statement
 * commits the change and its event together; the caller kicks the relay after it.
 */
export function outboxInsertSql(schema: string, n: number, from: string): string {
  return `INSERT INTO ${quoteIdent(schema)}."outbox_event" (id, subject, payload, occurred_at, traceparent)
  SELECT $${n}::uuid, $${n + 1}, $${n + 2}::jsonb, $${n + 3}::timestamptz, $${n + 4} FROM ${from}`;
}

/** The five parameters `outboxInsertSql` reads, for one event (with the current span's traceparent). */
export function outboxValues(event: DomainEvent<EventMeta>): unknown[] {
  const r = outboxRecord(event);
  return [r.id, r.subject, JSON.stringify(r.payload), r.occurredAt, currentTraceparent() ?? null];
}

/**
 * Records inside the caller's transaction that `consumer` handled the event; false when it already
 * had (a redelivery or a duplicate). A concurrent duplicate waits on the primary key until the first
 * transaction ends.
 */
export async function markHandled(tx: object, consumer: string, event: DomainEvent): Promise<boolean> {
  const unit = unitOf(tx, 'markHandled');
  const table = `${quoteIdent(unit.schema)}."inbox_event"`;
  const count = await unit.execute(
    `INSERT INTO ${table} (consumer, event_id, subject) VALUES ($1, $2::uuid, $3) ON CONFLICT DO NOTHING`,
    [consumer, event.payload.eventId, event.subject],
  );
  return count === 1;
}
