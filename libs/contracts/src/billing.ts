import { Type, type Static } from 'typebox';

/** Where a Pro entitlement comes from (spec §3 "Subscription status result"); `database` is an admin or founders grant. */
export const EntitlementSourceSchema = Type.Union([
  Type.Literal('stripe'),
  Type.Literal('revenuecat'),
  Type.Literal('database'),
  Type.Literal('unknown'),
]);
export type EntitlementSource = Static<typeof EntitlementSourceSchema>;

/**
 * GET /api/billing/me/entitlement: the user's one `pro` entitlement in the spec's shape, derived by
 * billing from every subscription the user has. `isActive` is false once `expirationDate` has passed.
 * Without any subscription: inactive, `source: "unknown"`, the other fields null/false.
 */
export const EntitlementSchema = Type.Object({
  isActive: Type.Boolean(),
  productId: Type.Union([Type.String(), Type.Null()]),
  expirationDate: Type.Union([
    Type.String({ description: 'ISO 8601; null: no end (a grant) or no subscription' }),
    Type.Null(),
  ]),
  willRenew: Type.Boolean(),
  source: EntitlementSourceSchema,
});
export type Entitlement = Static<typeof EntitlementSchema>;

/** POST /api/billing/checkout and /api/billing/portal: where to send the browser. */
export const RedirectUrlSchema = Type.Object({
  url: Type.String({ description: 'Stripe Checkout / customer portal, or the local test pages without Stripe keys' }),
});
export type RedirectUrl = Static<typeof RedirectUrlSchema>;

/** POST /api/billing/checkout: the client's key for this upgrade attempt, so a double click opens one session. */
export const CheckoutBodySchema = Type.Object(
  { attemptId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBodySchema>;

/** GET /api/billing/ios/config: what the iOS app needs to configure RevenueCat's SDK (a public key). */
export const IosBillingConfigSchema = Type.Object({ revenueCatApiKey: Type.String() });
export type IosBillingConfig = Static<typeof IosBillingConfigSchema>;

/** What a webhook endpoint answers: received (and, when `duplicate`, seen before). */
export const WebhookAckSchema = Type.Object({ received: Type.Literal(true), duplicate: Type.Optional(Type.Boolean()) });
export type WebhookAck = Static<typeof WebhookAckSchema>;

/** Spec §9 constants billing and the clients share. */
export const PRO_PRICE_LABEL = '$0.99';
export const FOUNDERS_PRODUCT_ID = 'verepro.founders';
