import { randomUUID } from 'node:crypto';
import { deleteUser } from '@vere/test-kit';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementEvents, entitlementOf, settle, startBilling, type BillingHarness } from './support/harness';
import { StripeStandIn } from './support/stripe-stand-in';

const AUTH = 'Bearer rc_webhook_secret_for_tests_0123456789';
const PRODUCT = 'verepro.founders';
const DAY_MS = 86_400_000;

let h: BillingHarness;
let sandboxOk: BillingHarness;
let api: StripeStandIn;
beforeAll(async () => {
  api = await new StripeStandIn().start();
  h = await startBilling('vere_billing_rc', {
    revenueCat: { webhookAuth: AUTH, acceptSandbox: false },
    stripe: { secretKey: 'sk_test_rc', webhookSecret: 'whsec_rc_suite', priceId: 'price_rc', apiUrl: api.url },
    graceDays: 7,
  });
  sandboxOk = await startBilling('vere_billing_rc_sandbox', { revenueCat: { webhookAuth: AUTH, acceptSandbox: true } });
});
afterAll(async () => {
  await h?.close();
  await sandboxOk?.close();
  await api?.close();
});

function rcEvent(type: string, userId: string, over: Record<string, unknown> = {}) {
  return {
    id: randomUUID().toUpperCase(),
    type,
    app_user_id: userId,
    original_app_user_id: userId,
    aliases: [userId],
    product_id: PRODUCT,
    original_transaction_id: `otx-${userId}`,
    environment: 'PRODUCTION',
    store: 'APP_STORE',
    event_timestamp_ms: h.clock.now,
    purchased_at_ms: h.clock.now,
    expiration_at_ms: h.clock.now + 30 * DAY_MS,
    ...over,
  };
}

function post(target: BillingHarness, event: object, authorization: string | null = AUTH) {
  return target.billing.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/revenuecat',
    payload: { api_version: '1.0', event },
    headers: authorization !== null ? { authorization } : {},
  });
}

const stored = async (target: BillingHarness, id: string) =>
  (await target.sql.query('SELECT 1 FROM billing.webhook_event WHERE event_id = $1', [id])).rowCount;

describe('POST /api/billing/webhooks/revenuecat', () => {
  it('refuses a wrong or missing Authorization with 401 and stores nothing', async () => {
    const userId = randomUUID();
    const e = rcEvent('INITIAL_PURCHASE', userId);
    for (const auth of [null, '', 'Bearer wrong', `${AUTH}x`, AUTH.slice(0, -1)]) {
      const res = await post(h, e, auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await stored(h, e.id)).toBe(0);
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
  });

  it('refuses a body that is not a RevenueCat event with 400', async () => {
    for (const payload of [{}, { event: { type: 'RENEWAL' } }, { event: { id: '', type: 'RENEWAL' } }]) {
      const res = await h.billing.app.inject({
        method: 'POST',
        url: '/api/billing/webhooks/revenuecat',
        payload,
        headers: { authorization: AUTH },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses text PostgreSQL cannot store (NUL, a lone surrogate) anywhere in the event with 400, storing nothing', async () => {
    const userId = randomUUID();
    for (const over of [
      { app_user_id: 'a\u0000b' },
      { store: 'APP\ud800STORE' },
      { subscriber_attributes: { $email: { value: 'a\u0000@b.c' } } },
      { 'key\u0000': 1 },
    ]) {
      const event = rcEvent('INITIAL_PURCHASE', userId, over);
      const res = await post(h, event);
      expect(res.statusCode, `${JSON.stringify(over)} → ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(await stored(h, event.id)).toBe(0);
    }
  });

  it('processes each event id once, however often it is sent', async () => {
    const userId = randomUUID();
    const e = rcEvent('INITIAL_PURCHASE', userId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(h, e)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((r) => r.json().duplicate)).toHaveLength(9);
    await settle(h);
    expect(await stored(h, e.id)).toBe(1);
    expect(await entitlementEvents(h, userId)).toHaveLength(1);
  });

  it('lifecycle: purchase → renewal → billing issue (grace) → cancellation (Pro kept) → expiration', async () => {
    const userId = randomUUID();
    const t0 = Date.now();
    h.clock.now = t0;
    const iso = (ms: number) => new Date(ms).toISOString();
    await post(h, rcEvent('INITIAL_PURCHASE', userId, { event_timestamp_ms: t0, expiration_at_ms: t0 + 30 * DAY_MS }));
    await settle(h);
    expect(await entitlementOf(h, userId)).toEqual({
      isActive: true,
      productId: PRODUCT,
      expirationDate: iso(t0 + 30 * DAY_MS),
      willRenew: true,
      source: 'revenuecat',
    });

    h.clock.now = t0 + 30 * DAY_MS - 60_000;
    await post(h, rcEvent('RENEWAL', userId, { event_timestamp_ms: h.clock.now, expiration_at_ms: t0 + 60 * DAY_MS }));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true, expirationDate: iso(t0 + 60 * DAY_MS) });

    h.clock.now = t0 + 60 * DAY_MS - 60_000;
    await post(
      h,
      rcEvent('BILLING_ISSUE', userId, {
        event_timestamp_ms: h.clock.now,
        expiration_at_ms: t0 + 60 * DAY_MS,
        grace_period_expiration_at_ms: t0 + 76 * DAY_MS,
      }),
    );
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true, expirationDate: iso(t0 + 76 * DAY_MS) });

    h.clock.now = t0 + 62 * DAY_MS;
    await post(h, rcEvent('RENEWAL', userId, { event_timestamp_ms: h.clock.now, expiration_at_ms: t0 + 92 * DAY_MS }));
    // Applied before the cancellation is sent: two stored events can be taken by two workers at once
    // (here the background one and settle's), and a renewal applied after the newer cancellation is
    // stale, changes nothing and sends no event (CI once counted five events, not six).
    await settle(h);
    await post(
      h,
      rcEvent('CANCELLATION', userId, { event_timestamp_ms: h.clock.now + 1_000, expiration_at_ms: t0 + 92 * DAY_MS }),
    );
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({
      isActive: true,
      expirationDate: iso(t0 + 92 * DAY_MS),
      willRenew: false,
    });

    // A stale RENEWAL redelivered after the cancellation changes nothing.
    await post(
      h,
      rcEvent('RENEWAL', userId, { event_timestamp_ms: h.clock.now - 5_000, expiration_at_ms: t0 + 92 * DAY_MS }),
    );
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ willRenew: false });

    h.clock.now = t0 + 92 * DAY_MS + 1_000;
    await post(
      h,
      rcEvent('EXPIRATION', userId, { event_timestamp_ms: h.clock.now, expiration_at_ms: t0 + 92 * DAY_MS }),
    );
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
    expect((await entitlementEvents(h, userId)).map((e) => e.isActive)).toEqual([true, true, true, true, true, false]);
    h.clock.now = Date.now();
  });

  it('ignores SANDBOX events in production, and applies them where sandbox is accepted', async () => {
    const userId = randomUUID();
    sandboxOk.clock.now = h.clock.now = Date.now();
    const e = rcEvent('INITIAL_PURCHASE', userId, { environment: 'SANDBOX' });
    expect((await post(h, e)).statusCode).toBe(200);
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
    expect((await post(sandboxOk, e)).statusCode).toBe(200);
    await settle(sandboxOk);
    expect(await entitlementOf(sandboxOk, userId)).toMatchObject({ isActive: true, source: 'revenuecat' });
  });

  it('TRANSFER moves the App Store subscription to the new user', async () => {
    const [from, to] = [randomUUID(), randomUUID()];
    h.clock.now = Date.now();
    await post(h, rcEvent('INITIAL_PURCHASE', from));
    await settle(h);
    await post(h, {
      id: randomUUID(),
      type: 'TRANSFER',
      transferred_from: [from],
      transferred_to: [to],
      event_timestamp_ms: h.clock.now + 1,
      environment: 'PRODUCTION',
    });
    await settle(h);
    expect(await entitlementOf(h, from)).toMatchObject({ isActive: false });
    expect(await entitlementOf(h, to)).toMatchObject({ isActive: true, source: 'revenuecat' });
  });
});

describe('a deleted account', () => {
  const rowsOf = async (userId: string) => {
    const { rows } = await h.sql.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM billing.entitlement WHERE user_id = $1) + (SELECT count(*) FROM billing.subscription WHERE user_id = $1) AS n`,
      [userId],
    );
    return Number(rows[0]!.n);
  };

  it('gets no Pro and no row from a purchase the store reports after the deletion', async () => {
    const userId = randomUUID();
    h.clock.now = Date.now();
    await deleteUser(h.bus, userId);
    expect((await post(h, rcEvent('INITIAL_PURCHASE', userId))).statusCode).toBe(200);
    await settle(h);
    expect(await rowsOf(userId)).toBe(0);
    expect(await entitlementEvents(h, userId)).toEqual([]);
  });

  it('receives nothing from a TRANSFER: the purchases end with the user they leave', async () => {
    const [from, to] = [randomUUID(), randomUUID()];
    h.clock.now = Date.now();
    await post(h, rcEvent('INITIAL_PURCHASE', from));
    await settle(h);
    await deleteUser(h.bus, to);
    await post(h, {
      id: randomUUID(),
      type: 'TRANSFER',
      transferred_from: [from],
      transferred_to: [to],
      event_timestamp_ms: h.clock.now + 1,
      environment: 'PRODUCTION',
    });
    await settle(h);
    expect(await entitlementOf(h, from)).toMatchObject({ isActive: false });
    expect(await rowsOf(to)).toBe(0);
  });
});

describe('a user with both a web and an App Store subscription', () => {
  it('stays Pro until both lapse', async () => {
    const userId = randomUUID();
    const t0 = Date.now();
    h.clock.now = t0;
    const secs = (ms: number) => Math.floor(ms / 1000);
    // App Store until day 10; web until day 30.
    await post(h, rcEvent('INITIAL_PURCHASE', userId, { event_timestamp_ms: t0, expiration_at_ms: t0 + 10 * DAY_MS }));
    const sub = {
      id: `sub_both_${userId}`,
      object: 'subscription' as const,
      customer: `cus_both_${userId}`,
      status: 'active',
      cancel_at_period_end: true,
      ended_at: null,
      metadata: { userId },
      items: {
        object: 'list' as const,
        data: [
          {
            id: 'si_both',
            current_period_start: secs(t0),
            current_period_end: secs(t0 + 30 * DAY_MS),
            price: { id: 'price_rc' },
          },
        ],
      },
    };
    api.subscriptions.set(sub.id, sub);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: secs(t0),
      data: { object: sub },
    });
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_rc_suite' });
    expect(
      (
        await h.billing.app.inject({
          method: 'POST',
          url: '/api/billing/webhooks/stripe',
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        })
      ).statusCode,
    ).toBe(200);
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({
      isActive: true,
      source: 'stripe',
      expirationDate: new Date(secs(t0 + 30 * DAY_MS) * 1000).toISOString(),
    });

    // The App Store one expires: still Pro through the web one.
    h.clock.now = t0 + 11 * DAY_MS;
    await post(
      h,
      rcEvent('EXPIRATION', userId, { event_timestamp_ms: h.clock.now, expiration_at_ms: t0 + 10 * DAY_MS }),
    );
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true, source: 'stripe' });

    // The web one's period passes too: free, and the sweep publishes it.
    h.clock.now = t0 + 31 * DAY_MS;
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
    expect((await entitlementEvents(h, userId)).at(-1)).toMatchObject({ isActive: false });
    h.clock.now = Date.now();
  });
});

describe('GET /api/billing/ios/config', () => {
  it('hands the iOS app the public SDK key when configured, to signed-in users only', async () => {
    const withKey = await startBilling('vere_billing_ios_config', { revenueCatAppleApiKey: 'appl_public_test_key' });
    try {
      const ok = await withKey.billing.app.inject({
        method: 'GET',
        url: '/api/billing/ios/config',
        headers: { authorization: `Bearer ${withKey.issuer.sign(randomUUID())}` },
      });
      expect(ok.json()).toEqual({ revenueCatApiKey: 'appl_public_test_key' });
      expect((await withKey.billing.app.inject({ method: 'GET', url: '/api/billing/ios/config' })).statusCode).toBe(
        401,
      );
    } finally {
      await withKey.close();
    }
    const missing = await h.billing.app.inject({
      method: 'GET',
      url: '/api/billing/ios/config',
      headers: { authorization: `Bearer ${h.issuer.sign(randomUUID())}` },
    });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'PROVIDER_NOT_CONFIGURED']);
  });
});
