import { ENDED_STATUSES, type StripeEventLike, type StripeGateway } from '../stripe/gateway';
import { linkCustomer } from './customers';
import type { BillingDeps } from './deps';
import { changeEntitlement } from './entitlement';
import { stripeSubscriptionFacts } from './entitlement-rules';

/** The event types billing acts on (any other verified event is stored and acknowledged, nothing more). */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const idOf = (v: unknown): string | null =>
  str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : null);

/** An invoice names its subscription in `parent.subscription_details` (API 2025-03+) or, before, at the top. */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

/**
 * Applies one verified Stripe event. Whatever the event says, the subscription is read back from
 * Stripe and its current state stored: events arriving out of order (updated before
 * checkout.session.completed, an old `updated` after `deleted`) all end in Stripe's final state.
 */
export async function applyStripeEvent(
  deps: BillingDeps,
  gateway: StripeGateway,
  event: StripeEventLike,
): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const userId = str(object.client_reference_id);
      const customerId = idOf(object.customer);
      if (userId && customerId) await linkCustomer(deps, userId, customerId);
      const subscriptionId = idOf(object.subscription);
      if (subscriptionId) await syncSubscription(deps, gateway, subscriptionId, userId);
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = idOf(object.id);
      if (subscriptionId) await syncSubscription(deps, gateway, subscriptionId, null);
      return;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscription(object);
      if (subscriptionId) await syncSubscription(deps, gateway, subscriptionId, null);
      return;
    }
    default:
      return;
  }
}

export class UnknownStripeUserError extends Error {
  override name = 'UnknownStripeUserError';
}

async function syncSubscription(
  deps: BillingDeps,
  gateway: StripeGateway,
  subscriptionId: string,
  userHint: string | null,
): Promise<void> {
  const retrievedAt = deps.now();
  const sub = await gateway.retrieveSubscription(subscriptionId);
  const customerId = idOf((sub as { customer?: unknown }).customer);
  const userId =
    str(sub.metadata?.userId) ?? (customerId ? await deps.customers.userOf(deps.db, customerId) : null) ?? userHint;
  // Retried later: checkout.session.completed (or the metadata) tells whose it is.
  if (!userId) throw new UnknownStripeUserError(`Subscription ${subscriptionId} belongs to no known user yet`);
  // A subscription of a deleted account (a checkout finished after the deletion): cancelled at Stripe,
  // nothing stored about the user (decision 0016).
  if (await deps.entitlements.isErased(deps.db, userId)) {
    if (!ENDED_STATUSES.has(sub.status)) await deps.cancellations.request(deps.db, [sub.id]);
    return;
  }
  if (customerId) await linkCustomer(deps, userId, customerId);
  const facts = stripeSubscriptionFacts(sub, deps.graceDays);
  await changeEntitlement(deps, userId, deps.now(), async (tx) => {
    const held = await deps.entitlements.findSubscription(tx, 'stripe', sub.id);
    // Two syncs raced: keep the state read last from Stripe.
    if (held && held.stateAt > retrievedAt) return;
    await deps.entitlements.saveSubscription(tx, {
      userId,
      source: 'stripe',
      externalId: sub.id,
      ...facts,
      stateAt: retrievedAt,
    });
  });
}
