import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBillingAdmin } from '../src/index';
import { entitlementEvents, entitlementOf, settle, startBilling, type BillingHarness } from './support/harness';
import { RevenueCatStandIn } from './support/revenuecat-stand-in';

const AUTH = 'Bearer rc_webhook_secret_for_tests_0123456789';
const SECRET = 'sk_test_revenuecat_rest_key';
const PRODUCT = 'verepro.founders';
const DAY_MS = 86_400_000;

let h: BillingHarness;
let noKey: BillingHarness;
let rc: RevenueCatStandIn;
beforeAll(async () => {
  rc = await new RevenueCatStandIn(SECRET).start();
  h = await startBilling('vere_billing_rc_sync', {
    revenueCat: { webhookAuth: AUTH, acceptSandbox: false },
    revenueCatApi: { secretKey: SECRET, apiUrl: rc.url },
  });
  noKey = await startBilling('vere_billing_rc_nosync', { revenueCat: { webhookAuth: AUTH, acceptSandbox: false } });
});
afterAll(async () => {
  await h?.close();
  await noKey?.close();
  await rc?.close();
});

/** An App Store purchase through the webhook, paid for 30 days from the harness's now. */
async function purchased(target: BillingHarness, userId: string): Promise<number> {
  const expiresAt = target.clock.now + 30 * DAY_MS;
  const res = await target.billing.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/revenuecat',
    headers: { authorization: AUTH },
    payload: {
      api_version: '1.0',
      event: {
        id: randomUUID(),
        type: 'INITIAL_PURCHASE',
        app_user_id: userId,
        original_app_user_id: userId,
        aliases: [userId],
        product_id: PRODUCT,
        original_transaction_id: `otx-${userId}`,
        environment: 'PRODUCTION',
        store: 'APP_STORE',
        event_timestamp_ms: target.clock.now,
        expiration_at_ms: expiresAt,
      },
    },
  });
  expect(res.statusCode).toBe(200);
  await settle(target);
  expect(await entitlementOf(target, userId)).toMatchObject({ isActive: true, source: 'revenuecat' });
  return expiresAt;
}

const requestsFor = (userId: string) => rc.requests.filter((r) => r.path === `/v1/subscribers/${userId}`);

describe('RevenueCat REST sync when a webhook looks stale', () => {
  it('keeps Pro when RevenueCat says the subscription renewed but the RENEWAL webhook never came', async () => {
    const userId = randomUUID();
    const firstEnd = await purchased(h, userId);
    const renewedTo = new Date(firstEnd + 30 * DAY_MS);
    h.clock.now = firstEnd + 60_000;
    rc.subscription(userId, PRODUCT, { expiresAt: renewedTo }, new Date(h.clock.now));
    await h.billing.processWebhooks();

    // (The service's own worker sweeps too, so a pass of its own may have asked as well.)
    const asked = requestsFor(userId);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.every((r) => r.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(await entitlementOf(h, userId)).toMatchObject({
      isActive: true,
      source: 'revenuecat',
      expirationDate: renewedTo.toISOString(),
      willRenew: true,
    });
    const events = await entitlementEvents(h, userId);
    expect(events.at(-1)).toMatchObject({ isActive: true, expirationDate: renewedTo.toISOString() });
    // The entitlement is current again, so the next sweeps leave it alone.
    await h.billing.processWebhooks();
    expect(requestsFor(userId)).toHaveLength(asked.length);
  });

  it('drops Pro when RevenueCat confirms the subscription expired (cancelled, not renewed)', async () => {
    const userId = randomUUID();
    const end = await purchased(h, userId);
    h.clock.now = end + 60_000;
    rc.subscription(userId, PRODUCT, { expiresAt: new Date(end), cancelled: true }, new Date(h.clock.now));
    await h.billing.processWebhooks();
    expect(requestsFor(userId).length).toBeGreaterThanOrEqual(1);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
    expect((await entitlementEvents(h, userId)).at(-1)).toMatchObject({ isActive: false });
  });

  it('keeps Pro through the grace period RevenueCat reports for a billing issue', async () => {
    const userId = randomUUID();
    const end = await purchased(h, userId);
    h.clock.now = end + 60_000;
    const graceUntil = new Date(end + 16 * DAY_MS);
    rc.subscription(userId, PRODUCT, { expiresAt: new Date(end), graceUntil }, new Date(h.clock.now));
    await h.billing.processWebhooks();
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true, expirationDate: graceUntil.toISOString() });
  });

  it('lets Pro end at its expiry when RevenueCat cannot answer, or answers a sandbox purchase in production', async () => {
    const failing = randomUUID();
    const sandbox = randomUUID();
    const end = Math.max(await purchased(h, failing), await purchased(h, sandbox));
    h.clock.now = end + 60_000;
    rc.fail(failing, 500);
    rc.subscription(sandbox, PRODUCT, { expiresAt: new Date(end + 30 * DAY_MS), sandbox: true }, new Date(h.clock.now));
    await h.billing.processWebhooks();
    expect(requestsFor(failing).length).toBeGreaterThanOrEqual(1);
    expect(requestsFor(sandbox).length).toBeGreaterThanOrEqual(1);
    expect(await entitlementOf(h, failing)).toMatchObject({ isActive: false });
    expect(await entitlementOf(h, sandbox)).toMatchObject({ isActive: false });
  });

  it('does not call RevenueCat without REVENUECAT_SECRET_API_KEY: the entitlement lapses at its expiry', async () => {
    const userId = randomUUID();
    const end = await purchased(noKey, userId);
    noKey.clock.now = end + 60_000;
    rc.subscription(userId, PRODUCT, { expiresAt: new Date(end + 30 * DAY_MS) });
    await noKey.billing.processWebhooks();
    expect(requestsFor(userId)).toHaveLength(0);
    expect(await entitlementOf(noKey, userId)).toMatchObject({ isActive: false });
  });

  it('does not ask RevenueCat about an entitlement from another source (a grant)', async () => {
    const userId = randomUUID();
    const until = new Date(h.clock.now + DAY_MS);
    const grants = await openBillingAdmin(h.db.url, h.logger);
    try {
      await grants.grant({ userId, until, by: 'test', reason: 'founder' });
    } finally {
      await grants.close();
    }
    await settle(h);
    h.clock.now = until.getTime() + 60_000;
    rc.subscription(userId, PRODUCT, { expiresAt: new Date(until.getTime() + 30 * DAY_MS) });
    await h.billing.processWebhooks();
    expect(requestsFor(userId)).toHaveLength(0);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
  });
});
