import Stripe from 'stripe';
import type { StripeSubscriptionLike } from '../use-cases/entitlement-rules';

/** Stripe's own default, and the issue's: a signed event older than 5 minutes is refused (replay). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The fields of a Stripe event billing reads. */
export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id?: string } };
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/**
 * What billing asks of Stripe. `stripeGateway` is the real API through the `stripe` package; the
 * local gateway (no keys, the embedded default) stands in for it and drives the same webhook endpoint.
 */
export interface StripeGateway {
  readonly mode: 'stripe' | 'local';
  readonly priceId: string;
  /** Checks the `Stripe-Signature` header over the raw body (throws when it does not match or is stale). */
  verify(rawBody: Buffer, signature: string | string[] | undefined): StripeEventLike;
  createCustomer(userId: string, idempotencyKey: string): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The subscription as Stripe holds it now: how out-of-order events are resolved. */
  retrieveSubscription(id: string): Promise<StripeSubscriptionLike>;
  /** Cancels the subscription now (a deleted account's); one already ended or unknown to Stripe is done too. */
  cancelSubscription(id: string): Promise<void>;
}

/** Subscription statuses after which Stripe charges nothing more. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export interface StripeClientOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Another API address (a test stand-in); default Stripe's. */
  apiUrl?: string;
}

/** Verification shared by both gateways: the `stripe` package's own check, with the 300 s tolerance. */
export function verifyStripeSignature(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
): StripeEventLike {
  if (typeof signature !== 'string' || !signature) throw new Error('No Stripe-Signature header');
  return stripe.webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    SIGNATURE_TOLERANCE_SECONDS,
  ) as unknown as StripeEventLike;
}

export function stripeGateway(opts: StripeClientOptions): StripeGateway {
  const api = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    mode: 'stripe',
    priceId: opts.priceId,
    verify: (rawBody, signature) => verifyStripeSignature(stripe, rawBody, signature, opts.webhookSecret),
    async createCustomer(userId, idempotencyKey) {
      const customer = await stripe.customers.create({ metadata: { userId } }, { idempotencyKey });
      return customer.id;
    },
    async createCheckoutSession(r) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: r.customerId,
          client_reference_id: r.userId,
          line_items: [{ price: r.priceId, quantity: 1 }],
          subscription_data: { metadata: { userId: r.userId } },
          metadata: { userId: r.userId },
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
        },
        { idempotencyKey: r.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },
    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      return (await stripe.subscriptions.retrieve(id)) as unknown as StripeSubscriptionLike;
    },
    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `vere-cancel-${id}` });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        // Stripe refuses to cancel a subscription that has already ended: nothing left to do then.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          const sub = await stripe.subscriptions.retrieve(id).catch(() => null);
          if (sub && ENDED_STATUSES.has(sub.status)) return;
        }
        throw err;
      }
    },
  };
}

export { Stripe };
