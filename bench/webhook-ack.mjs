#!/usr/bin/env node
// How fast billing answers Stripe: signed webhooks through the edge, each a new event id (so each is
// verified, stored once and handed to the worker), latency of the 2xx. Stripe waits a few seconds
// at most and retries slow answers; the target is p99 well under 1 s on a developer machine.
//
//   node bench/webhook-ack.mjs [--seconds 10] [--connections 20]
//
// Starts the app on the embedded default (API only) with test Stripe keys; the events are of a type
// billing stores but does not act on, so no call leaves for Stripe's API.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { startApp } from './support/app.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
});
const secret = 'whsec_bench_webhook_ack';
const app = await startApp({
  apiOnly: true,
  env: { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_WEBHOOK_SECRET: secret, STRIPE_PRICE_ID: 'price_bench' },
});
const stripe = new Stripe('sk_test_bench');

function signedEvent() {
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cus_bench' } },
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    },
  };
}

try {
  const result = await autocannon({
    url: `${app.url}/api/billing/webhooks/stripe`,
    method: 'POST',
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [{ setupRequest: (req) => ({ ...req, ...signedEvent() }) }],
  });
  console.log(
    `\nPOST /api/billing/webhooks/stripe through the edge, ${values.connections} connections, ${values.seconds} s, a new signed event each`,
  );
  console.log(
    `${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms   non-2xx ${result.non2xx}`,
  );
  process.exitCode = result.non2xx === 0 && result.latency.p99 < 1_000 ? 0 : 1;
} finally {
  await app.stop();
}
