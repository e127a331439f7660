import { createHash, timingSafeEqual } from 'node:crypto';
import { IosBillingConfigSchema, isStorableJson, SingleLine, WebhookAckSchema } from '@vere/contracts';
import { AppError, type ServiceApp } from '@vere/service-kit';
import { Type } from 'typebox';
import type { BillingDeps } from '../use-cases/deps';
import { receiveWebhookEvent } from '../use-cases/webhook-events';

export const REVENUECAT_WEBHOOK_PATH = '/api/billing/webhooks/revenuecat';

const Body = Type.Object(
  {
    api_version: Type.Optional(SingleLine(20)),
    event: Type.Object(
      {
        id: SingleLine(200, { minLength: 1 }),
        type: SingleLine(60, { minLength: 1 }),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);

/** Equal-length digests, so neither the content nor the length of the secret leaks through timing. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function revenueCatRoutes(
  app: ServiceApp,
  opts: {
    deps: BillingDeps;
    webhookAuth: string | undefined;
    appleApiKey: string | undefined;
    onEventStored: () => void;
  },
): Promise<void> {
  app.get(
    '/api/billing/ios/config',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['ios'],
        summary: 'RevenueCat SDK configuration for the iOS app (a public key)',
        security: [{ bearer: [] }],
        response: { 200: IosBillingConfigSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async () => {
      if (!opts.appleApiKey)
        throw new AppError('PROVIDER_NOT_CONFIGURED', 'App Store purchases are not set up on this server.');
      return { revenueCatApiKey: opts.appleApiKey };
    },
  );

  app.post(
    REVENUECAT_WEBHOOK_PATH,
    {
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['webhooks'],
        summary:
          'RevenueCat webhook (App Store): Authorization checked, each event id stored once, processed after the 2xx',
        body: Body,
        response: {
          200: WebhookAckSchema,
          400: { $ref: 'ErrorBody#' },
          401: { $ref: 'ErrorBody#' },
          404: { $ref: 'ErrorBody#' },
        },
      },
      // Authorization before the body is even validated: a stranger learns nothing about the format.
      preValidation: async (request) => {
        if (!opts.webhookAuth)
          throw new AppError('PROVIDER_NOT_CONFIGURED', 'RevenueCat is not set up on this server.');
        if (!sameSecret(request.headers.authorization, opts.webhookAuth))
          throw new AppError('UNAUTHENTICATED', 'Wrong webhook authorization.');
      },
    },
    async (request) => {
      const { event } = request.body;
      // The event is stored whole, fields no schema lists included: PostgreSQL would refuse them with a 500.
      if (!isStorableJson(event))
        throw new AppError('VALIDATION_FAILED', 'The event holds a NUL or a lone surrogate.', 'event');
      const stored = await receiveWebhookEvent(opts.deps, 'revenuecat', event);
      if (stored) opts.onEventStored();
      return stored ? { received: true as const } : { received: true as const, duplicate: true };
    },
  );
}
