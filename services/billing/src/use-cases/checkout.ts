import { AppError } from '@vere/service-kit';
import type { StripeGateway } from '../stripe/gateway';
import { linkOwnCustomer } from './customers';
import type { BillingDeps } from './deps';
import { readEntitlement } from './entitlement';

function configured(gateway: StripeGateway | undefined): StripeGateway {
  if (!gateway) throw new AppError('PROVIDER_NOT_CONFIGURED', 'Card payments are not set up on this server.');
  return gateway;
}

/** The user's Stripe customer, created once: Stripe's idempotency key and our unique row keep it to one. */
async function customerFor(deps: BillingDeps, gateway: StripeGateway, userId: string): Promise<string> {
  const known = await deps.customers.customerOf(deps.db, userId);
  if (known) return known;
  const created = await gateway.createCustomer(userId, `vere-customer-${userId}`);
  return linkOwnCustomer(deps, userId, created);
}

/** Starts a Checkout Session for the monthly Pro price; a repeated attempt id gets the same session. */
export async function startCheckout(
  deps: BillingDeps,
  userId: string,
  attemptId: string,
  appUrl: string,
): Promise<{ url: string }> {
  const gateway = configured(deps.gateway);
  if ((await readEntitlement(deps, userId)).isActive) {
    throw new AppError('CONFLICT', 'You are already a Pro member.');
  }
  const customerId = await customerFor(deps, gateway, userId);
  const session = await gateway.createCheckoutSession({
    customerId,
    userId,
    priceId: gateway.priceId,
    successUrl: `${appUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/vere-pro`,
    idempotencyKey: `vere-checkout-${userId}-${attemptId}`,
  });
  return { url: session.url };
}

/** The Stripe customer portal for the user's web subscription; none yet → 404. */
export async function openPortal(deps: BillingDeps, userId: string, appUrl: string): Promise<{ url: string }> {
  const gateway = configured(deps.gateway);
  const customerId = await deps.customers.customerOf(deps.db, userId);
  if (!customerId) throw new AppError('NOT_FOUND', 'You have no web subscription to manage.');
  return gateway.createPortalSession(customerId, `${appUrl}/subscription`);
}
