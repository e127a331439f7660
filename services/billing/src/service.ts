import { UserDeleted } from '@vere/contracts';
import { assembleService, consume, jwksKeys, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { BillingConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { createEntitlementsRepository, eraseEntitlement } from './repositories/entitlements-repository';
import { createStripeCustomersRepository } from './repositories/stripe-customers-repository';
import { createWebhookEventsRepository } from './repositories/webhook-events-repository';
import { entitlementRoutes } from './routes/entitlement';
import { localStripeRoutes } from './routes/local-stripe';
import { revenueCatRoutes } from './routes/revenuecat';
import { STRIPE_WEBHOOK_PATH, stripeRoutes, stripeSessionRoutes } from './routes/stripe';
import { stripeGateway, type StripeGateway } from './stripe/gateway';
import { LocalStripe } from './stripe/local-gateway';
import { applyRevenueCatEvent, type RevenueCatEvent } from './use-cases/revenuecat-events';
import { applyStripeEvent, type StripeEventDeps } from './use-cases/stripe-events';
import type { StripeEventLike } from './stripe/gateway';
import { revenueCatSubscriberReader, syncRevenueCatBeforeLapse } from './use-cases/revenuecat-sync';
import { WebhookWorker } from './webhook-worker';
import { prismaDir } from './prisma-dir';

export interface BillingServiceHandle extends ServiceHandle {
  /** 'stripe' with keys, 'local' for the labelled local checkout, 'off' otherwise. */
  readonly checkoutMode: 'stripe' | 'local' | 'off';
  /** Processes every stored webhook event due now, sweeps expiries and prunes old event ids (the worker does this by itself too). */
  processWebhooks(): Promise<number>;
}

const DEFAULT_GRACE_DAYS = 7;

/** The request's own origin (behind the edge: its forwarded host and scheme, trusted per TRUST_PROXY). */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function createBillingService(
  config: BillingConfig,
  deps: { bus: EventBus; logger: FastifyBaseLogger },
): Promise<BillingServiceHandle> {
  const now = config.now ?? (() => new Date());
  const graceDays = config.graceDays ?? DEFAULT_GRACE_DAYS;
  let worker: WebhookWorker | undefined;
  let gateway: StripeGateway | undefined;

  const handle = await assembleService({
    name: 'billing',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    createPrisma: (adapter) => new PrismaClient({ adapter }),
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async ({ app, prisma, relay }) => {
      const entitlements = createEntitlementsRepository(prisma, () => relay.kick());
      const customers = createStripeCustomersRepository(prisma);
      const webhookEvents = createWebhookEventsRepository(prisma);
      const local = !config.stripe && config.localCheckout ? new LocalStripe(prisma) : undefined;
      gateway = config.stripe ? stripeGateway(config.stripe) : local;

      const stripeDeps: StripeEventDeps | undefined = gateway && { gateway, entitlements, customers, graceDays, now };
      const readSubscriber = config.revenueCatApi && revenueCatSubscriberReader(config.revenueCatApi);
      worker = new WebhookWorker({
        events: webhookEvents, entitlements, logger: deps.logger, now,
        // REVENUECAT_SECRET_API_KEY set: an App Store entitlement past its expiry without a webhook is checked with RevenueCat first.
        beforeLapse: readSubscriber && ((userId, at) => syncRevenueCatBeforeLapse(
          { entitlements, readSubscriber, acceptSandbox: config.revenueCat?.acceptSandbox ?? false, logger: deps.logger }, userId, at)),
        handlers: {
          stripe: async (payload) => {
            if (stripeDeps) await applyStripeEvent(stripeDeps, payload as StripeEventLike);
          },
          revenuecat: (payload) => applyRevenueCatEvent(
            { entitlements, graceDays, acceptSandbox: config.revenueCat?.acceptSandbox ?? false, now }, payload as RevenueCatEvent),
        },
      });
      const onEventStored = () => worker?.kick();
      const appUrl = (request: FastifyRequest) => config.appUrl?.() || requestOrigin(request);
      const stripeOpts = { gateway, checkout: { gateway, customers, entitlements, now }, webhookEvents, onEventStored, appUrl };

      await app.register(entitlementRoutes, { entitlements, now });
      await app.register(stripeRoutes, stripeOpts);
      await app.register(stripeSessionRoutes, stripeOpts);
      await app.register(revenueCatRoutes, {
        webhookAuth: config.revenueCat?.webhookAuth, appleApiKey: config.revenueCatAppleApiKey, webhookEvents, onEventStored,
      });
      if (local) {
        await app.register(localStripeRoutes, { local });
        // The local stand-in posts its signed events to the real endpoint, as Stripe would.
        local.deliverWith(async (payload, signature) => {
          const res = await app.inject({
            method: 'POST', url: STRIPE_WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          });
          if (res.statusCode !== 200) throw new Error(`Local Stripe webhook answered ${res.statusCode}: ${res.body}`);
        });
      }
    },
    // identity.user.deleted.v1: the entitlement and subscriptions go with the account.
    consumers: ({ bus, prisma }) => [
      consume(bus, prisma, 'billing-user-erasure', UserDeleted, (tx, e) => eraseEntitlement(tx, e.userId)),
    ],
  });

  return {
    name: handle.name,
    app: handle.app,
    checkoutMode: gateway?.mode ?? 'off',
    async start() {
      await handle.start();
      worker?.start();
    },
    async close() {
      await worker?.stop();
      await handle.close();
    },
    processWebhooks: () => worker!.runOnce(true),
  };
}
