import { randomUUID } from 'node:crypto';
import { deleteUser } from '@vere/test-kit';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementEvents, entitlementOf, settle, startBilling, type BillingHarness } from './support/harness';
import { StripeStandIn, type StandInSubscription } from './support/stripe-stand-in';

const SECRET = 'whsec_test_billing_suite';
const PRICE = 'price_test_pro_monthly';
const DAY = 86_400;
const stripe = new Stripe('sk_test_signing_only');

let h: BillingHarness;
let api: StripeStandIn;
beforeAll(async () => {
  api = await new StripeStandIn().start();
  h = await startBilling('vere_billing_stripe', {
    stripe: { secretKey: 'sk_test_suite', webhookSecret: SECRET, priceId: PRICE, apiUrl: api.url },
    graceDays: 7,
    appUrl: () => 'https://vere.test',
  });
});
afterAll(async () => {
  await h?.close();
  await api?.close();
});

const secs = (ms: number) => Math.floor(ms / 1000);
let seq = 0;

function event(type: string, object: object, created = secs(h.clock.now)) {
  return { id: `evt_${randomUUID()}`, object: 'event', type, created, livemode: false, data: { object } };
}

function post(payload: string, signature: string | undefined) {
  return h.billing.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

/** Sends the event as Stripe does: the exact JSON bytes, signed with the endpoint secret. */
async function send(e: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(e, null, 2);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp,
  });
  return post(payload, signature);
}

/** A subscription as Stripe would hold it, put in the stand-in (what billing retrieves). */
function subscription(
  userId: string,
  customer: string,
  over: Partial<StandInSubscription> & { start?: number; end?: number } = {},
) {
  const start = over.start ?? secs(h.clock.now);
  const sub: StandInSubscription = {
    id: over.id ?? `sub_${++seq}`,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    ended_at: null,
    metadata: { userId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${seq}`,
          current_period_start: start,
          current_period_end: over.end ?? start + 30 * DAY,
          price: { id: PRICE },
        },
      ],
    },
    ...over,
  };
  delete (sub as { start?: number }).start;
  delete (sub as { end?: number }).end;
  api.subscriptions.set(sub.id, sub);
  return sub;
}

const storedEvents = async (id: string) =>
  (await h.sql.query('SELECT 1 FROM billing.webhook_event WHERE event_id = $1', [id])).rowCount;
const invoice = (sub: StandInSubscription, status: string) => ({
  id: `in_${++seq}`,
  object: 'invoice',
  status,
  customer: sub.customer,
  parent: { subscription_details: { subscription: sub.id } },
});
const completed = (userId: string, sub: StandInSubscription) => ({
  id: `cs_${++seq}`,
  object: 'checkout.session',
  mode: 'subscription',
  client_reference_id: userId,
  customer: sub.customer,
  subscription: sub.id,
});

describe('POST /api/billing/webhooks/stripe: verification', () => {
  it('refuses a bad signature with 400 and stores nothing', async () => {
    const userId = randomUUID();
    const sub = subscription(userId, `cus_${++seq}`);
    const e = event('checkout.session.completed', completed(userId, sub));
    for (const res of [
      await send(e, { secret: 'whsec_someone_else' }),
      await post(JSON.stringify(e), undefined),
      await post(JSON.stringify(e), 't=1,v1=abc'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    // The body changed after signing (one byte): refused too.
    const payload = JSON.stringify(e);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await post(payload.replace(userId, randomUUID()), signature)).statusCode).toBe(400);
    expect(await storedEvents(e.id)).toBe(0);
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
  });

  it('refuses an event signed more than 300 s ago (replay), and accepts one signed 290 s ago', async () => {
    const userId = randomUUID();
    const sub = subscription(userId, `cus_${++seq}`);
    const stale = event('customer.subscription.updated', sub);
    const res = await send(stale, { timestamp: secs(Date.now()) - 301 });
    expect(res.statusCode).toBe(400);
    expect(await storedEvents(stale.id)).toBe(0);
    const recent = event('customer.subscription.updated', sub);
    expect((await send(recent, { timestamp: secs(Date.now()) - 290 })).statusCode).toBe(200);
  });

  it('acknowledges an event type it does not act on, changing nothing', async () => {
    const res = await send(event('customer.created', { id: `cus_${++seq}`, object: 'customer' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    await settle(h);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('a signed event with a NUL or a lone surrogate anywhere gets 400 and is not stored', async () => {
    for (const name of ['a\u0000b', 'a\ud800b']) {
      const e = event('customer.created', { id: `cus_${++seq}`, object: 'customer', name });
      const res = await send(e);
      expect(res.statusCode, `${JSON.stringify(name)} → ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      const { rowCount } = await h.sql.query('SELECT 1 FROM billing.webhook_event WHERE event_id = $1', [e.id]);
      expect(rowCount).toBe(0);
    }
  });
});

describe('each event once', () => {
  it('processes the same event sent twice once', async () => {
    const userId = randomUUID();
    const sub = subscription(userId, `cus_${++seq}`);
    const e = event('checkout.session.completed', completed(userId, sub));
    expect((await send(e)).json()).toEqual({ received: true });
    expect((await send(e)).json()).toEqual({ received: true, duplicate: true });
    await settle(h);
    expect(await storedEvents(e.id)).toBe(1);
    expect(await entitlementEvents(h, userId)).toHaveLength(1);
    expect(api.calls('GET', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);
  });

  it('processes 10 concurrent copies of one event once', async () => {
    const userId = randomUUID();
    const sub = subscription(userId, `cus_${++seq}`);
    const e = event('customer.subscription.created', sub);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(e)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((r) => !r.json().duplicate)).toHaveLength(1);
    await settle(h);
    expect(await storedEvents(e.id)).toBe(1);
    expect(api.calls('GET', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);
    const events = await entitlementEvents(h, userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ version: 1, isActive: true, source: 'stripe' });
  });
});

describe('a deleted account', () => {
  it("cancels the account's live Stripe subscription at Stripe, once", async () => {
    const userId = randomUUID();
    const customer = `cus_${++seq}`;
    const sub = subscription(userId, customer);
    await send(event('checkout.session.completed', completed(userId, sub)));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true });
    await deleteUser(h.bus, userId);
    await expect.poll(async () => (await settle(h), api.subscriptions.get(sub.id)!.status)).toBe('canceled');
    // Stripe then says so; nothing comes back for the deleted user.
    await send(event('customer.subscription.deleted', api.subscriptions.get(sub.id)!));
    await settle(h);
    expect(api.calls('DELETE', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);
    const { rows } = await h.sql.query(
      `SELECT 1 FROM billing.subscription WHERE user_id = $1 UNION ALL SELECT 1 FROM billing.stripe_customer WHERE user_id = $1
       UNION ALL SELECT 1 FROM billing.stripe_cancellation`,
      [userId],
    );
    expect(rows).toEqual([]);
  });

  it('cancels a subscription Stripe reports after the deletion (a checkout finished late) and stores nothing', async () => {
    const userId = randomUUID();
    await deleteUser(h.bus, userId);
    const sub = subscription(userId, `cus_${++seq}`);
    await send(event('checkout.session.completed', completed(userId, sub)));
    await expect.poll(async () => (await settle(h), api.subscriptions.get(sub.id)!.status)).toBe('canceled');
    expect(await entitlementEvents(h, userId)).toEqual([]);
    const { rows } = await h.sql.query(
      `SELECT 1 FROM billing.subscription WHERE user_id = $1 UNION ALL SELECT 1 FROM billing.stripe_customer WHERE user_id = $1`,
      [userId],
    );
    expect(rows).toEqual([]);
  });
});

describe('out of order', () => {
  it('customer.subscription.updated before checkout.session.completed ends in the right state', async () => {
    const userId = randomUUID();
    const customer = `cus_${++seq}`;
    const sub = subscription(userId, customer);
    // The update's own payload is older than what Stripe holds now (it says incomplete).
    await send(event('customer.subscription.updated', { ...sub, status: 'incomplete' }));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true, source: 'stripe', willRenew: true });
    await send(event('checkout.session.completed', completed(userId, sub)));
    await settle(h);
    expect(await entitlementOf(h, userId)).toEqual({
      isActive: true,
      productId: PRICE,
      expirationDate: new Date(sub.items.data[0]!.current_period_end * 1000).toISOString(),
      willRenew: true,
      source: 'stripe',
    });
    expect(
      (await h.sql.query('SELECT customer_id FROM billing.stripe_customer WHERE user_id = $1', [userId])).rows,
    ).toEqual([{ customer_id: customer }]);
  });

  it('an old "updated" arriving after "deleted" does not bring Pro back', async () => {
    const userId = randomUUID();
    const sub = subscription(userId, `cus_${++seq}`);
    await send(event('checkout.session.completed', completed(userId, sub)));
    await settle(h);
    const active = { ...sub };
    api.subscriptions.set(sub.id, { ...sub, status: 'canceled', ended_at: secs(h.clock.now) });
    await send(event('customer.subscription.deleted', api.subscriptions.get(sub.id)!));
    await settle(h);
    await send(event('customer.subscription.updated', active, secs(h.clock.now) - 60));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
  });
});

describe('the whole lifecycle', () => {
  it('subscribe → renew → payment failed → grace → recovered → cancel at period end → expired', async () => {
    const userId = randomUUID();
    const customer = `cus_${++seq}`;
    const t0 = secs(h.clock.now);
    const at = (days: number, extraSeconds = 0) => {
      h.clock.now = (t0 + days * DAY + extraSeconds) * 1000;
    };
    const iso = (s: number) => new Date(s * 1000).toISOString();
    let sub = subscription(userId, customer, { start: t0, end: t0 + 30 * DAY });

    // Subscribe.
    await send(event('customer.subscription.created', sub));
    await send(event('invoice.paid', invoice(sub, 'paid')));
    await send(event('checkout.session.completed', completed(userId, sub)));
    await settle(h);
    expect(await entitlementOf(h, userId)).toEqual({
      isActive: true,
      productId: PRICE,
      expirationDate: iso(t0 + 30 * DAY),
      willRenew: true,
      source: 'stripe',
    });

    // Renew: a new period, paid (Stripe renews at the period end; its event comes just before our clock passes it).
    at(30, -60);
    sub = subscription(userId, customer, { id: sub.id, start: t0 + 30 * DAY, end: t0 + 60 * DAY });
    await send(event('invoice.paid', invoice(sub, 'paid')));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true, expirationDate: iso(t0 + 60 * DAY) });

    // The next renewal fails: past_due, Pro kept through the 7-day grace period.
    at(60, -60);
    sub = subscription(userId, customer, { id: sub.id, status: 'past_due', start: t0 + 60 * DAY, end: t0 + 90 * DAY });
    await send(event('invoice.payment_failed', invoice(sub, 'open')));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({
      isActive: true,
      expirationDate: iso(t0 + 67 * DAY),
      willRenew: true,
    });
    at(66);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true });

    // Recovered: a retry succeeds within the grace period.
    sub = subscription(userId, customer, { id: sub.id, status: 'active', start: t0 + 60 * DAY, end: t0 + 90 * DAY });
    await send(event('invoice.paid', invoice(sub, 'paid')));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({
      isActive: true,
      expirationDate: iso(t0 + 90 * DAY),
      willRenew: true,
    });

    // Cancelled at period end: still Pro until then, no longer renewing.
    at(70);
    sub = subscription(userId, customer, {
      id: sub.id,
      cancel_at_period_end: true,
      start: t0 + 60 * DAY,
      end: t0 + 90 * DAY,
    });
    await send(event('customer.subscription.updated', sub));
    await settle(h);
    expect(await entitlementOf(h, userId)).toMatchObject({
      isActive: true,
      expirationDate: iso(t0 + 90 * DAY),
      willRenew: false,
    });
    at(89);
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: true });

    // Expired: the period ends and Stripe deletes the subscription.
    at(90, 5);
    sub = subscription(userId, customer, {
      id: sub.id,
      status: 'canceled',
      cancel_at_period_end: true,
      ended_at: t0 + 90 * DAY,
      start: t0 + 60 * DAY,
      end: t0 + 90 * DAY,
    });
    await send(event('customer.subscription.deleted', sub));
    await settle(h);
    expect(await entitlementOf(h, userId)).toEqual({
      isActive: false,
      productId: null,
      expirationDate: null,
      willRenew: false,
      source: 'unknown',
    });

    // Every change went out once, versions 1, 2, ... in order, ending inactive.
    const events = await entitlementEvents(h, userId);
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(events.map((e) => [e.isActive, e.willRenew])).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [true, true],
      [true, false],
      [false, false],
    ]);
    h.clock.now = Date.now();
  });

  it('drops Pro when the grace period passes without a successful payment, and publishes it', async () => {
    const userId = randomUUID();
    const t0 = secs(Date.now()) - 10 * DAY;
    h.clock.now = Date.now();
    const sub = subscription(userId, `cus_${++seq}`, { status: 'past_due', start: t0, end: t0 + 30 * DAY });
    await send(event('invoice.payment_failed', invoice(sub, 'open')));
    await settle(h);
    // 10 days into the unpaid period, past the 7 days of grace.
    expect(await entitlementOf(h, userId)).toMatchObject({ isActive: false });
    expect(await entitlementEvents(h, userId)).toHaveLength(0);

    const fresh = randomUUID();
    const t1 = secs(h.clock.now) - 6 * DAY;
    const sub2 = subscription(fresh, `cus_${++seq}`, { status: 'past_due', start: t1, end: t1 + 30 * DAY });
    await send(event('invoice.payment_failed', invoice(sub2, 'open')));
    await settle(h);
    expect(await entitlementOf(h, fresh)).toMatchObject({ isActive: true });
    h.clock.now += 2 * DAY * 1000;
    await settle(h);
    expect(await entitlementOf(h, fresh)).toMatchObject({ isActive: false });
    expect((await entitlementEvents(h, fresh)).map((e) => e.isActive)).toEqual([true, false]);
    h.clock.now = Date.now();
  });
});

describe("checkout and portal (outgoing calls, against a local stand-in for Stripe's API)", () => {
  const checkout = (userId: string | null, body: unknown) =>
    h.billing.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: body as object,
      headers: userId ? { authorization: `Bearer ${h.issuer.sign(userId)}` } : {},
    });

  it('creates the customer once per user and a subscription Checkout Session with the user as client_reference_id', async () => {
    const userId = randomUUID();
    const attemptId = randomUUID();
    const res = await checkout(userId, { attemptId });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const customers = api.requests.filter(
      (r) => r.path === '/v1/customers' && r.params.get('metadata[userId]') === userId,
    );
    expect(customers).toHaveLength(1);
    expect(customers[0]!.idempotencyKey).toBe(`vere-customer-${userId}`);
    expect(customers[0]!.authorization).toBe('Bearer sk_test_suite');
    const session = api.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.idempotencyKey).toBe(`vere-checkout-${userId}-${attemptId}`);
    expect(Object.fromEntries(session.params)).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][userId]': userId,
      success_url: 'https://vere.test/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://vere.test/vere-pro',
    });
    // The same attempt again (a double click): the same session. Another attempt: the same customer.
    expect((await checkout(userId, { attemptId })).json().url).toBe(res.json().url);
    await checkout(userId, { attemptId: randomUUID() });
    expect(
      api.requests.filter((r) => r.path === '/v1/customers' && r.params.get('metadata[userId]') === userId),
    ).toHaveLength(1);
    const customerId = session.params.get('customer');
    expect(api.calls('POST', '/v1/checkout/sessions').slice(-1)[0]!.params.get('customer')).toBe(customerId);
  });

  it('keeps one customer when a new user starts checkout five times at once', async () => {
    const userId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(userId, { attemptId: randomUUID() })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const rows = (await h.sql.query('SELECT customer_id FROM billing.stripe_customer WHERE user_id = $1', [userId]))
      .rows;
    expect(rows).toHaveLength(1);
    const used = new Set(
      api
        .calls('POST', '/v1/checkout/sessions')
        .slice(-5)
        .map((r) => r.params.get('customer')),
    );
    expect([...used]).toEqual([rows[0].customer_id]);
  });

  it('refuses bad input and strangers, storing nothing', async () => {
    const userId = randomUUID();
    for (const body of [undefined, {}, { attemptId: 'not-a-uuid' }, { attemptId: randomUUID(), isPro: true }]) {
      const res = await checkout(userId, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await checkout(null, { attemptId: randomUUID() })).statusCode).toBe(401);
    expect((await h.sql.query('SELECT 1 FROM billing.stripe_customer WHERE user_id = $1', [userId])).rowCount).toBe(0);
  });

  it('refuses a second subscription to someone already Pro (409)', async () => {
    const userId = randomUUID();
    const sub = subscription(userId, `cus_${++seq}`);
    await send(event('checkout.session.completed', completed(userId, sub)));
    await settle(h);
    const res = await checkout(userId, { attemptId: randomUUID() });
    expect(res.statusCode).toBe(409);
  });

  it("opens the portal for the user's own customer only; without one, 404", async () => {
    const portal = (userId: string | null) =>
      h.billing.app.inject({
        method: 'POST',
        url: '/api/billing/portal',
        headers: userId ? { authorization: `Bearer ${h.issuer.sign(userId)}` } : {},
      });
    const stranger = randomUUID();
    expect((await portal(stranger)).statusCode).toBe(404);
    expect((await portal(null)).statusCode).toBe(401);
    const userId = randomUUID();
    await checkout(userId, { attemptId: randomUUID() });
    const customerId = (
      await h.sql.query('SELECT customer_id FROM billing.stripe_customer WHERE user_id = $1', [userId])
    ).rows[0].customer_id;
    const res = await portal(userId);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const call = api.calls('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(Object.fromEntries(call.params)).toEqual({
      customer: customerId,
      return_url: 'https://vere.test/subscription',
    });
  });
});
