import { VerifierEnv, verifierConfig, type VerifierConfig } from '@vere/service-kit';
import { Type, type Static, type TObject } from 'typebox';

/** billing's variables on top of what every token-verifying service reads. */
export const BillingEnv = {
  ...VerifierEnv,
  /** Stripe secret key (sk_live_… / sk_test_…). With STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID: real web checkout. */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** The webhook endpoint's signing secret (whsec_…) for POST /api/billing/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** The $0.99/month price (price_…). */
  STRIPE_PRICE_ID: Type.Optional(Type.String({ minLength: 1 })),
  /** Another Stripe API address (tests point it at a stand-in); default Stripe's. */
  STRIPE_API_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /**
   * Without Stripe keys: serve the labelled local checkout and portal ("Test checkout — no card is
   * charged"). Off by default, so a production deployment that lost its keys never hands out Pro.
   */
  BILLING_LOCAL_CHECKOUT: Type.Boolean({ default: false }),
  /** The value RevenueCat sends in `Authorization` to POST /api/billing/webhooks/revenuecat. Absent: that endpoint answers 404. */
  REVENUECAT_WEBHOOK_AUTH: Type.Optional(Type.String({ minLength: 16 })),
  /** RevenueCat's public App Store SDK key (appl_…), handed to the iOS app by GET /api/billing/ios/config. */
  REVENUECAT_APPLE_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * RevenueCat's secret API key (sk_…), for its REST API: an App Store entitlement past its expiry with no
   * EXPIRATION or RENEWAL webhook is checked with GET /v1/subscribers/{id} before Pro is dropped. Absent: no sync.
   */
  REVENUECAT_SECRET_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Another RevenueCat API address (tests point it at a stand-in); default RevenueCat's. */
  REVENUECAT_API_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Accept RevenueCat SANDBOX events (test purchases). Off in production. */
  REVENUECAT_ACCEPT_SANDBOX: Type.Boolean({ default: false }),
  /** Days Pro is kept after a failed renewal payment while the store retries. */
  BILLING_GRACE_DAYS: Type.Integer({ minimum: 0, maximum: 60, default: 7 }),
  /** Public origin of the app, for Checkout's return addresses. Absent: the request's own origin. */
  APP_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
};

export interface BillingConfig extends VerifierConfig {
  stripe?: { secretKey: string; webhookSecret: string; priceId: string; apiUrl?: string };
  localCheckout?: boolean;
  revenueCat?: { webhookAuth: string; acceptSandbox: boolean };
  /** RevenueCat's public App Store SDK key for the iOS app. */
  revenueCatAppleApiKey?: string;
  /** RevenueCat's REST API (the stale-webhook sync); absent: no sync. */
  revenueCatApi?: { secretKey: string; apiUrl?: string };
  graceDays?: number;
  /** Public origin (a function: the local launcher learns its port after listening). */
  appUrl?: () => string;
  /** Tests move time; default the wall clock. */
  now?: () => Date;
}

export function billingConfig(env: Static<TObject<typeof BillingEnv>>): BillingConfig {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: priceId } = env;
  const some = [secretKey, webhookSecret, priceId].filter(Boolean).length;
  if (some > 0 && some < 3)
    throw new Error('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID go together: set all three or none');
  const appUrl = env.APP_URL;
  return {
    ...verifierConfig(env),
    stripe:
      secretKey && webhookSecret && priceId
        ? { secretKey, webhookSecret, priceId, apiUrl: env.STRIPE_API_URL }
        : undefined,
    localCheckout: env.BILLING_LOCAL_CHECKOUT,
    revenueCat: env.REVENUECAT_WEBHOOK_AUTH
      ? { webhookAuth: env.REVENUECAT_WEBHOOK_AUTH, acceptSandbox: env.REVENUECAT_ACCEPT_SANDBOX }
      : undefined,
    revenueCatAppleApiKey: env.REVENUECAT_APPLE_API_KEY,
    revenueCatApi: env.REVENUECAT_SECRET_API_KEY
      ? { secretKey: env.REVENUECAT_SECRET_API_KEY, apiUrl: env.REVENUECAT_API_URL }
      : undefined,
    graceDays: env.BILLING_GRACE_DAYS,
    appUrl: appUrl ? () => appUrl : undefined,
  };
}
