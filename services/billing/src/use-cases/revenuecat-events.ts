import type { BillingDeps } from './deps';
import { changeEntitlement } from './entitlement';

/** The fields of a RevenueCat webhook event billing reads (docs: "Webhook event types and fields"). */
export interface RevenueCatEvent {
  id: string;
  type: string;
  app_user_id?: string | null;
  original_app_user_id?: string | null;
  aliases?: string[] | null;
  product_id?: string | null;
  original_transaction_id?: string | null;
  transaction_id?: string | null;
  event_timestamp_ms?: number | null;
  expiration_at_ms?: number | null;
  grace_period_expiration_at_ms?: number | null;
  environment?: string | null;
  transferred_from?: string[] | null;
  transferred_to?: string[] | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The app logs in to RevenueCat with our user id; anonymous ids ($RCAnonymousID:…) are nobody here. */
const ourUser = (e: RevenueCatEvent) =>
  [e.app_user_id, e.original_app_user_id, ...(e.aliases ?? [])].find((id): id is string => !!id && UUID.test(id)) ??
  null;
const at = (ms: number | null | undefined) => (typeof ms === 'number' ? new Date(ms) : null);
const DAY_MS = 86_400_000;

/** What one event says of its subscription; null: the event changes no subscription state. */
function factsOf(e: RevenueCatEvent, graceDays: number) {
  const expiration = at(e.expiration_at_ms);
  switch (e.type) {
    case 'INITIAL_PURCHASE':
    case 'RENEWAL':
    case 'PRODUCT_CHANGE':
    case 'UNCANCELLATION':
    case 'SUBSCRIPTION_EXTENDED':
      return { status: e.type.toLowerCase(), entitled: true, accessUntil: expiration, willRenew: true };
    case 'NON_RENEWING_PURCHASE':
      return { status: 'non_renewing_purchase', entitled: true, accessUntil: expiration, willRenew: false };
    case 'CANCELLATION':
      // Cancelled: Pro is kept until the paid period expires; it only stops renewing.
      return { status: 'cancellation', entitled: true, accessUntil: expiration, willRenew: false };
    case 'BILLING_ISSUE': {
      const graceEnd =
        at(e.grace_period_expiration_at_ms) ??
        (expiration ? new Date(expiration.getTime() + graceDays * DAY_MS) : null);
      return { status: 'billing_issue', entitled: true, accessUntil: graceEnd, willRenew: true };
    }
    case 'EXPIRATION':
      return { status: 'expiration', entitled: false, accessUntil: expiration, willRenew: false };
    default:
      return null;
  }
}

/**
 * Applies one RevenueCat event (stored once by its id). An event older than the state already held for
 * its subscription (event_timestamp_ms) changes nothing, so redeliveries out of order cannot undo a
 * later one. SANDBOX events are ignored unless this deployment accepts them.
 */
export async function applyRevenueCatEvent(deps: BillingDeps, e: RevenueCatEvent): Promise<void> {
  if (e.environment === 'SANDBOX' && !deps.acceptSandbox) return;
  const stateAt = at(e.event_timestamp_ms) ?? deps.now();
  if (e.type === 'TRANSFER') return transfer(deps, e, stateAt);
  const facts = factsOf(e, deps.graceDays);
  const userId = ourUser(e);
  if (!facts || !userId) return;
  const externalId = e.original_transaction_id ?? `${userId}:${e.product_id ?? 'unknown'}`;
  await changeEntitlement(deps, userId, deps.now(), async (tx) => {
    const held = await deps.entitlements.findSubscription(tx, 'revenuecat', externalId);
    if (held && held.stateAt > stateAt) return;
    await deps.entitlements.saveSubscription(tx, {
      userId,
      source: 'revenuecat',
      externalId,
      productId: e.product_id ?? held?.productId ?? null,
      ...facts,
      stateAt,
    });
  });
}

/** TRANSFER: the store purchases move from one app user to another; so do their subscriptions here. */
async function transfer(deps: BillingDeps, e: RevenueCatEvent, stateAt: Date): Promise<void> {
  const to = (e.transferred_to ?? []).find((id) => UUID.test(id));
  const from = (e.transferred_from ?? []).filter((id) => UUID.test(id) && id !== to);
  for (const userId of from) {
    let moved = 0;
    await changeEntitlement(deps, userId, deps.now(), async (tx) => {
      // A deleted account receives nothing (decision 0016): the purchases end here instead.
      if (to && !(await deps.entitlements.isErased(tx, to)))
        moved = await deps.entitlements.moveSubscriptions(tx, userId, 'revenuecat', to, stateAt);
      else await deps.entitlements.endSubscriptions(tx, userId, 'revenuecat', 'transferred', stateAt);
    });
    if (to && moved > 0) await changeEntitlement(deps, to, deps.now());
  }
}
