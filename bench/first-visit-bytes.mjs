#!/usr/bin/env node
// Bytes a first visit transfers (compressed, as on the wire, from Chromium's network events):
// `/auth` signed out, and `/` signed in (shell + challenges remote + API calls).
//
//   node bench/first-visit-bytes.mjs          (needs the apps built: npm run build; Chromium at
//                                               /usr/bin/chromium or CHROMIUM_PATH)
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'vere-bench-bytes-'));
chmodSync(dataDir, 0o755);
const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', VERE_DATA_DIR: dataDir, LOG_LEVEL: 'error' };
delete env.DATABASE_URL;
delete env.NATS_URL;
const app = spawn(process.execPath, ['--import', 'tsx', 'infra/local/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the app did not start:\n${out}`)), 120_000);
  const onData = (d) => {
    out += d;
    const m = /Vere is running at (http:\/\/\S+)/.exec(out);
    if (m) { clearTimeout(timer); resolve(m[1]); }
  };
  app.stdout.on('data', onData);
  app.stderr.on('data', onData);
  app.once('exit', (code) => reject(new Error(`the app exited (${code}):\n${out}`)));
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

/** Opens `path` in a fresh context and sums encodedDataLength of every response (headers + compressed body). */
async function visit(path, prepare) {
  const context = await browser.newContext();
  await prepare?.(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  cdp.on('Network.responseReceived', (e) => seen.set(e.requestId, { url: e.response.url, encoding: e.response.headers['content-encoding'] ?? '', bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  const all = [...seen.values()];
  return { total: all.reduce((n, r) => n + r.bytes, 0), files: all.length, compressed: all.filter((r) => r.encoding).length };
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
  console.log(`  /auth (signed out)   ${kib(signedOut.total).padStart(10)}  in ${signedOut.files} responses, ${signedOut.compressed} compressed`);
  console.log(`  /     (signed in)     ${kib(signedIn.total).padStart(10)}  in ${signedIn.files} responses, ${signedIn.compressed} compressed`);
} finally {
  await browser.close();
  const exited = new Promise((r) => app.once('exit', r));
  app.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
