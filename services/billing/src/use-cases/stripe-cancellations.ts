import type { BillingDeps } from './deps';

const BATCH = 20;
const LEASE_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;

/**
 * Cancels at Stripe the subscriptions of deleted accounts (asked by the erasure, or by a subscription
 * Stripe reported after it), each request leased so replicas share the work, retried with back-off
 * while Stripe cannot be reached. Resolves how many were cancelled.
 */
export async function cancelStripeSubscriptionsOfDeletedAccounts(deps: BillingDeps): Promise<number> {
  const gateway = deps.gateway;
  if (!gateway) return 0;
  let cancelled = 0;
  for (;;) {
    const due = await deps.cancellations.claim(deps.db, BATCH, LEASE_MS);
    for (const { subscriptionId, attempts } of due) {
      try {
        await gateway.cancelSubscription(subscriptionId);
        await deps.cancellations.done(deps.db, subscriptionId);
        cancelled += 1;
      } catch (err) {
        const retryInMs = Math.min(1_000 * 2 ** (attempts - 1), MAX_RETRY_MS);
        deps.logger.warn(
          { err, subscriptionId, attempts, retryInMs },
          'cancelling a Stripe subscription failed; will retry',
        );
        await deps.cancellations.failed(
          deps.db,
          subscriptionId,
          err instanceof Error ? err.message : String(err),
          new Date(Date.now() + retryInMs),
        );
      }
    }
    if (due.length < BATCH) return cancelled;
  }
}
