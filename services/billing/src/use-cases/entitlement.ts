import { EntitlementChanged, type Entitlement } from '@vere/contracts';
import { newEvent, writeOutbox } from '@vere/service-kit';
import type { Db } from '../repositories/db';
import { ENDED_STATUSES } from '../stripe/gateway';
import type { StoredEntitlement, SubscriptionRow } from '../repositories/entitlements-repository';
import type { BillingDeps } from './deps';
import { deriveEntitlement, entitlementAt, sameEntitlement } from './entitlement-rules';

/** What changing an entitlement needs (the grant command has no more than this). */
export type EntitlementDeps = Pick<BillingDeps, 'transaction' | 'entitlements'>;

/**
 * The one way Pro changes: in one transaction holding the user's lock (two webhooks for one user
 * never interleave), `write` stores what a provider or a grant said, then the entitlement is
 * derived again from all the user's subscriptions. A changed entitlement is stored with the next
 * per-user version and its billing.entitlement.changed.v1 event, in the same transaction.
 */
export function changeEntitlement(
  deps: EntitlementDeps,
  userId: string,
  now: Date,
  write?: (tx: Db) => Promise<void>,
): Promise<{ entitlement: StoredEntitlement; changed: boolean }> {
  return deps.transaction(async (tx) => {
    await deps.entitlements.lockUser(tx, userId);
    // A deleted account gets nothing, whatever a provider says afterwards: a checkout finished on a
    // page opened before the deletion, a late webhook (they carry no access token to revoke).
    if (await deps.entitlements.isErased(tx, userId))
      return { entitlement: { ...deriveEntitlement([], now), version: 0 }, changed: false };
    if (write) await write(tx);
    const derived = deriveEntitlement(await deps.entitlements.findSubscriptions(tx, userId), now);
    const current = await deps.entitlements.findEntitlement(tx, userId);
    if (current && sameEntitlement(current, derived)) return { entitlement: current, changed: false };
    // Never Pro here and still not: nothing to announce (a free user stays without a row).
    if (!current && !derived.isActive) return { entitlement: { ...derived, version: 0 }, changed: false };
    const entitlement = { ...derived, version: (current?.version ?? 0) + 1 };
    await deps.entitlements.upsertEntitlement(tx, userId, entitlement);
    await writeOutbox(tx, newEvent(EntitlementChanged.subject, userId, { version: entitlement.version, ...derived }));
    return { entitlement, changed: true };
  });
}

/** The user's entitlement as of now: one whose expiration has passed reads as free before the sweep publishes it. */
export async function readEntitlement(deps: BillingDeps, userId: string): Promise<Entitlement> {
  const { isActive, productId, expirationDate, willRenew, source } = entitlementAt(
    await deps.entitlements.findEntitlement(deps.db, userId),
    deps.now(),
  );
  return { isActive, productId, expirationDate, willRenew, source };
}

/** Everything billing holds about the user ("Your data"). */
export async function exportBillingData(
  deps: BillingDeps,
  userId: string,
): Promise<{ entitlement: StoredEntitlement | null; subscriptions: SubscriptionRow[] }> {
  const [entitlement, subscriptions] = await Promise.all([
    deps.entitlements.findEntitlement(deps.db, userId),
    deps.entitlements.findSubscriptions(deps.db, userId),
  ]);
  return { entitlement, subscriptions };
}

/**
 * identity.user.deleted.v1, inside the consumer's unit of work: the entitlement, subscriptions and
 * Stripe customer link go, and the id is kept as erased. Under the user's lock, so a change in flight
 * either commits before (and is erased) or sees the erasure (and stores nothing).
 */
export async function eraseBillingData(deps: BillingDeps, tx: Db, userId: string): Promise<void> {
  await deps.entitlements.lockUser(tx, userId);
  // A live web subscription would go on charging a card for an account that no longer exists.
  const live = await deps.entitlements.findSubscriptions(tx, userId, { source: 'stripe' });
  await deps.cancellations.request(
    tx,
    live.filter((s) => !ENDED_STATUSES.has(s.status)).map((s) => s.externalId),
  );
  await deps.entitlements.erase(tx, userId);
  await deps.customers.erase(tx, userId);
}
