#!/usr/bin/env node
// Bytes a first visit transfers (compressed, as on the wire, from Chromium's network events):
// `/auth` signed out, and `/` signed in (shell + challenges remote + API calls).
//
//   node bench/first-visit-bytes.mjs          (needs the apps built: npm run build; Chromium at
//                                               /usr/bin/chromium or CHROMIUM_PATH)
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startApp } from './support/app.mjs';

/** Compressed bytes a signed-in first visit of `/` may transfer (issue 28). */
const BUDGET = 140 * 1024;

const app = await startApp();
const { url } = app;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

/** Opens `path` in a fresh context and sums encodedDataLength of every response (headers + compressed body). */
async function visit(path, prepare) {
  const context = await browser.newContext();
  await prepare?.(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  cdp.on('Network.responseReceived', (e) =>
    seen.set(e.requestId, { url: e.response.url, encoding: e.response.headers['content-encoding'] ?? '', bytes: 0 }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  const all = [...seen.values()];
  return {
    total: all.reduce((n, r) => n + r.bytes, 0),
    files: all.length,
    compressed: all.filter((r) => r.encoding).length,
  };
}

try {
  const signedOut = await visit('/auth');
  // Signed in: the sign-up sets the refresh cookie in this (otherwise empty) browser context.
  const signedIn = await visit('/', async (context) => {
    const res = await context.request.post(`${url}/api/identity/auth/sign-up`, {
      data: { email: `bytes.${Date.now()}@example.com`, password: 'Challenge1!', name: 'Bench' },
    });
    if (res.status() !== 201) throw new Error(`sign-up answered ${res.status()}`);
  });
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`\nFirst visit, compressed bytes on the wire (headers included):`);
  console.log(
    `  /auth (signed out)   ${kib(signedOut.total).padStart(10)}  in ${signedOut.files} responses, ${signedOut.compressed} compressed`,
  );
  console.log(
    `  /     (signed in)     ${kib(signedIn.total).padStart(10)}  in ${signedIn.files} responses, ${signedIn.compressed} compressed`,
  );
  console.log(`  target for / (signed in): ≤ ${kib(BUDGET)} (issue 28)`);
  // BENCH_JSON=<file>: the totals, for bench/run.mjs's summary.
  if (process.env.BENCH_JSON)
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ auth: signedOut.total, home: signedIn.total, budget: BUDGET }),
    );
  process.exitCode = signedIn.total <= BUDGET ? 0 : 1;
} finally {
  await browser.close();
  await app.stop();
}
