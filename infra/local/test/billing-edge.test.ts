import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

const SECRET = 'whsec_edge_suite';

/**
 * Stripe signs the exact bytes it sends: the edge must hand billing the body unchanged (it streams
 * it; nothing re-serialises the JSON), or every real webhook would fail its signature.
 */
describe('the edge and Stripe webhooks', () => {
  let db: TestDatabase;
  let stack: RunningStack;
  beforeAll(async () => {
    db = await createTestDatabase('vere_billing_edge');
    const config = loadEnv(LocalEnv, {
      DATABASE_URL: db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      API_ONLY: 'true',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      STRIPE_SECRET_KEY: 'sk_test_edge',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_ID: 'price_edge',
    });
    stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  const post = (payload: string, signature: string) =>
    fetch(`${stack.url}/api/billing/webhooks/stripe`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });

  it('passes the raw body through: odd whitespace, key order and unicode still verify', async () => {
    // Not what JSON.stringify would write back: any re-serialisation on the way breaks the signature.
    const payload = `{ "type":"customer.created" ,\n\t"id": "evt_${randomUUID()}", "object":"event", "created": ${Math.floor(Date.now() / 1000)},\n "data": {"object": {"id": "cus_1", "name": "Zoë \\u00e9"}} }`;
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const res = await post(payload, signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect((await post(payload, signature)).status).toBe(200);
  });

  it('answers a forged one 400 through the edge', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const res = await post(
      payload,
      new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_forger' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('answers checkout without a local checkout page when Stripe keys are set (no local pages served)', async () => {
    const res = await fetch(`${stack.url}/api/billing/local/checkout/cs_local_abcdefghijkl`);
    expect(res.status).toBe(404);
  });
});
