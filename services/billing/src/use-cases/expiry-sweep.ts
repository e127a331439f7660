import type { BillingDeps } from './deps';
import { changeEntitlement } from './entitlement';
import { syncRevenueCatBeforeLapse } from './revenuecat-sync';

/** Users swept per pass. */
const SWEEP_BATCH = 100;

/**
 * Entitlements that reached their end with no webhook to say so (a grant's --until, a grace period,
 * a missing webhook) are derived again, so their billing.entitlement.changed.v1 goes out. With
 * RevenueCat's REST API configured, an App Store one is first checked with RevenueCat.
 */
export async function sweepExpiredEntitlements(deps: BillingDeps, now: Date): Promise<void> {
  for (const userId of await deps.entitlements.expiredActive(deps.db, now, SWEEP_BATCH)) {
    if (deps.readSubscriber) await syncRevenueCatBeforeLapse(deps, deps.readSubscriber, userId, now);
    await changeEntitlement(deps, userId, now);
  }
}
