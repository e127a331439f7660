#!/usr/bin/env node
// Event throughput from outbox to consumer effect (decision 0045), with 1 and 2 replicas, on the
// embedded bus and on NATS:
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
//     npm run bench:events [-- --events 4000 --users 400 --rounds 2 --handler-ms 0]
//
// Decision 0057: 32 partitions per subject, at most 8 handlers per replica, so a second replica adds
// 8 handlers. `--handler-ms 20` makes each effect wait 20 ms on the database (I/O, not CPU): the case
// where handlers in flight, not the machine's cores, bound the rate.
//
// A replica is libs/service-kit/test/events/replica-process.ts in a process of its own: an outbox
// relay and a durable consumer whose effect row commits with its inbox row, as in a service. For
// each bus and replica count the bench starts the replicas on a fresh schema, commits a backlog of
// `--events` outbox rows (`--users` users, each user's events in order) and times the drain from that
// commit to the last effect; events/s = events / drain time. Runs alternate 1 and 2 replicas
// (`--rounds` times each) and report the best of each, as the machine's other load drifts.
// It then checks the promise: exactly one effect per event and each user's effects in order.
// The last line: the 1- and 2-replica rates of each bus and their ratio (target: 2 replicas ≥ 1.6×).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { root } from './support/app.mjs';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '4000' },
    users: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '2' },
    bus: { type: 'string', default: 'embedded,nats' },
    // Each effect also waits this long on the database (pg_sleep in its transaction): a handler bound
    // by I/O rather than CPU, where a replica's handlers in flight (8, decision 0057) are the limit.
    'handler-ms': { type: 'string', default: '0' },
  },
});
const HANDLER_MS = Number(values['handler-ms']);
const EVENTS = Number(values.events);
const USERS = Number(values.users);
const ROUNDS = Number(values.rounds);
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL;
const buses = values.bus.split(',').filter((b) => b === 'embedded' || (b === 'nats' && natsUrl));
const replicaScript = join(root, 'libs/service-kit/test/events/replica-process.ts');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const q = (name) => `"${name}"`;

function startReplica(config) {
  const child = spawn(process.execPath, ['--import', 'tsx', replicaScript, JSON.stringify(config)], {
    cwd: join(root, 'libs/service-kit'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`replica exited with ${code}`)));
  });
}

/** Busy and total jiffies of the whole machine (Linux /proc/stat), to tell a saturated machine from idle cores. */
function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a child process has used so far (Linux /proc), or 0 where unknown. */
function processCpuSeconds(child) {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function run(bus, replicas) {
  const token = randomBytes(4).toString('hex');
  const schema = `bench_events_${token}`;
  const busSchema = `bench_bus_${token}`;
  const s = q(schema);
  await pool.query(`
    CREATE SCHEMA ${s};
    CREATE TABLE ${s}.outbox_event (
      id uuid PRIMARY KEY, subject text NOT NULL, payload jsonb NOT NULL, occurred_at timestamptz(3) NOT NULL DEFAULT now(),
      published_at timestamptz(3), attempts integer NOT NULL DEFAULT 0, last_error text,
      next_attempt_at timestamptz(3), failed_at timestamptz(3));
    CREATE INDEX ON ${s}.outbox_event (published_at, occurred_at);
    CREATE TABLE ${s}.inbox_event (consumer text NOT NULL, event_id uuid NOT NULL, subject text NOT NULL,
      handled_at timestamptz(3) NOT NULL DEFAULT now(), PRIMARY KEY (consumer, event_id));
    CREATE TABLE ${s}.effect (id bigserial PRIMARY KEY, event_id uuid NOT NULL, user_id text NOT NULL, step int NOT NULL, replica int NOT NULL);
  `);
  const service = `bench${token}`;
  const config = {
    bus,
    natsUrl,
    databaseUrl,
    busSchema,
    schema,
    subject: `${service}.step.happened.v1`,
    durable: `${service}-effects`,
    relay: true,
    handlerWaitMs: HANDLER_MS,
  };
  const children = [];
  try {
    // One first, so the log's schema is made once; then the others.
    children.push(await startReplica(config));
    for (let i = 1; i < replicas; i += 1) children.push(await startReplica(config));

    const users = Array.from({ length: USERS }, () => randomUUID());
    const steps = Math.ceil(EVENTS / USERS);
    const rows = [];
    const base = Date.now();
    for (let step = 0; step < steps; step += 1) {
      for (const user of users) {
        if (rows.length === EVENTS) break;
        const occurredAt = new Date(base + rows.length).toISOString();
        const eventId = randomUUID();
        rows.push({ eventId, subject: config.subject, payload: { eventId, occurredAt, userId: user, step } });
      }
    }
    await pool.query(
      `INSERT INTO ${s}.outbox_event (id, subject, payload, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::timestamptz[])`,
      [
        rows.map((r) => r.eventId),
        rows.map((r) => r.subject),
        rows.map((r) => JSON.stringify(r.payload)),
        rows.map((r) => r.payload.occurredAt),
      ],
    );
    const cpuBefore = machineCpu();
    const replicaCpuBefore = children.map(processCpuSeconds);
    const started = process.hrtime.bigint();
    for (;;) {
      const { rows: c } = await pool.query(`SELECT count(*)::int AS n FROM ${s}.effect`);
      if (c[0].n >= EVENTS) break;
      if (Number(process.hrtime.bigint() - started) / 1e9 > 300) throw new Error(`drain stalled at ${c[0].n}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuAfter = machineCpu();
    const replicaCpu = children.reduce((sum, child, i) => sum + processCpuSeconds(child) - replicaCpuBefore[i], 0);
    // How many of the machine's cores were busy during the drain (anything running, PostgreSQL included).
    const coresBusy =
      cpuBefore && cpuAfter
        ? (availableParallelism() * (cpuAfter.busy - cpuBefore.busy)) / (cpuAfter.total - cpuBefore.total)
        : NaN;
    await new Promise((resolve) => setTimeout(resolve, 500));

    const { rows: effects } = await pool.query(
      `SELECT event_id::text, user_id, step, replica FROM ${s}.effect ORDER BY id`,
    );
    const perEvent = new Map();
    const lastStep = new Map();
    let outOfOrder = 0;
    for (const e of effects) {
      perEvent.set(e.event_id, (perEvent.get(e.event_id) ?? 0) + 1);
      if ((lastStep.get(e.user_id) ?? -1) >= e.step) outOfOrder += 1;
      lastStep.set(e.user_id, e.step);
    }
    const duplicated = [...perEvent.values()].filter((n) => n > 1).length;
    const lost = EVENTS - perEvent.size;
    const share = [...new Set(effects.map((e) => e.replica))].map((r) => effects.filter((e) => e.replica === r).length);
    return { rate: EVENTS / seconds, seconds, lost, duplicated, outOfOrder, share, coresBusy, replicaCpu };
  } finally {
    await Promise.all(children.map(stop));
    await pool.query(`DROP SCHEMA IF EXISTS ${s} CASCADE; DROP SCHEMA IF EXISTS ${q(busSchema)} CASCADE`);
  }
}

const summary = [];
let broken = false;
for (const bus of buses) {
  const best = { 1: 0, 2: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const replicas of [1, 2]) {
      const r = await run(bus, replicas);
      best[replicas] = Math.max(best[replicas], r.rate);
      if (r.lost || r.duplicated || r.outOfOrder) broken = true;
      console.log(
        `${bus.padEnd(8)} ${replicas} replica${replicas > 1 ? 's' : ' '}  ${r.rate.toFixed(0).padStart(6)} events/s` +
          `  (${EVENTS} in ${r.seconds.toFixed(2)} s; per replica ${r.share.join('/')}; lost ${r.lost}, duplicated ${r.duplicated}, out of order ${r.outOfOrder};` +
          ` cores busy ${r.coresBusy.toFixed(2)} of ${availableParallelism()}, replicas' CPU ${((r.replicaCpu * 1000) / EVENTS).toFixed(2)} ms/event)`,
      );
    }
  }
  summary.push(
    `${bus}: 1 replica ${best[1].toFixed(0)} events/s, 2 replicas ${best[2].toFixed(0)} events/s, ratio ${(best[2] / best[1]).toFixed(2)}`,
  );
}
await pool.end();
if (broken) {
  console.error('ordering promise broken: see lost / duplicated / out of order above');
  process.exitCode = 1;
}
const handler = HANDLER_MS > 0 ? `, handlers waiting ${HANDLER_MS} ms on I/O` : '';
console.log(`bench:events — ${summary.join('; ')} (target ratio ≥ 1.6${handler})`);
