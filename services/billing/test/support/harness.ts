import { startTestIssuer, type TestIssuer } from '@vere/test-kit';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { createInProcessEventBus, type EventBus } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { createBillingService, type BillingConfig, type BillingServiceHandle } from '../../src/index';

export interface Harness {
  db: TestDatabase;
  bus: EventBus;
  issuer: TestIssuer;
  billing: BillingServiceHandle;
  sql: pg.Pool;
  clock: { now: number };
  close(): Promise<void>;
}

/** billing fully wired on a fresh database, with a clock the test moves. */
export async function startBilling(name: string, config: Partial<BillingConfig> = {}): Promise<Harness> {
  const db = await createTestDatabase(name);
  const issuer = await startTestIssuer();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  const bus = createInProcessEventBus({ databaseUrl: db.url, logger });
  const clock = { now: Date.now() };
  const billing = await createBillingService(
    { databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl, now: () => new Date(clock.now), ...config },
    { bus, logger },
  );
  await billing.start();
  const sql = new pg.Pool({ connectionString: db.url });
  return {
    db, bus, issuer, billing, sql, clock,
    async close() {
      await billing.close();
      await bus.close();
      await issuer.close();
      await sql.end();
      await db.drop();
    },
  };
}

/** Waits until every stored webhook event has been processed (the worker runs on its own). */
export async function settle(h: Harness, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await h.billing.processWebhooks();
    const { rows } = await h.sql.query<{ n: string }>('SELECT count(*) AS n FROM billing.webhook_event WHERE processed_at IS NULL');
    if (Number(rows[0]!.n) === 0) return;
    if (Date.now() > until) throw new Error(`${rows[0]!.n} webhook events still unprocessed`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function entitlementOf(h: Harness, userId: string) {
  const res = await h.billing.app.inject({ method: 'GET', url: '/api/billing/me/entitlement', headers: { authorization: `Bearer ${h.issuer.sign(userId)}` } });
  return res.json();
}

/** billing.entitlement.changed.v1 rows written for the user, oldest first. */
export async function entitlementEvents(h: Harness, userId: string) {
  const { rows } = await h.sql.query<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM billing.outbox_event WHERE subject = 'billing.entitlement.changed.v1' AND payload->>'userId' = $1 ORDER BY occurred_at`,
    [userId],
  );
  return rows.map((r) => r.payload);
}
