import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '@vere/test-kit';
import { entitlementEvents, entitlementOf, settle, startBilling, type BillingHarness } from './support/harness';

/**
 * Local mode (no Stripe keys, BILLING_LOCAL_CHECKOUT): the labelled pages stand in for Stripe and
 * change the plan only through signed Stripe-format webhooks to the real endpoint.
 */
let h: BillingHarness;
let off: BillingHarness;
beforeAll(async () => {
  h = await startBilling('vere_billing_local', { localCheckout: true, appUrl: () => 'http://vere.local' });
  off = await startBilling('vere_billing_off', {});
});
afterAll(async () => {
  await h?.close();
  await off?.close();
});

const asUser = (userId: string) => ({ authorization: `Bearer ${h.issuer.sign(userId)}` });

async function checkoutUrl(userId: string): Promise<string> {
  const res = await h.billing.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    payload: { attemptId: randomUUID() },
    headers: asUser(userId),
  });
  expect(res.statusCode).toBe(200);
  return res.json().url;
}

async function portalUrl(userId: string): Promise<string> {
  const res = await h.billing.app.inject({ method: 'POST', url: '/api/billing/portal', headers: asUser(userId) });
  expect(res.statusCode).toBe(200);
  return res.json().url;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** The statuses of the user's subscriptions as (local) Stripe holds them. */
async function localSubscriptionStatuses(userId: string): Promise<string[]> {
  const { rows } = await h.sql.query<{ status: string }>(
    "SELECT data->>'status' AS status FROM billing.local_stripe_object WHERE type = 'subscription' AND data->'metadata'->>'userId' = $1",
    [userId],
  );
  return rows.map((r) => r.status);
}

async function subscribe(userId: string) {
  const url = await checkoutUrl(userId);
  const done = await h.billing.app.inject({ method: 'POST', url: `${url}/complete`, headers: form, payload: '' });
  expect(done.statusCode).toBe(303);
  await settle(h);
  return { url, done };
}

describe('local checkout', () => {
  it('shows a labelled test checkout, and Subscribe makes the user Pro through a signed webhook', async () => {
    const userId = randomUUID();
    const url = await checkoutUrl(userId);
    expect(url).toMatch(/^\/api\/billing\/local\/checkout\/cs_local_/);
    const page = await h.billing.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test checkout — no card is charged');
    expect(page.body).toContain('$0.99');
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });

    const { done } = await subscribe(userId);
    expect(done.headers.location).toMatch(/^http:\/\/vere\.local\/subscription-success\?session_id=cs_local_/);
    expect(await entitlementOf(h, userId)).toMatchObject({
      isActive: true,
      source: 'stripe',
      willRenew: true,
      productId: 'price_local_vere_pro_monthly',
    });
    // It went through the webhook endpoint, as Stripe events, each stored once.
    const { rows } = await h.sql.query<{ type: string }>(
      "SELECT type FROM billing.webhook_event WHERE provider = 'stripe' AND payload::text LIKE $1 ORDER BY received_at",
      [`%${userId}%`],
    );
    expect(rows.map((r) => r.type)).toEqual(['customer.subscription.created', 'checkout.session.completed']);
    expect(await entitlementEvents(h, userId)).toHaveLength(1);
    // Completing again (back button, double submit) changes nothing.
    const again = await h.billing.app.inject({
      method: 'POST',
      url: `${await checkoutUrl(randomUUID())}/complete`,
      headers: form,
      payload: '',
    });
    expect(again.statusCode).toBe(303);
  });

  it('a checkout started before the account was deleted and finished after it makes nobody Pro and stores nothing', async () => {
    const userId = randomUUID();
    const url = await checkoutUrl(userId);
    await deleteUser(h.bus, userId); // handled by every consumer when it returns
    // The page was still open: Subscribe goes through Stripe's webhooks, which carry no access token.
    const done = await h.billing.app.inject({ method: 'POST', url: `${url}/complete`, headers: form, payload: '' });
    expect(done.statusCode).toBe(303);
    await settle(h);
    const { rows } = await h.sql.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM billing.entitlement WHERE user_id = $1) + (SELECT count(*) FROM billing.subscription WHERE user_id = $1)
            + (SELECT count(*) FROM billing.stripe_customer WHERE user_id = $1) AS n`,
      [userId],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    expect(await entitlementEvents(h, userId)).toEqual([]);
    // And the subscription the late checkout made is cancelled at (local) Stripe: nobody pays for a deleted account.
    expect(await localSubscriptionStatuses(userId)).toEqual(['canceled']);
  });

  it('deleting an account cancels its live subscription at Stripe', async () => {
    const userId = randomUUID();
    await subscribe(userId);
    expect(await localSubscriptionStatuses(userId)).toEqual(['active']);
    await deleteUser(h.bus, userId);
    await settle(h);
    expect(await localSubscriptionStatuses(userId)).toEqual(['canceled']);
    await settle(h);
    expect((await h.sql.query('SELECT 1 FROM billing.subscription WHERE user_id = $1', [userId])).rows).toEqual([]);
  });

  it('cancel keeps Pro to the period end; the test clock ends it', async () => {
    const userId = randomUUID();
    await subscribe(userId);
    const portal = await portalUrl(userId);
    const page = await h.billing.app.inject({ method: 'GET', url: portal });
    expect(page.body).toContain('Test billing portal — no card is charged');
    const sub = /data-subscription="([^"]+)"/.exec(page.body)![1];
    expect(
      (await h.billing.app.inject({ method: 'POST', url: `${portal}/${sub}/cancel`, headers: form, payload: '' }))
        .statusCode,
    ).toBe(303);
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true, willRenew: false });
    expect(
      (await h.billing.app.inject({ method: 'POST', url: `${portal}/${sub}/advance`, headers: form, payload: '' }))
        .statusCode,
    ).toBe(303);
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
    expect((await entitlementEvents(h, userId)).map((e) => [e.isActive, e.willRenew])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
  });

  it("another user's subscription is not reachable from your portal (404), and bad ids are refused", async () => {
    const [owner, other] = [randomUUID(), randomUUID()];
    await subscribe(owner);
    const ownerPage = await h.billing.app.inject({ method: 'GET', url: await portalUrl(owner) });
    const ownersSub = /data-subscription="([^"]+)"/.exec(ownerPage.body)![1];
    await subscribe(other);
    const othersPortal = await portalUrl(other);
    const res = await h.billing.app.inject({
      method: 'POST',
      url: `${othersPortal}/${ownersSub}/cancel`,
      headers: form,
      payload: '',
    });
    expect(res.statusCode).toBe(404);
    await settle(h);
    expect(await entitlementOf(h, owner)).toMatchObject({ isActive: true, willRenew: true });

    expect(
      (await h.billing.app.inject({ method: 'GET', url: '/api/billing/local/checkout/cs_local_doesnotexist' }))
        .statusCode,
    ).toBe(404);
    expect((await h.billing.app.inject({ method: 'GET', url: '/api/billing/local/checkout/x' })).statusCode).toBe(400);
    expect(
      (
        await h.billing.app.inject({
          method: 'POST',
          url: `${othersPortal}/${ownersSub}/delete`,
          headers: form,
          payload: '',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await h.billing.app.inject({ method: 'GET', url: '/api/billing/local/portal/bps_local_doesnotexist' }))
        .statusCode,
    ).toBe(404);
  });

  it('a forged webhook cannot use the local secret: the endpoint still verifies signatures', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } });
    const res = await h.billing.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('without Stripe keys and without local checkout (production that lost its keys)', () => {
  it('offers no checkout, no portal, no webhook, no local pages', async () => {
    const headers = { authorization: `Bearer ${off.issuer.sign(randomUUID())}` };
    const checkout = await off.billing.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { attemptId: randomUUID() },
      headers,
    });
    expect([checkout.statusCode, checkout.json().error.code]).toEqual([404, 'PROVIDER_NOT_CONFIGURED']);
    expect((await off.billing.app.inject({ method: 'POST', url: '/api/billing/portal', headers })).statusCode).toBe(
      404,
    );
    expect(
      (
        await off.billing.app.inject({
          method: 'POST',
          url: '/api/billing/webhooks/stripe',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await off.billing.app.inject({
          method: 'POST',
          url: '/api/billing/webhooks/revenuecat',
          payload: { event: { id: 'a', type: 'TEST' } },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await off.billing.app.inject({ method: 'GET', url: '/api/billing/local/checkout/cs_local_abcdefghijkl' }))
        .statusCode,
    ).toBe(404);
    expect(off.billing.checkoutMode).toBe('off');
  });

  it('the export answers 401 without a token', async () => {
    expect((await off.billing.app.inject({ method: 'GET', url: '/api/billing/me/export' })).statusCode).toBe(401);
  });
});
