/**
 * Idempotent consumers (the inbox pattern). `idempotent()` wraps a handler so that
 * recording the event as handled and applying its effect commit in ONE transaction:
 * a redelivery or duplicate of a handled event is skipped, and a handler that throws
 * rolls the inbox mark back with its effect, so the redelivery runs it again.
 *
 * Services do not call it directly: `consume()` (../consumers.ts) wraps every effect with the
 * service's unit of work and `markHandled` (../unit-of-work.ts) against the service's own
 * `inbox_event` table (primary key: consumer, event_id).
 */
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
