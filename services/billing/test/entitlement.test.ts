import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';
import { EntitlementChanged, UserDeleted } from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBillingAdmin } from '../src/index';
import { entitlementEvents, entitlementOf, startBilling, type BillingHarness } from './support/harness';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBilling('vere_billing');
});
afterAll(async () => h?.close());

const FREE = { isActive: false, productId: null, expirationDate: null, willRenew: false, source: 'unknown' };

describe('GET /api/billing/me/entitlement', () => {
  it("reads a user without any subscription as not Pro, in the spec's shape", async () => {
    const res = await h.billing.app.inject({
      method: 'GET',
      url: '/api/billing/me/entitlement',
      headers: { authorization: `Bearer ${h.issuer.sign(randomUUID())}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FREE);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('reads a stored entitlement whose expiration has passed as not Pro', async () => {
    const [active, expired] = [randomUUID(), randomUUID()];
    const future = new Date(Date.now() + 30 * 86_400_000);
    await h.sql.query(
      `INSERT INTO billing.entitlement (user_id, is_active, product_id, expiration_date, will_renew, source, version, updated_at) VALUES
       ($1, true, 'price_pro', $2, true, 'stripe', 1, now()), ($3, true, 'verepro.founders', now() - interval '1 day', false, 'revenuecat', 1, now())`,
      [active, future, expired],
    );
    expect(await entitlementOf(h, active)).toEqual({
      isActive: true,
      productId: 'price_pro',
      expirationDate: future.toISOString(),
      willRenew: true,
      source: 'stripe',
    });
    expect(await entitlementOf(h, expired)).toEqual(FREE);
  });

  it('answers 401 without a valid token', async () => {
    const res = await h.billing.app.inject({
      method: 'GET',
      url: '/api/billing/me/entitlement',
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('the expiry sweep', () => {
  it('publishes the lapse of an entitlement that ended with no webhook to say so, once', async () => {
    const userId = randomUUID();
    await h.sql.query(
      `INSERT INTO billing.subscription (id, user_id, source, external_id, product_id, status, entitled, access_until, will_renew, state_at, updated_at)
       VALUES ($1, $2, 'database', $3, 'verepro.founders', 'granted', true, $4, false, now(), now())`,
      [randomUUID(), userId, `grant-${userId}`, new Date(h.clock.now + 60_000)],
    );
    await h.sql.query(
      `INSERT INTO billing.entitlement (user_id, is_active, product_id, expiration_date, will_renew, source, version, updated_at)
       VALUES ($1, true, 'verepro.founders', $2, false, 'database', 1, now())`,
      [userId, new Date(h.clock.now + 60_000)],
    );
    await h.billing.processWebhooks();
    expect(await entitlementEvents(h, userId)).toHaveLength(0);
    h.clock.now += 120_000;
    await h.billing.processWebhooks();
    await h.billing.processWebhooks();
    const events = await entitlementEvents(h, userId);
    expect(events).toHaveLength(1);
    expect(Value.Check(EntitlementChanged.schema, events[0])).toBe(true);
    expect(events[0]).toMatchObject({ userId, version: 2, isActive: false, source: 'unknown' });
    expect(await entitlementOf(h, userId)).toEqual(FREE);
  });
});

describe('billing.entitlement.changed.v1 on the bus', () => {
  it('reaches a consumer, valid against the contract, with growing versions', async () => {
    const received: Array<Record<string, unknown>> = [];
    const subscription = await h.bus.subscribe(
      { durable: 'billing-test-entitlement-reader', subjects: [EntitlementChanged.subject] },
      async (event) => {
        received.push(event.payload as Record<string, unknown>);
      },
    );
    const admin = await openBillingAdmin(h.db.url, h.logger);
    try {
      const userId = randomUUID();
      await admin.grant({ userId, until: null, by: 'test', reason: 'bus check' });
      await admin.revoke({ userId, by: 'test', reason: 'bus check over' });
      await expect.poll(() => received.filter((p) => p.userId === userId).length, { timeout: 10_000 }).toBe(2);
      const mine = received.filter((p) => p.userId === userId);
      for (const payload of mine) expect(Value.Check(EntitlementChanged.schema, payload)).toBe(true);
      expect(mine.map((p) => [p.version, p.isActive, p.source])).toEqual([
        [1, true, 'database'],
        [2, false, 'unknown'],
      ]);
    } finally {
      await admin.close();
      await subscription.stop();
    }
  });
});

describe('identity.user.deleted.v1', () => {
  it("erases the user's entitlement, subscriptions and Stripe customer link in the consumer's unit of work, once", async () => {
    const [userId, other] = [randomUUID(), randomUUID()];
    const admin = await openBillingAdmin(h.db.url, h.logger);
    try {
      for (const id of [userId, other])
        await admin.grant({ userId: id, until: null, by: 'test', reason: 'erasure check' });
    } finally {
      await admin.close();
    }
    await h.sql.query(`INSERT INTO billing.stripe_customer (user_id, customer_id) VALUES ($1, $2), ($3, $4)`, [
      userId,
      `cus_${userId}`,
      other,
      `cus_${other}`,
    ]);
    const rowsOf = async (id: string) => {
      const { rows } = await h.sql.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM billing.entitlement WHERE user_id = $1) + (SELECT count(*) FROM billing.subscription WHERE user_id = $1)
              + (SELECT count(*) FROM billing.stripe_customer WHERE user_id = $1) AS n`,
        [id],
      );
      return Number(rows[0]!.n);
    };
    expect(await rowsOf(userId)).toBe(3);

    const deleted = newEvent(UserDeleted.subject, userId, {});
    await h.bus.publish(deleted);
    await expect.poll(() => rowsOf(userId), { timeout: 10_000 }).toBe(0);
    const { rows } = await h.sql.query(
      `SELECT consumer FROM billing.inbox_event WHERE event_id = $1 ORDER BY consumer`,
      [deleted.payload.eventId],
    );
    // The erasure, and the revocation read model service-kit keeps (decision 0034).
    expect(rows).toEqual([{ consumer: 'billing-revoked-users' }, { consumer: 'billing-user-erasure' }]);
    expect(await rowsOf(other)).toBe(3);
  });
});

describe('webhook event retention', () => {
  it('forgets processed event ids after 30 days, never unprocessed ones', async () => {
    await h.sql.query(
      `INSERT INTO billing.webhook_event (provider, event_id, type, payload, received_at, processed_at) VALUES
       ('stripe', 'evt_old_done', 'invoice.paid', '{}', now() - interval '40 days', now() - interval '40 days'),
       ('stripe', 'evt_old_pending', 'invoice.paid', '{}', now() - interval '40 days', NULL),
       ('stripe', 'evt_recent_done', 'invoice.paid', '{}', now() - interval '2 days', now() - interval '2 days')`,
    );
    const { WEBHOOK_EVENT_RETENTION_MS } = await import('../src/webhook-worker');
    expect(WEBHOOK_EVENT_RETENTION_MS).toBe(30 * 86_400_000);
    await h.sql.query(
      "UPDATE billing.webhook_event SET lease_until = now() + interval '1 hour' WHERE event_id = 'evt_old_pending'",
    );
    await h.billing.processWebhooks();
    const { rows } = await h.sql.query<{ event_id: string }>(
      "SELECT event_id FROM billing.webhook_event WHERE event_id LIKE 'evt_%' ORDER BY event_id",
    );
    expect(rows.map((r) => r.event_id)).toEqual(['evt_old_pending', 'evt_recent_done']);
  });
});
