import type { EventContract } from '@vere/contracts';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { idempotent } from './events/inbox';
import type { DomainEvent, EventBus, Subscription } from './events/types';

/** The slice of a generated Prisma client an idempotent consumer needs (every service has these tables). */
export interface InboxTx {
  inboxEvent: {
    createMany(args: { data: { consumer: string; eventId: string; subject: string }[]; skipDuplicates?: boolean }): PromiseLike<{ count: number }>;
  };
}

export interface PrismaLike<Tx> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
}

/** A payload that breaks its contract: no redelivery can fix it, so the bus dead-letters it at once. */
export class MalformedEventError extends Error {
  override name = 'MalformedEventError';
  readonly permanent = true;
}

/** Checks an incoming payload against its contract before any effect runs. */
export function decodeEvent<S extends TSchema>(contract: EventContract<S>, event: DomainEvent): Static<S> {
  if (event.subject !== contract.subject || !Value.Check(contract.schema, event.payload)) {
    const first = [...Value.Errors(contract.schema, event.payload)][0];
    throw new MalformedEventError(`${event.subject} payload does not match its contract${first ? `: ${first.instancePath} ${first.message}` : ''}`);
  }
  return event.payload as Static<S>;
}

/**
 * Subscribes a durable consumer whose effect runs exactly once per event id: the inbox row and
 * the effect commit together in one Prisma transaction.
 */
export function consume<S extends TSchema, Tx extends InboxTx>(
  bus: EventBus,
  prisma: PrismaLike<Tx>,
  durable: string,
  contract: EventContract<S>,
  effect: (tx: Tx, payload: Static<S>) => Promise<void>,
): Promise<Subscription> {
  return bus.subscribe(
    { durable, subjects: [contract.subject] },
    idempotent<Tx>(
      {
        consumer: durable,
        transaction: (fn) => prisma.$transaction(fn),
        markHandled: async (tx, consumer, e) =>
          (await tx.inboxEvent.createMany({
            data: [{ consumer, eventId: e.payload.eventId, subject: e.subject }],
            skipDuplicates: true,
          })).count === 1,
      },
      (event, tx) => effect(tx, decodeEvent(contract, event)),
    ),
  );
}
