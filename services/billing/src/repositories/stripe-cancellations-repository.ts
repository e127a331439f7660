import type { Db } from './db';

/** Stripe subscriptions of deleted accounts still to cancel at Stripe (no user id kept). */
export interface StripeCancellationsRepository {
  /** Asks for the subscriptions to be cancelled (again asking changes nothing). */
  request(db: Db, subscriptionIds: string[]): Promise<void>;
  /** Leases up to `limit` due requests for `leaseMs` (any number of replicas) and answers their ids and attempts. */
  claim(db: Db, limit: number, leaseMs: number): Promise<{ subscriptionId: string; attempts: number }[]>;
  done(db: Db, subscriptionId: string): Promise<void>;
  /** Gives the request back with its error, due again at `retryAt`. */
  failed(db: Db, subscriptionId: string, error: string, retryAt: Date): Promise<void>;
}

export function createStripeCancellationsRepository(): StripeCancellationsRepository {
  return {
    async request(db, subscriptionIds) {
      if (subscriptionIds.length === 0) return;
      await db.$executeRaw`
        INSERT INTO billing.stripe_cancellation (subscription_id)
        SELECT unnest(${subscriptionIds}::text[]) ON CONFLICT DO NOTHING`;
    },
    claim(db, limit, leaseMs) {
      return db.$queryRaw<{ subscriptionId: string; attempts: number }[]>`
        UPDATE billing.stripe_cancellation
           SET next_attempt_at = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = attempts + 1
         WHERE subscription_id IN (
           SELECT subscription_id FROM billing.stripe_cancellation WHERE next_attempt_at <= now()
            ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING subscription_id AS "subscriptionId", attempts`;
    },
    async done(db, subscriptionId) {
      await db.stripeCancellation.deleteMany({ where: { subscriptionId } });
    },
    async failed(db, subscriptionId, error, retryAt) {
      await db.stripeCancellation.updateMany({
        where: { subscriptionId },
        data: { lastError: error.slice(0, 2_000), nextAttemptAt: retryAt },
      });
    },
  };
}
