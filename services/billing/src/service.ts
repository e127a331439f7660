import { UserDeleted } from '@vere/contracts';
import {
  assembleService,
  consume,
  jwksKeys,
  PRISMA_CLIENT_OPTIONS,
  prismaTransactions,
  type EventBus,
  type ServiceHandle,
} from '@vere/service-kit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { BillingConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { prismaDir } from './prisma-dir';
import { createEntitlementsRepository } from './repositories/entitlements-repository';
import { createLocalStripeObjectsRepository } from './repositories/local-stripe-objects-repository';
import { createStripeCancellationsRepository } from './repositories/stripe-cancellations-repository';
import { createStripeCustomersRepository } from './repositories/stripe-customers-repository';
import { createWebhookEventsRepository } from './repositories/webhook-events-repository';
import { entitlementRoutes } from './routes/entitlement';
import { localStripeRoutes } from './routes/local-stripe';
import { revenueCatRoutes } from './routes/revenuecat';
import { STRIPE_WEBHOOK_PATH, stripeRoutes, stripeSessionRoutes } from './routes/stripe';
import { stripeGateway } from './stripe/gateway';
import { LocalStripe } from './stripe/local-gateway';
import type { BillingDeps } from './use-cases/deps';
import { eraseBillingData } from './use-cases/entitlement';
import { DEFAULT_GRACE_DAYS } from './use-cases/entitlement-rules';
import { revenueCatSubscriberReader } from './use-cases/revenuecat-sync';
import { WebhookWorker } from './webhook-worker';

export interface BillingServiceHandle extends ServiceHandle {
  /** 'stripe' with keys, 'local' for the labelled local checkout, 'off' otherwise. */
  readonly checkoutMode: 'stripe' | 'local' | 'off';
  /** Processes every stored webhook event due now, sweeps expiries and prunes old event ids (the worker does this by itself too). */
  processWebhooks(): Promise<number>;
}

/** The request's own origin (behind the edge: its forwarded host and scheme, trusted per TRUST_PROXY). */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function createBillingService(
  config: BillingConfig,
  deps: { bus: EventBus; logger: FastifyBaseLogger },
): Promise<BillingServiceHandle> {
  let worker: WebhookWorker | undefined;
  let billing: BillingDeps | undefined;

  const handle = await assembleService({
    name: 'billing',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    // errorFormat 'minimal' and the transactions' waits: service-kit's PRISMA_CLIENT_OPTIONS.
    createPrisma: (adapter) => new PrismaClient({ adapter, ...PRISMA_CLIENT_OPTIONS }),
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async ({ app, prisma, relay }) => {
      const local =
        !config.stripe && config.localCheckout
          ? new LocalStripe(prisma, createLocalStripeObjectsRepository())
          : undefined;
      billing = {
        db: prisma,
        transaction: prismaTransactions(prisma, { schema: 'billing', relay }),
        entitlements: createEntitlementsRepository(),
        customers: createStripeCustomersRepository(),
        cancellations: createStripeCancellationsRepository(),
        webhookEvents: createWebhookEventsRepository(),
        gateway: config.stripe ? stripeGateway(config.stripe) : local,
        readSubscriber: config.revenueCatApi && revenueCatSubscriberReader(config.revenueCatApi),
        graceDays: config.graceDays ?? DEFAULT_GRACE_DAYS,
        acceptSandbox: config.revenueCat?.acceptSandbox ?? false,
        now: config.now ?? (() => new Date()),
        logger: deps.logger,
      };
      const webhooks = new WebhookWorker(billing);
      worker = webhooks;
      const onEventStored = () => webhooks.kick();
      const appUrl = (request: FastifyRequest) => config.appUrl?.() || requestOrigin(request);
      const stripeOpts = { deps: billing, onEventStored, appUrl };

      await app.register(entitlementRoutes, { deps: billing });
      await app.register(stripeRoutes, stripeOpts);
      await app.register(stripeSessionRoutes, stripeOpts);
      await app.register(revenueCatRoutes, {
        deps: billing,
        webhookAuth: config.revenueCat?.webhookAuth,
        appleApiKey: config.revenueCatAppleApiKey,
        onEventStored,
      });
      if (local) {
        await app.register(localStripeRoutes, { local });
        // The local stand-in posts its signed events to the real endpoint, as Stripe would.
        local.deliverWith(async (payload, signature) => {
          const res = await app.inject({
            method: 'POST',
            url: STRIPE_WEBHOOK_PATH,
            payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          });
          if (res.statusCode !== 200) throw new Error(`Local Stripe webhook answered ${res.statusCode}: ${res.body}`);
        });
      }
    },
    // identity.user.deleted.v1: the entitlement and subscriptions go with the account.
    consumers: ({ bus }) => [
      consume(bus, billing!.transaction, 'billing-user-erasure', UserDeleted, (tx, e) =>
        eraseBillingData(billing!, tx, e.userId),
      ),
    ],
  });

  return {
    name: handle.name,
    app: handle.app,
    checkoutMode: billing?.gateway?.mode ?? 'off',
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
