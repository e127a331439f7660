import type { WebhookProvider } from '../repositories/webhook-events-repository';
import type { StripeEventLike } from '../stripe/gateway';
import type { BillingDeps } from './deps';
import { applyRevenueCatEvent, type RevenueCatEvent } from './revenuecat-events';
import { applyStripeEvent } from './stripe-events';

/**
 * Stores a verified webhook event once (provider + event id); false for a redelivery or a concurrent
 * copy, which then does nothing. The webhook worker applies it after the 2xx.
 */
export function receiveWebhookEvent(
  deps: BillingDeps,
  provider: WebhookProvider,
  event: { id: string; type: string },
): Promise<boolean> {
  return deps.webhookEvents.record(deps.db, provider, event.id, event.type, event);
}

/** Applies one stored event (at least once: every handler is idempotent). */
export async function applyWebhookEvent(deps: BillingDeps, provider: string, payload: unknown): Promise<void> {
  if (provider === 'stripe') {
    // Stored while Stripe was configured, processed without it: nothing to ask Stripe.
    if (deps.gateway) await applyStripeEvent(deps, deps.gateway, payload as StripeEventLike);
  } else if (provider === 'revenuecat') {
    await applyRevenueCatEvent(deps, payload as RevenueCatEvent);
  }
}
