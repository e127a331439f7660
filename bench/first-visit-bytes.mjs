#!/usr/bin/env node
// Bytes a first visit transfers (compressed, as on the wire, from Chromium's network events):
// `/auth` signed out, and `/` signed in (shell + challenges remote + API calls).
//
//   node bench/first-visit-bytes.mjs            (needs the apps built: npm run build; Chromium at
//                                                 /usr/bin/chromium or CHROMIUM_PATH)
//   node bench/first-visit-bytes.mjs --list     (also every response: bytes, header bytes, encoding)
//
// The first screen is everything the page asks for until the shell marks it done (the
// `vere:first-screen` performance mark, apps/shell/src/shared/utils/first-screen.ts: the area
// loaded, the API quiet for 500 ms, an idle moment). What comes after — the warm-up prefetching the
// other areas, the toast library, the service worker, the push explainer — is reported apart. Which of the two a request falls in used to depend on timing (the visit ended
// at the first 500 ms without network, which the warm-up sometimes beat).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startApp } from './support/app.mjs';

/** Compressed bytes a signed-in first visit of `/` may transfer for its first screen (issue 28). */
const BUDGET = 140 * 1024;
const list = process.argv.includes('--list');

const app = await startApp();
const { url } = app;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

/** What a response is, for the breakdown. */
function kindOf(r) {
  const path = r.url.replace(url, '').split('?')[0];
  if (r.type === 'Document') return 'document';
  if (path.startsWith('/api/')) return 'API JSON';
  if (/\.css$/.test(path)) return 'CSS';
  if (/\.m?js$/.test(path)) return 'JS';
  if (/\.(woff2?|ttf|otf)$/.test(path)) return 'fonts';
  if (/(remotes|mf-manifest)\.json$/.test(path)) return 'remote manifests';
  if (/\.(svg|png|jpe?g|webp|avif|ico)$/.test(path)) return 'images';
  return 'other';
}

/**
 * Opens `path` in a fresh context and records every response: encodedDataLength (headers +
 * compressed body) and its header bytes. Waits for the network to go quiet, then 4 s and quiet
 * again, so the warm-up (if any) is always in the record, and splits at the first screen's mark.
 */
async function visit(path, prepare) {
  const context = await browser.newContext();
  await prepare?.(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the id: the last hop is the one that gets a body.
    seen.set(e.requestId, { url: e.request.url, sentAt: e.wallTime * 1000, bytes: 0, headerBytes: 0, encoding: '' });
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.headerBytes = e.headersText?.length ?? 0;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = seen.get(e.requestId);
    if (!r) return;
    r.type = e.type;
    r.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    r.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(4000);
  await page.waitForLoadState('networkidle');
  // performance.timeOrigin + startTime: the same wall clock as CDP's wallTime.
  const warmUpAt = await page.evaluate(() => {
    const mark = performance.getEntriesByName('vere:first-screen')[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  });
  await context.close();
  const all = [...seen.values()].filter((r) => r.status !== undefined && !r.fromCache);
  for (const r of all) r.kind = kindOf(r);
  const firstScreen = warmUpAt === null ? all : all.filter((r) => r.sentAt < warmUpAt);
  const warmUp = warmUpAt === null ? [] : all.filter((r) => r.sentAt >= warmUpAt);
  return { firstScreen: summary(firstScreen), warmUp: summary(warmUp) };
}

function summary(responses) {
  const byKind = {};
  for (const r of responses) {
    const k = (byKind[r.kind] ??= { bytes: 0, headerBytes: 0, count: 0 });
    k.bytes += r.bytes;
    k.headerBytes += r.headerBytes;
    k.count += 1;
  }
  return {
    total: responses.reduce((n, r) => n + r.bytes, 0),
    headerBytes: responses.reduce((n, r) => n + r.headerBytes, 0),
    files: responses.length,
    compressed: responses.filter((r) => r.encoding).length,
    byKind,
    responses,
  };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

function print(label, s) {
  console.log(
    `  ${label.padEnd(38)} ${kib(s.total).padStart(10)}  in ${String(s.files).padStart(2)} responses, ${s.compressed} compressed; headers ${kib(s.headerBytes)}`,
  );
  const kinds = Object.entries(s.byKind).sort((a, b) => b[1].bytes - a[1].bytes);
  for (const [kind, k] of kinds)
    console.log(
      `      ${kind.padEnd(18)} ${kib(k.bytes).padStart(10)}  ${String(k.count).padStart(2)} × (of it headers ${kib(k.headerBytes)})`,
    );
  if (list)
    for (const r of [...s.responses].sort((a, b) => b.bytes - a.bytes))
      console.log(
        `        ${kib(r.bytes).padStart(10)}  headers ${String(r.headerBytes).padStart(5)} B  ${(r.encoding || '-').padEnd(4)} ${r.url.replace(url, '')}`,
      );
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
  console.log(`\nFirst visit, compressed bytes on the wire (headers included):`);
  print('/auth (signed out)', signedOut.firstScreen);
  print('/     (signed in), first screen', signedIn.firstScreen);
  print('/     (signed in), after it (warm-up)', signedIn.warmUp);
  console.log(`  target for / (signed in), first screen: ≤ ${kib(BUDGET)} (issue 28)`);
  // BENCH_JSON=<file>: the totals, for bench/run.mjs's summary.
  if (process.env.BENCH_JSON)
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({
        auth: signedOut.firstScreen.total,
        home: signedIn.firstScreen.total,
        homeResponses: signedIn.firstScreen.files,
        homeHeaderBytes: signedIn.firstScreen.headerBytes,
        warmUp: signedIn.warmUp.total,
        budget: BUDGET,
      }),
    );
  process.exitCode = signedIn.firstScreen.total <= BUDGET ? 0 : 1;
} finally {
  await browser.close();
  await app.stop();
}
