#!/usr/bin/env node
// Kill -9 the whole app in a loop while people sign up, then check that nobody was lost.
//
//   node infra/local/bin/crash-loop.mjs [--rounds 5] [--signups 50] [--concurrency 3] [--json]
//
// Each round starts the launcher the way `npm start` runs it (its own process group: the Node
// process and, on the embedded default, the embedded PostgreSQL under it), signs users up over
// HTTP, and SIGKILLs the whole group at a random moment while sign-ups are in flight. After the
// last round the app is started once more, and every user whose sign-up answered 2xx must have a
// player in quests (GET /api/quests/me/progress → 200). Used by infra/local/test/crash-loop.test.ts
// (5 rounds) and bench/crash-loop.mjs (20 rounds, 200 sign-ups).
//
// It runs the launcher's bundle, infra/local/dist/main.mjs: `npx nx run local:build` first (the
// local:test target depends on it; decision 0029).
//
// Environment: unset DATABASE_URL / NATS_URL → the embedded default (a fresh data folder);
// DATABASE_URL (+ NATS_URL) → a fresh database on that server, and the given NATS.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { NODE_FLAGS } from './node-flags.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
if (!existsSync(join(root, 'infra/local/dist/main.mjs'))) {
  console.error('infra/local/dist/main.mjs is missing: run `npx nx run local:build` first.');
  process.exit(1);
}
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    signups: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const rounds = Number(args.rounds);
const perRound = Math.max(2, Math.ceil(Number(args.signups) / rounds));
const concurrency = Number(args.concurrency);
const say = (...line) => {
  if (!args.json) console.log(...line);
};

const dataDir = mkdtempSync(join(tmpdir(), 'vere-crash-'));
let database;
const env = {
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  API_ONLY: 'true',
  VERE_DATA_DIR: dataDir,
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: process.env.CRASH_LOOP_LOG_LEVEL ?? 'error',
};
if (process.env.DATABASE_URL) {
  database = `vere_crash_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts the launcher in its own process group; resolves with its URL once it listens. */
function startApp() {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...NODE_FLAGS, join(root, 'infra/local/dist/main.mjs')],
    {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 90 s:\n${output}`)), 90_000);
    const onData = (chunk) => {
      output += chunk;
      const found = /Vere is running at (http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) before it started:\n${output}`));
    });
  });
  return { child, url, exited };
}

async function killGroup(app) {
  try {
    process.kill(-app.child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await app.exited;
  // The group's other members (PostgreSQL's processes) die with it; give the kernel a moment.
  for (let i = 0; i < 50 && groupAlive(app.child.pid); i += 1) await new Promise((r) => setTimeout(r, 100));
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

let counter = 0;
async function signUp(url) {
  counter += 1;
  const email = `crash.${Date.now().toString(36)}.${counter}@example.com`;
  const res = await fetch(`${url}/api/identity/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Challenge1!', name: 'Crash Tester' }),
  });
  if (res.status < 200 || res.status >= 300) return undefined;
  const body = await res.json();
  return { email, accessToken: body.accessToken };
}

const accepted = [];
let attempted = 0;
try {
  for (let round = 1; round <= rounds; round += 1) {
    const app = startApp();
    const url = await app.url;
    // Kill after a random number of answers, while other sign-ups are still in flight.
    const killAfter = 1 + Math.floor(Math.random() * perRound);
    let answered = 0;
    let killed;
    const worker = async () => {
      // Every round sends its share of sign-ups; those after the kill fail (not counted as accepted).
      while (attempted < round * perRound) {
        attempted += 1;
        const user = await signUp(url).catch(() => undefined);
        if (user) accepted.push(user);
        answered += 1;
        if (answered >= killAfter && !killed) killed = killGroup(app);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    await (killed ?? killGroup(app));
    say(`round ${round}: killed after ${answered} answers; ${accepted.length} sign-ups accepted so far`);
  }

  const app = startApp();
  const url = await app.url;
  const deadline = Date.now() + 60_000;
  const missing = new Set(accepted);
  while (missing.size > 0 && Date.now() < deadline) {
    for (const user of [...missing]) {
      const res = await fetch(`${url}/api/quests/me/progress`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      if (res.status === 200) missing.delete(user);
    }
    if (missing.size > 0) await new Promise((r) => setTimeout(r, 500));
  }
  app.child.kill('SIGTERM');
  await app.exited;

  const result = {
    rounds,
    attempted,
    accepted: accepted.length,
    players: accepted.length - missing.size,
    lost: missing.size,
    lostEmails: [...missing].map((u) => u.email),
  };
  if (args.json) console.log(JSON.stringify(result));
  else {
    console.log(`\nrounds: ${rounds}  sign-ups attempted: ${attempted}  answered 2xx: ${result.accepted}`);
    console.log(`players found: ${result.players}  lost: ${result.lost}`);
  }
  process.exitCode = result.lost === 0 ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (database) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
}
