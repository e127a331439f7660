#!/usr/bin/env node
// Token verification on the hot path: requests/s of an authenticated GET through the edge against
// the same route answering 401 without a token, in one run, and their ratio (target ≥ 0.5: checking
// a token must cost about one signature verification, not a key parse or a fetch).
//
//   node bench/auth-throughput.mjs [--seconds 10] [--connections 50]
//
// Starts the app on the embedded default (API only, a fresh data folder), signs one user up, waits
// for the player, then runs autocannon twice against GET /api/quests/me/progress.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startApp } from './support/app.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
});
const app = await startApp({ apiOnly: true, cpuProfileDir: process.env.BENCH_CPU_PROF });
const { url } = app;

try {
  const signUp = await fetch(`${url}/api/identity/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench.${Date.now()}@example.com`, password: 'Challenge1!', name: 'Bench' }),
  });
  const { accessToken } = await signUp.json();
  const path = '/api/quests/me/progress';
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })).status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  const run = (headers) =>
    autocannon({
      url: `${url}${path}`,
      headers,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
  const anonymous = await run({});
  const signedIn = await run({ authorization: `Bearer ${accessToken}` });
  const line = (name, r) =>
    `${name.padEnd(26)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}`;
  console.log(`\nGET ${path} through the edge, ${values.connections} connections, ${values.seconds} s each`);
  console.log(line('without a token (401)', anonymous));
  console.log(line('with a valid token (200)', signedIn));
  const ratio = signedIn.requests.average / anonymous.requests.average;
  console.log(`ratio authenticated / unauthenticated: ${ratio.toFixed(2)} (target ≥ 0.50)`);
  process.exitCode = ratio >= 0.5 && signedIn.non2xx === 0 ? 0 : 1;
} finally {
  await app.stop();
}
