import type { Transaction } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../repositories/db';
import type { EntitlementsRepository } from '../repositories/entitlements-repository';
import type { StripeCancellationsRepository } from '../repositories/stripe-cancellations-repository';
import type { StripeCustomersRepository } from '../repositories/stripe-customers-repository';
import type { WebhookEventsRepository } from '../repositories/webhook-events-repository';
import type { StripeGateway } from '../stripe/gateway';
import type { RevenueCatSubscriberInfo } from './revenuecat-sync';

/** What billing's use cases receive; src/service.ts wires it once. */
export interface BillingDeps {
  /** The Prisma client: reads, and single statements that need no transaction of their own. */
  db: Db;
  /** The unit of work: what must commit together (state and its events) runs in one `transaction(async (tx) => …)`. */
  transaction: Transaction<Db>;
  entitlements: EntitlementsRepository;
  customers: StripeCustomersRepository;
  /** Stripe subscriptions of deleted accounts still to cancel at Stripe. */
  cancellations: StripeCancellationsRepository;
  webhookEvents: WebhookEventsRepository;
  /** Stripe (keys set), the labelled local stand-in (local mode), or none. */
  gateway: StripeGateway | undefined;
  /** RevenueCat's REST API (REVENUECAT_SECRET_API_KEY set): asked before an App Store entitlement lapses without a webhook. */
  readSubscriber: ((appUserId: string) => Promise<RevenueCatSubscriberInfo>) | undefined;
  /** Days Pro is kept after a failed renewal payment while the store retries. */
  graceDays: number;
  /** Whether RevenueCat SANDBOX events and purchases count. */
  acceptSandbox: boolean;
  now: () => Date;
  logger: FastifyBaseLogger;
}
