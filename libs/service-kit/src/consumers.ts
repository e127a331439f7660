import type { EventContract } from '@vere/contracts';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { idempotent } from './events/inbox';
import type { DomainEvent, EventBus, Subscription } from './events/types';
import { markHandled, type Transaction } from './unit-of-work';

/** A payload that breaks its contract: no redelivery can fix it, so the bus dead-letters it at once. */
export class MalformedEventError extends Error {
  override name = 'MalformedEventError';
  readonly permanent = true;
}

/** Checks an incoming payload against its contract before any effect runs. */
export function decodeEvent<S extends TSchema>(contract: EventContract<S>, event: DomainEvent): Static<S> {
  if (event.subject !== contract.subject || !Value.Check(contract.schema, event.payload)) {
    const first = [...Value.Errors(contract.schema, event.payload)][0];
    throw new MalformedEventError(
      `${event.subject} payload does not match its contract${first ? `: ${first.instancePath} ${first.message}` : ''}`,
    );
  }
  return event.payload as Static<S>;
}

/**
 * Subscribes a durable consumer whose effect runs exactly once per event id: the inbox row and the
 * effect commit together in one unit of work (the service's own `transaction`, pg or Prisma), and any
 * events the effect writes with `writeOutbox(tx, …)` commit with them.
 */
export function consume<S extends TSchema, Tx extends object>(
  bus: EventBus,
  transaction: Transaction<Tx>,
  durable: string,
  contract: EventContract<S>,
  effect: (tx: Tx, payload: Static<S>) => Promise<void>,
): Promise<Subscription> {
  return bus.subscribe(
    { durable, subjects: [contract.subject] },
    idempotent<Tx>({ consumer: durable, transaction, markHandled }, (event, tx) =>
      effect(tx, decodeEvent(contract, event)),
    ),
  );
}
