#!/usr/bin/env node
// Memory under a long mixed load: does the app's memory level off? Starts the app as `npm start` runs
// it (embedded default, API only, a throw-away data folder, loopback only) and drives it for
// SOAK_MINUTES (default 10) with WORKERS (default 6) callers at SOAK_RATE mixed actions a second in all
// (default 60; 0: as fast as they go), each looping over a mix of what players do: sign-ups, swipes (deck + accept), to-do completions, a pod's page and log, chat with a friend,
// the leaderboards and the progress. Every 30 s it prints the app process's RSS (and its anonymous
// part), V8 heap (used after a full collection, of it the code and bytecode; total, of it the young
// generation), and the memory held off the heap (external, array buffers), read by
// bench/support/memory-probe.mjs preloaded into it; at the end the growth over the second half of the
// run (target ≤ 5 % for RSS and for the heap used; exit code 1 above it, or when an action failed)
// and the app's CPU per mixed action. Decision 0064 tells what moved these figures.
//
//   SOAK_MINUTES=10 node bench/soak.mjs
//   SOAK_NODE_ARGS='--max-semi-space-size=0' SOAK_MINUTES=10 node bench/soak.mjs   # an option for the app's node, to compare
//   HEAP_SNAPSHOTS=<dir> SOAK_MINUTES=10 node bench/soak.mjs   # also a heap snapshot at a quarter and at the end
//
// Heap snapshots (node's --heapsnapshot-signal, written by the app) compare with
// bench/support/heap-diff.mjs (or Chrome DevTools, Memory → Load → Comparison): which constructors
// grew between a quarter of the run and its end. Writing one stalls the app for a while and raises its
// RSS for good: for the RSS figure, run without HEAP_SNAPSHOTS.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './support/app.mjs';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const workers = Number(process.env.WORKERS ?? 6);
const sampleMs = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30) * 1000;
// A fixed rate: the second half must carry the same load as the first. Unpaced, one soak in four
// missed because its rate tripled in the second half as the machine emptied (decision 0064).
const rate = Number(process.env.SOAK_RATE ?? 60);
const snapshots = process.env.HEAP_SNAPSHOTS;
const dir = mkdtempSync(join(tmpdir(), 'vere-soak-'));
const probeFile = join(dir, 'memory.json');
const probe = fileURLToPath(new URL('./support/memory-probe.mjs', import.meta.url));
const app = await startApp({
  apiOnly: true,
  // Every caller is on loopback: identity's per-address sign-up limit (20 a minute) would refuse the mix.
  env: {
    MEMORY_PROBE_FILE: probeFile,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  },
  nodeArgs: [
    // SOAK_NODE_ARGS: more options for the app's node (e.g. V8's heap sizes), to compare a setting.
    ...(process.env.SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean),
    '--expose-gc',
    '--import',
    probe,
    ...(snapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshots}`] : []),
  ],
});
const { url } = app;
// Whatever fails from here on (a refused sign-up in the set-up, an exception in a timer), the app and
// its embedded PostgreSQL are stopped before this process ends.
let stopped = false;
const stopApp = async () => {
  if (stopped) return;
  stopped = true;
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
};
const failHard = async (err) => {
  console.error(err);
  await stopApp().catch(() => undefined);
  process.exit(1);
};
process.on('uncaughtException', failHard);
process.on('unhandledRejection', failHard);
process.on('SIGINT', () => failHard(new Error('interrupted')));
process.on('SIGTERM', () => failHard(new Error('terminated')));

const statuses = new Map();
const count = (key) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

/** One API call: JSON in and out, the status counted under its route's name. */
async function call(name, method, path, token, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  count(`${name} ${res.status}`);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

let signUps = 0;
async function signUp() {
  const n = ++signUps;
  const email = `soak.${process.pid}.${n}@example.com`;
  const res = await call('sign-up', 'POST', '/api/identity/auth/sign-up', null, {
    email,
    password: 'Challenge1!',
    name: 'Soak Player',
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status} ${JSON.stringify(res.json)}`);
  return { id: res.json.user.id, email, token: res.json.accessToken };
}

/** A player: a user whose player row exists in quests (the registration event arrived). */
async function player() {
  const user = await signUp();
  for (let i = 0; i < 100; i++) {
    if ((await call('progress', 'GET', '/api/quests/me/progress', user.token)).status === 200) return user;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the player never appeared');
}

/** Pairs of friends, each with a pod of their own; later sign-ups join the mix as loners. */
const users = [];
for (let i = 0; i < 2 * workers; i += 2) {
  const [a, b] = [await player(), await player()];
  await call('friend-request', 'POST', '/api/pods/friends/requests', a.token, { userId: b.id });
  await call('friend-accept', 'POST', `/api/pods/friends/requests/${a.id}/accept`, b.token, {});
  for (const [u, friend] of [
    [a, b],
    [b, a],
  ]) {
    u.friend = friend.id;
    u.pod = (await call('pod-create', 'POST', '/api/pods/pods', u.token, { name: 'Soak pod' })).json?.id;
    users.push(u);
  }
}

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
/** Waits for the next of `rate` evenly spaced slots a second, shared by every caller (none when 0). */
let nextSlot = 0;
const pace = async () => {
  if (rate <= 0) return;
  const now = Date.now();
  // A caller late for its slot does not earn a burst: the schedule restarts from now.
  nextSlot = Math.max(nextSlot + 1000 / rate, now);
  const wait = nextSlot - now;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};
const actions = [
  [
    2,
    async () => {
      users.push(await signUp());
    },
  ],
  [
    20,
    async (u) => {
      const deck = await call('deck', 'GET', '/api/quests/me/deck?type=daily', u.token);
      const card = deck.json?.sidequests?.[0];
      if (card) await call('accept', 'POST', '/api/quests/me/swipes/accept', u.token, { sidequestId: card.id });
    },
  ],
  [
    15,
    async (u) => {
      const todos = await call('todos', 'GET', '/api/quests/me/todos', u.token);
      const todo = todos.json?.pending?.[0];
      if (todo)
        await call('complete', 'POST', `/api/quests/me/todos/${todo.id}/complete`, u.token, {
          proofType: 'text',
          proofText: 'Done, and it was better than I expected.',
        });
    },
  ],
  [
    15,
    async (u) => {
      if (!u.pod) return;
      await call('pod', 'GET', `/api/pods/pods/${u.pod}`, u.token);
      await call('pod-log', 'GET', `/api/pods/pods/${u.pod}/log`, u.token);
    },
  ],
  [
    15,
    async (u) => {
      if (!u.friend) return;
      await call('chat-send', 'POST', `/api/pods/chats/${u.friend}/messages`, u.token, { body: 'How did yours go?' });
      await call('chat-read', 'GET', `/api/pods/chats/${u.friend}`, u.token);
    },
  ],
  [
    20,
    async (u) => {
      await call('leaderboard', 'GET', '/api/quests/leaderboard', u.token);
      await call('leaderboard-week', 'GET', '/api/quests/leaderboard?period=week', u.token);
    },
  ],
  [
    13,
    async (u) => {
      await call('progress', 'GET', '/api/quests/me/progress', u.token);
      await call('limits', 'GET', '/api/quests/me/limits', u.token);
    },
  ],
];
const weights = actions.reduce((s, [w]) => s + w, 0);
const chooseAction = () => {
  let r = Math.random() * weights;
  for (const [w, f] of actions) if ((r -= w) < 0) return f;
  return actions[0][1];
};

const memory = () => {
  const status = readFileSync(`/proc/${app.pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]) * 1024;
  const heap = JSON.parse(readFileSync(probeFile, 'utf8')); // renamed into place whole by the probe
  // utime + stime, fields 14 and 15 of /proc/<pid>/stat (after the command's closing parenthesis), in ticks.
  const stat = readFileSync(`/proc/${app.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, // USER_HZ is 100 on Linux
    requests,
    rss: kb('VmRSS'),
    // RSS's anonymous part (malloc's arenas, V8's heap, Buffers) apart from mapped files (code, libraries).
    anon: kb('RssAnon'),
    heapUsed: heap.heapUsed,
    heapTotal: heap.heapTotal,
    // Of the heap's total, V8's young generation (it grows with the allocation rate; see decision 0064).
    newSpace: heap.newSpace,
    codeUsed: heap.codeUsed,
    // Off V8's heap: memory held by JS objects (Buffers, pg's and zlib's buffers), and of it ArrayBuffers.
    external: heap.external,
    arrayBuffers: heap.arrayBuffers,
  };
};
const mb = (n) => (n / 1048576).toFixed(1).padStart(7);
const started = Date.now();
const end = started + minutes * 60_000;
const samples = [];
let requests = 0;
let failures = 0;

const sampler = setInterval(() => {
  const m = { t: (Date.now() - started) / 1000, ...memory() };
  samples.push(m);
  console.log(
    `${m.t.toFixed(0).padStart(5)} s   rss ${mb(m.rss)} MB (anon ${mb(m.anon)})   heap used ${mb(m.heapUsed)} MB (code ${mb(m.codeUsed)})   heap total ${mb(m.heapTotal)} MB (new space ${mb(m.newSpace)})   external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)})   requests ${requests}   failures ${failures}   players ${users.length}`,
  );
}, sampleMs);
// The first snapshot at a quarter of the run, not at the half: writing one holds on to memory (RSS
// jumped ~160 MB in a 6-minute run), which would count as second-half growth.
let halfSnapshot = false;
const half = setTimeout(
  () => {
    if (snapshots) {
      process.kill(app.pid, 'SIGUSR2');
      halfSnapshot = true;
    }
  },
  (end - started) / 4,
);

console.log(
  `soak: ${minutes} min, ${workers} callers, ${rate > 0 ? `${rate} mixed actions/s` : 'unpaced'}, memory every ${sampleMs / 1000} s (app pid ${app.pid})`,
);
try {
  const base = { t: 0, ...memory() };
  samples.push(base);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end) {
        try {
          await pace();
          await chooseAction()(pick(users));
          requests++;
        } catch (err) {
          failures++;
          if (failures < 5) console.error(err);
        }
      }
    }),
  );
  clearInterval(sampler);
  clearTimeout(half);
  samples.push({ t: (Date.now() - started) / 1000, ...memory() });
  if (snapshots && halfSnapshot) {
    process.kill(app.pid, 'SIGUSR2');
    // Node writes the snapshot synchronously on the app's thread: wait for the second file.
    for (let i = 0; i < 600 && readdirSync(snapshots).filter((f) => f.endsWith('.heapsnapshot')).length < 2; i++)
      await new Promise((r) => setTimeout(r, 1000));
  }
} finally {
  clearInterval(sampler);
  clearTimeout(half);
  await stopApp();
}

// Growth over the second half: from the sample nearest the half to the last one, as a share of the former.
const last = samples.at(-1);
const mid = samples.reduce((best, s) => (Math.abs(s.t - last.t / 2) < Math.abs(best.t - last.t / 2) ? s : best));
const growth = (key) => (last[key] - mid[key]) / mid[key];
console.log('\nstatuses:');
for (const [k, n] of [...statuses].sort()) console.log(`  ${k.padEnd(24)} ${n}`);
console.log(`\n${requests} mixed actions in ${(last.t / 60).toFixed(1)} min, ${failures} failed, ${signUps} sign-ups`);
console.log(
  `second half (${mid.t.toFixed(0)} s → ${last.t.toFixed(0)} s): rss ${mb(mid.rss).trim()} → ${mb(last.rss).trim()} MB (${(growth('rss') * 100).toFixed(1)} %), ` +
    `heap used ${mb(mid.heapUsed).trim()} → ${mb(last.heapUsed).trim()} MB (${(growth('heapUsed') * 100).toFixed(1)} %) (target ≤ 5 % each)`,
);
const perSecond = (a, b) => ((b.requests - a.requests) / (b.t - a.t)).toFixed(1);
console.log(
  `  mixed actions a second: first half ${perSecond(samples[0], mid)}, second half ${perSecond(mid, last)}${rate > 0 ? ` (paced at ${rate})` : ''}`,
);
console.log(
  `  app CPU per mixed action over the second half: ${((last.cpuMs - mid.cpuMs) / (last.requests - mid.requests)).toFixed(2)} ms`,
);
console.log(
  `  of the heap used, code and bytecode ${mb(mid.codeUsed).trim()} → ${mb(last.codeUsed).trim()} MB; of RSS, anonymous ${mb(mid.anon).trim()} → ${mb(last.anon).trim()} MB (${(growth('anon') * 100).toFixed(1)} %); ` +
    `external ${mb(mid.external).trim()} → ${mb(last.external).trim()} MB (${(growth('external') * 100).toFixed(1)} %), ` +
    `array buffers ${mb(mid.arrayBuffers).trim()} → ${mb(last.arrayBuffers).trim()} MB`,
);
if (process.env.BENCH_JSON)
  writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ rssGrowth: growth('rss'), heapGrowth: growth('heapUsed'), failures, requests }),
  );
process.exitCode = growth('rss') <= 0.05 && growth('heapUsed') <= 0.05 && failures === 0 ? 0 : 1;
