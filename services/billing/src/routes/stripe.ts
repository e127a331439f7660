import { CheckoutBodySchema, isStorableJson, RedirectUrlSchema, WebhookAckSchema } from '@vere/contracts';
import { AppError, type ServiceApp } from '@vere/service-kit';
import type { FastifyRequest } from 'fastify';
import { openPortal, startCheckout } from '../use-cases/checkout';
import type { BillingDeps } from '../use-cases/deps';
import { receiveWebhookEvent } from '../use-cases/webhook-events';

export const STRIPE_WEBHOOK_PATH = '/api/billing/webhooks/stripe';
/** Stripe's events are small; this leaves room for a large invoice. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export interface StripeRoutesOptions {
  deps: BillingDeps;
  /** Called after a new event is stored: the worker processes it after the 2xx. */
  onEventStored: () => void;
  appUrl: (request: FastifyRequest) => string;
}

export async function stripeRoutes(app: ServiceApp, opts: StripeRoutesOptions): Promise<void> {
  // The signature covers the exact bytes Stripe sent: keep them (this plugin's JSON parser only).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.post(
    STRIPE_WEBHOOK_PATH,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['webhooks'],
        summary:
          'Stripe webhook: signature checked over the raw body (300 s tolerance), each event id stored once, processed after the 2xx',
        response: { 200: WebhookAckSchema, 400: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => {
      const gateway = opts.deps.gateway;
      if (!gateway) throw new AppError('PROVIDER_NOT_CONFIGURED', 'Stripe is not set up on this server.');
      if (!Buffer.isBuffer(request.body))
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'A Stripe webhook is a signed JSON body.');
      let event;
      try {
        event = gateway.verify(request.body, request.headers['stripe-signature']);
      } catch {
        throw new AppError(
          'WEBHOOK_SIGNATURE_INVALID',
          'The Stripe signature does not match this body, or is too old.',
        );
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string')
        throw new AppError('BAD_REQUEST', 'Not a Stripe event.');
      // Stored whole as jsonb: PostgreSQL would refuse these with a 500.
      if (!isStorableJson(event))
        throw new AppError('VALIDATION_FAILED', 'The event holds a NUL or a lone surrogate.', 'event');
      const stored = await receiveWebhookEvent(opts.deps, 'stripe', event);
      if (stored) opts.onEventStored();
      return stored ? { received: true as const } : { received: true as const, duplicate: true };
    },
  );
}

/** Checkout and portal: JSON bodies parsed as usual (a separate plugin from the raw webhook parser). */
export async function stripeSessionRoutes(app: ServiceApp, opts: StripeRoutesOptions): Promise<void> {
  app.post(
    '/api/billing/checkout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: 'Start a Checkout Session for Vere Pro ($0.99/month)',
        security: [{ bearer: [] }],
        body: CheckoutBodySchema,
        response: {
          200: RedirectUrlSchema,
          400: { $ref: 'ErrorBody#' },
          401: { $ref: 'ErrorBody#' },
          404: { $ref: 'ErrorBody#' },
          409: { $ref: 'ErrorBody#' },
        },
      },
    },
    async (request) => startCheckout(opts.deps, request.userId, request.body.attemptId, opts.appUrl(request)),
  );

  app.post(
    '/api/billing/portal',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: "Open the customer portal for the signed-in user's web subscription",
        security: [{ bearer: [] }],
        response: { 200: RedirectUrlSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => openPortal(opts.deps, request.userId, opts.appUrl(request)),
  );
}
