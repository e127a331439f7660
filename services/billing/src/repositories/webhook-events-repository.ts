import type { Db } from './db';

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
  /** False when the event was stored before (a redelivery). */
  record(db: Db, provider: WebhookProvider, eventId: string, type: string, payload: unknown): Promise<boolean>;
  /** Takes a lease of `leaseMs` on up to `limit` unprocessed events due now, oldest first, counting an attempt on each. */
  claim(db: Db, limit: number, leaseMs: number): Promise<WebhookEventRow[]>;
  markProcessed(db: Db, provider: string, eventId: string): Promise<void>;
  /** Gives the event back with its error, due again at `retryAt`. */
  markFailed(db: Db, provider: string, eventId: string, error: string, retryAt: Date): Promise<void>;
  /** Deletes events processed before `before`; returns how many. */
  deleteProcessedBefore(db: Db, before: Date): Promise<number>;
}

export function createWebhookEventsRepository(): WebhookEventsRepository {
  return {
    async record(db, provider, eventId, type, payload) {
      const inserted = await db.$executeRaw`
        INSERT INTO billing.webhook_event (provider, event_id, type, payload) VALUES (${provider}, ${eventId}, ${type}, ${JSON.stringify(payload)}::jsonb)
        ON CONFLICT (provider, event_id) DO NOTHING`;
      return inserted === 1;
    },
    async claim(db, limit, leaseMs) {
      return db.$queryRaw<WebhookEventRow[]>`
        UPDATE billing.webhook_event SET lease_until = now() + ${leaseMs}::float8 * interval '1 millisecond', attempts = attempts + 1
         WHERE (provider, event_id) IN (
           SELECT provider, event_id FROM billing.webhook_event
            WHERE processed_at IS NULL AND (lease_until IS NULL OR lease_until <= now())
            ORDER BY received_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING provider, event_id AS "eventId", type, payload, attempts`;
    },
    async markProcessed(db, provider, eventId) {
      await db.webhookEvent.update({
        where: { provider_eventId: { provider, eventId } },
        data: { processedAt: new Date(), leaseUntil: null, lastError: null },
      });
    },
    async markFailed(db, provider, eventId, error, retryAt) {
      await db.webhookEvent.update({
        where: { provider_eventId: { provider, eventId } },
        data: { lastError: error.slice(0, 2_000), leaseUntil: retryAt },
      });
    },
    async deleteProcessedBefore(db, before) {
      const { count } = await db.webhookEvent.deleteMany({ where: { processedAt: { lt: before } } });
      return count;
    },
  };
}
