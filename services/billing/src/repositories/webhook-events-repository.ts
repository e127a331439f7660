import type { PrismaClient } from '../generated/prisma/client';

export type WebhookProvider = 'stripe' | 'revenuecat';

export interface WebhookEventRow {
  provider: string;
  eventId: string;
  type: string;
  payload: unknown;
  attempts: number;
}

/** The verified webhook events, each stored once (primary key provider + event id). */
export interface WebhookEventsRepository {
  /** False when the event was stored before (a redelivery): nothing else happens for it. */
  record(provider: WebhookProvider, eventId: string, type: string, payload: unknown): Promise<boolean>;
  /** Takes a lease on up to `limit` unprocessed events due now, oldest first. */
  claim(limit: number, leaseMs: number): Promise<WebhookEventRow[]>;
  markProcessed(provider: string, eventId: string): Promise<void>;
  /** Gives the event back with its error; it is tried again after `retryInMs`. */
  markFailed(provider: string, eventId: string, error: string, retryInMs: number): Promise<void>;
  /** Deletes processed events older than `olderThanMs` (they only guard against redelivery); returns how many. */
  prune(olderThanMs: number): Promise<number>;
}

export function createWebhookEventsRepository(prisma: PrismaClient): WebhookEventsRepository {
  return {
    async record(provider, eventId, type, payload) {
      const inserted = await prisma.$executeRaw`
        INSERT INTO billing.webhook_event (provider, event_id, type, payload) VALUES (${provider}, ${eventId}, ${type}, ${JSON.stringify(payload)}::jsonb)
        ON CONFLICT (provider, event_id) DO NOTHING`;
      return inserted === 1;
    },
    async claim(limit, leaseMs) {
      return prisma.$queryRaw<WebhookEventRow[]>`
        UPDATE billing.webhook_event SET lease_until = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = attempts + 1
         WHERE (provider, event_id) IN (
           SELECT provider, event_id FROM billing.webhook_event
            WHERE processed_at IS NULL AND (lease_until IS NULL OR lease_until <= now())
            ORDER BY received_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING provider, event_id AS "eventId", type, payload, attempts`;
    },
    async markProcessed(provider, eventId) {
      await prisma.webhookEvent.update({ where: { provider_eventId: { provider, eventId } }, data: { processedAt: new Date(), leaseUntil: null, lastError: null } });
    },
    async prune(olderThanMs) {
      const { count } = await prisma.webhookEvent.deleteMany({ where: { processedAt: { lt: new Date(Date.now() - olderThanMs) } } });
      return count;
    },
    async markFailed(provider, eventId, error, retryInMs) {
      await prisma.webhookEvent.update({
        where: { provider_eventId: { provider, eventId } },
        data: { lastError: error.slice(0, 2_000), leaseUntil: new Date(Date.now() + retryInMs) },
      });
    },
  };
}
