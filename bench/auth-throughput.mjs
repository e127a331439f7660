#!/usr/bin/env node
// Token verification on the hot path: requests/s of an authenticated GET through the edge against
// the same route answering 401 without a token, in one run, and their ratio (target ≥ 0.5: checking
// a token must cost about one signature verification, not a key parse or a fetch).
//
//   node bench/auth-throughput.mjs [--seconds 10] [--connections 50]
//
// Starts the app on the embedded default (API only, a fresh data folder), signs one user up, waits
// for the player, then runs autocannon twice against GET /api/quests/me/progress.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });

const dataDir = mkdtempSync(join(tmpdir(), 'vere-bench-auth-'));
chmodSync(dataDir, 0o755);
const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', API_ONLY: 'true', VERE_DATA_DIR: dataDir, LOG_LEVEL: 'error' };
delete env.DATABASE_URL;
delete env.NATS_URL;
const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), '--import', 'tsx', 'infra/local/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
const url = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the app did not start:\n${out}`)), 120_000);
  const onData = (d) => {
    out += d;
    const m = /Vere is running at (http:\/\/\S+)/.exec(out);
    if (m) { clearTimeout(timer); resolve(m[1]); }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.once('exit', (code) => reject(new Error(`the app exited (${code}):\n${out}`)));
});

try {
  const signUp = await fetch(`${url}/api/identity/auth/sign-up`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench.${Date.now()}@example.com`, password: 'Challenge1!', name: 'Bench' }),
  });
  const { accessToken } = await signUp.json();
  const path = '/api/quests/me/progress';
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })).status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  const run = (headers) => autocannon({ url: `${url}${path}`, headers, connections: Number(values.connections), duration: Number(values.seconds) });
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
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
