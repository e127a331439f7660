/**
 * Idempotent consumers (the inbox pattern). `idempotent()` wraps a handler so that
 * recording the event as handled and applying its effect commit in ONE transaction:
 * a redelivery or duplicate of a handled event is skipped, and a handler that throws
 * rolls the inbox mark back with its effect, so the redelivery runs it again.
 *
 * Table (each service's schema):
 *
 *   model InboxEvent {
 *     consumer  String
 *     eventId   String   @map("event_id") @db.Uuid
 *     subject   String
 *     handledAt DateTime @default(now()) @map("handled_at") @db.Timestamptz(3)
 *     @@id([consumer, eventId])
 *     @@map("inbox_event")
 *   }
 *
 * With Prisma:
 *
 *   bus.subscribe({ durable: 'quests-on-user-registered', subjects: ['identity.user.registered.v1'] },
 *     idempotent({
 *       consumer: 'quests-on-user-registered',
 *       transaction: (fn) => prisma.$transaction(fn),
 *       markHandled: async (tx, consumer, e) =>
 *         (await tx.inboxEvent.createMany({
 *           data: [{ consumer, eventId: e.payload.eventId, subject: e.subject }],
 *           skipDuplicates: true,
 *         })).count === 1,
 *     }, async (event, tx) => { await tx.profile.create({ ... }) }));
 */
import type pg from 'pg';
import { quoteIdent } from './sql';

export { pgTransaction } from './sql';
import type { Delivery, DomainEvent, EventHandler } from './types';

export interface IdempotentOptions<Tx> {
  /** Inbox key; usually the subscription's durable name. */
  consumer: string;
  /** Runs `fn` in one database transaction, committing when it resolves. */
  transaction: <R>(fn: (tx: Tx) => Promise<R>) => Promise<R>;
  /** Records the event as handled by `consumer`; false when it already was. */
  markHandled: (tx: Tx, consumer: string, event: DomainEvent) => Promise<boolean>;
}

export function idempotent<Tx>(
  options: IdempotentOptions<Tx>,
  handler: (event: DomainEvent, tx: Tx, delivery: Delivery) => Promise<void>,
): EventHandler {
  const { consumer, transaction, markHandled } = options;
  return (event, delivery) =>
    transaction(async (tx) => {
      if (!(await markHandled(tx, consumer, event))) return;
      await handler(event, tx, delivery);
    });
}

/** `markHandled` for plain `pg` against `<schema>.inbox_event`. */
export function pgMarkHandled(schema: string): (tx: pg.ClientBase, consumer: string, event: DomainEvent) => Promise<boolean> {
  const table = `${quoteIdent(schema)}."inbox_event"`;
  return async (tx, consumer, event) => {
    // A concurrent duplicate blocks on the primary key until the first transaction ends.
    const result = await tx.query(
      `INSERT INTO ${table} (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [consumer, event.payload.eventId, event.subject],
    );
    return result.rowCount === 1;
  };
}
