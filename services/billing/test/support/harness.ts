import { createInProcessEventBus, type InProcessEventBus } from '@vere/service-kit';
import { startServiceHarness, type ServiceHarness, type ServiceHarnessContext } from '@vere/test-kit';
import { createBillingService, type BillingConfig, type BillingServiceHandle } from '../../src/index';
import { prismaDir } from '../../src/prisma-dir';

export interface BillingHarness extends ServiceHarness<BillingServiceHandle, InProcessEventBus> {
  billing: BillingServiceHandle;
}

/** billing as the tests build it: every rule reads the harness's clock. */
function createBilling(
  { db, bus, issuer, logger, clock }: ServiceHarnessContext<InProcessEventBus>,
  config: Partial<BillingConfig>,
) {
  return createBillingService(
    { databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl, now: clock, ...config },
    { bus, logger },
  );
}

/** billing fully wired on a fresh database (`name`: the database's prefix), its clock at the present. */
export async function startBilling(name: string, config: Partial<BillingConfig> = {}): Promise<BillingHarness> {
  const h = await startServiceHarness({
    name,
    migrations: { schema: 'billing', prismaDir: prismaDir() },
    bus: ({ db, logger }) => createInProcessEventBus({ databaseUrl: db.url, logger }),
    create: (ctx) => createBilling(ctx, config),
  });
  return { ...h, billing: h.service };
}

/** Waits until every stored webhook event has been processed (the worker runs on its own). */
export async function settle(h: BillingHarness, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await h.billing.processWebhooks();
    const { rows } = await h.sql.query<{ n: string }>(
      'SELECT count(*) AS n FROM billing.webhook_event WHERE processed_at IS NULL',
    );
    if (Number(rows[0]!.n) === 0) return;
    if (Date.now() > until) throw new Error(`${rows[0]!.n} webhook events still unprocessed`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function entitlementOf(h: BillingHarness, userId: string) {
  return (await h.as(userId)('GET', '/api/billing/me/entitlement')).json();
}

/** billing.entitlement.changed.v1 rows written for the user, oldest first. */
export async function entitlementEvents(h: BillingHarness, userId: string) {
  const { rows } = await h.sql.query<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM billing.outbox_event WHERE subject = 'billing.entitlement.changed.v1' AND payload->>'userId' = $1 ORDER BY occurred_at`,
    [userId],
  );
  return rows.map((r) => r.payload);
}
