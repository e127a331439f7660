#!/usr/bin/env node
// One data client per service (decision 0031): quests' hot-path statements through plain `pg` and
// through Prisma 7 (@prisma/adapter-pg on the same pool), in one run on one database. Prints ops/s,
// p50/p99 and the ratio to `pg` for each statement, at 1 and at 20 concurrent callers.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     node bench/data-clients.mjs [--seconds 0.5] [--rounds 6] [--players 10000]
//
// Statements (the .sql files under bench/data-clients/sql, run as they are by every client):
//   read    a player's progress row by user id (players-repository)
//   accept  the accept hot path's one-statement check-and-count (deck-repository's ACCEPT_SQL)
//   tx      BEGIN; XP award (UPDATE … RETURNING); outbox INSERT; COMMIT, through each client's
//           transaction API (pool.connect + BEGIN/COMMIT as service-kit's pgTransactions does, and
//           prisma.$transaction(fn) as prismaTransactions does)
// Clients: `pg` pool.query with a parameterised statement, the same with a named prepared statement
// (what quests ships), Prisma TypedSQL ($queryRawTyped) as configured by default (unnamed statements)
// and with adapter-pg's statementNameGenerator (named, cached per connection like pg's), and Prisma's
// model API where one exists (default adapter). Prisma folds findUnique calls made in the same tick
// into one `WHERE … IN (…)` query, so at 20 callers findUnique also measures that batching.
//
// TypedSQL: `prisma generate --sql` cannot run here. It asks the schema engine to describe each .sql
// file (introspectSql), and the WebAssembly engine we run instead of the native one (decision 0002)
// overflows its stack on that call. What it would generate per file is only
// `makeTypedQueryFactory(<the file's text>)` plus TypeScript types, so the bench builds the same
// factories from the same files at start-up: the run-time path ($queryRawTyped) is the generated
// one, only the types are missing. The client itself is generated (`prisma generate`, typedSql
// preview on) into bench/data-clients/src/generated, which git ignores.
//
// A throw-away database on DATABASE_URL's server (loopback only) gets the schema through
// `prisma db push` and is dropped at the end. Each round runs every client for --seconds per cell,
// in alternating order (drift on a shared machine — WAL, autovacuum, other processes — spreads over
// all clients); a warm-up before the first round fills JIT, prepared statements and Prisma's caches.
// Figures are medians over the rounds, and a ratio is the median of the per-round ratios (each
// client against pg in the same round), which holds up better than means when other processes
// come and go. With the defaults a run takes about 100 s.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PrismaPg } from '@prisma/adapter-pg';
import { makeTypedQueryFactory } from '@prisma/client/runtime/client';
import pg from 'pg';
import { register } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '0.5' },
    rounds: { type: 'string', default: '6' },
    players: { type: 'string', default: '10000' },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const PLAYERS = Number(values.players);
const POOL_SIZE = 10; // service-kit's createPool default: every service runs on this
const CALLERS = [1, 20];
const SCHEMA = 'quests';

const dir = fileURLToPath(new URL('./data-clients/', import.meta.url));
const prismaCli = fileURLToPath(new URL('../libs/prisma-engine/bin/prisma.mjs', import.meta.url));
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
if (!['127.0.0.1', 'localhost', '[::1]'].includes(serverUrl.hostname)) {
  throw new Error(
    `bench/data-clients.mjs measures client overhead over loopback only; DATABASE_URL names ${serverUrl.hostname}`,
  );
}
serverUrl.searchParams.delete('schema');
const dbName = `vere_bench_clients_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;

/** Runs the Prisma CLI (through the wasm engine bridge) on the bench's schema; throws with its output. */
function prisma(...args) {
  const url = new URL(dbUrl);
  url.searchParams.set('schema', SCHEMA);
  const r = spawnSync(process.execPath, [prismaCli, ...args], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: url.toString() },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`prisma ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

const sqlFile = (name) => readFileSync(join(dir, 'sql', `${name}.sql`), 'utf8');
const SQL = Object.fromEntries(
  ['playerProgress', 'acceptSidequest', 'awardXp', 'writeOutbox'].map((n) => [n, sqlFile(n)]),
);
// What `prisma generate --sql` writes into the client's sql/ module for each file (see above).
const typed = Object.fromEntries(Object.entries(SQL).map(([n, text]) => [n, makeTypedQueryFactory(text)]));

const runStarted = performance.now();
const admin = new pg.Client({ connectionString: serverUrl.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
let pool;
let client;
let clientNamed;
try {
  const started = performance.now();
  prisma('db', 'push');
  prisma('generate');
  register(); // the generated client is TypeScript
  const { PrismaClient } = await import('./data-clients/src/generated/prisma/client.ts');

  pool = new pg.Pool({ connectionString: dbUrl.toString(), max: POOL_SIZE, application_name: 'vere-bench-clients' });
  // The DROP … WITH (FORCE) at the end may reach a connection that is still closing.
  pool.on('error', (err) => {
    if (err.code !== '57P01') console.error(err);
  });
  client = new PrismaClient({ adapter: new PrismaPg(pool, { schema: SCHEMA }) });
  const names = new Map();
  const statementNameGenerator = ({ sql }) => names.get(sql) ?? names.set(sql, `bench-prisma-${names.size}`).get(sql);
  clientNamed = new PrismaClient({ adapter: new PrismaPg(pool, { schema: SCHEMA, statementNameGenerator }) });
  const users = (
    await pool.query(
      `INSERT INTO quests.player (user_id, name, updated_at) SELECT gen_random_uuid(), 'Player ' || i, now() FROM generate_series(1, $1) i RETURNING user_id`,
      [PLAYERS],
    )
  ).rows.map((r) => r.user_id);
  const cards = (
    await pool.query(
      `INSERT INTO quests.sidequest (id, type, title, description, duration, xp)
     SELECT gen_random_uuid(), 'daily', 'Card ' || i, 'Say hello to a stranger.', '5 min', 20 FROM generate_series(1, 50) i RETURNING id`,
    )
  ).rows.map((r) => r.id);
  await pool.query('VACUUM ANALYZE quests.player');
  console.log(
    `database ${dbName}: schema pushed, client generated, ${PLAYERS.toLocaleString('en')} players seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const today = new Date().toISOString().slice(0, 10);
  // A swipe limit nobody reaches: every accept counts and inserts a to-do, for every client alike.
  const acceptArgs = () => {
    const now = new Date();
    return [pick(users), pick(cards), today, now, 1_000_000_000, false, new Date(now.getTime() + 86_400_000), today];
  };
  const outboxArgs = (userId, totalXp) => [
    randomUUID(),
    'quests.xp.awarded.v1',
    JSON.stringify({ eventId: randomUUID(), userId, amount: 5, totalXP: totalXp }),
    new Date(),
  ];
  const named = (name, text, values) => pool.query({ name, text, values });

  /** pg's unit of work, as service-kit's pgTransactions runs it. */
  async function pgTransaction(work) {
    const c = await pool.connect();
    let broken;
    try {
      await c.query('BEGIN');
      const result = await work(c);
      await c.query('COMMIT');
      return result;
    } catch (err) {
      await c.query('ROLLBACK').catch((e) => {
        broken = e;
      });
      throw err;
    } finally {
      c.release(broken);
    }
  }
  // Prisma's defaults (2 s to get a connection, 5 s to finish) can fail under 20 callers on a loaded
  // machine; pg has no such limits, so neither does the Prisma side here.
  const prismaTransaction = (prisma, work) => prisma.$transaction(work, { maxWait: 30_000, timeout: 30_000 });
  const typedAward = (prisma) => () =>
    prismaTransaction(prisma, async (tx) => {
      const userId = pick(users);
      const [p] = await tx.$queryRawTyped(typed.awardXp(userId, 5));
      await tx.$queryRawTyped(typed.writeOutbox(...outboxArgs(userId, p.totalXp)));
      return p;
    });

  const STATEMENTS = [
    {
      key: 'read',
      title: "by-key read: a player's progress row by user id",
      clients: {
        'pg pool.query': async () => (await pool.query(SQL.playerProgress, [pick(users)])).rows[0],
        'pg named prepared': async () => (await named('bench-progress', SQL.playerProgress, [pick(users)])).rows[0],
        'Prisma TypedSQL': async () => (await client.$queryRawTyped(typed.playerProgress(pick(users))))[0],
        'Prisma TypedSQL named': async () => (await clientNamed.$queryRawTyped(typed.playerProgress(pick(users))))[0],
        'Prisma findUnique': () =>
          client.player.findUnique({ where: { userId: pick(users) }, select: { totalXp: true, timeZone: true } }),
      },
    },
    {
      key: 'accept',
      title: 'accept: one-statement check-and-count + to-do (ACCEPT_SQL)',
      clients: {
        'pg pool.query': async () => (await pool.query(SQL.acceptSidequest, acceptArgs())).rows[0],
        'pg named prepared': async () => (await named('bench-accept', SQL.acceptSidequest, acceptArgs())).rows[0],
        'Prisma TypedSQL': async () => (await client.$queryRawTyped(typed.acceptSidequest(...acceptArgs())))[0],
        'Prisma TypedSQL named': async () =>
          (await clientNamed.$queryRawTyped(typed.acceptSidequest(...acceptArgs())))[0],
      },
    },
    {
      key: 'tx',
      title: 'transaction: BEGIN; XP award UPDATE; outbox INSERT; COMMIT',
      clients: {
        'pg pool.query': () =>
          pgTransaction(async (c) => {
            const userId = pick(users);
            const {
              rows: [p],
            } = await c.query(SQL.awardXp, [userId, 5]);
            await c.query(SQL.writeOutbox, outboxArgs(userId, p.totalXp));
            return p;
          }),
        'pg named prepared': () =>
          pgTransaction(async (c) => {
            const userId = pick(users);
            const {
              rows: [p],
            } = await c.query({ name: 'bench-award', text: SQL.awardXp, values: [userId, 5] });
            await c.query({ name: 'bench-outbox', text: SQL.writeOutbox, values: outboxArgs(userId, p.totalXp) });
            return p;
          }),
        'Prisma TypedSQL': typedAward(client),
        'Prisma TypedSQL named': typedAward(clientNamed),
        'Prisma model API': () =>
          prismaTransaction(client, async (tx) => {
            const userId = pick(users);
            const p = await tx.player.update({
              where: { userId },
              data: { totalXp: { increment: 5 } },
              select: { totalXp: true },
            });
            const [id, subject, payload, occurredAt] = outboxArgs(userId, p.totalXp);
            await tx.outboxEvent.create({
              data: { id, subject, payload: JSON.parse(payload), occurredAt },
              select: { id: true },
            });
            return p;
          }),
      },
    },
  ];

  // Every client must answer the same thing before its speed means anything.
  for (const s of STATEMENTS) {
    for (const [name, op] of Object.entries(s.clients)) {
      const row = await op();
      const ok =
        s.key === 'read'
          ? typeof row?.totalXp === 'number' && row.timeZone === 'UTC'
          : s.key === 'accept'
            ? row?.sidequestType === 'daily' && row.usage?.swipes_used >= 1 && typeof row.todo?.id === 'string'
            : typeof row?.totalXp === 'number' && row.totalXp >= 5;
      if (!ok) throw new Error(`${s.key} through ${name} answered ${JSON.stringify(row)}`);
    }
  }

  /**
   * `callers` loops calling `op` back to back for `seconds`: completed ops per second, each one's
   * latency (ms) and this process's CPU time per op (µs; PostgreSQL's work is not in it).
   */
  async function measure(op, callers, seconds) {
    const latencies = [];
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < deadline) {
          const t = performance.now();
          await op();
          latencies.push(performance.now() - t);
        }
      }),
    );
    const { user, system } = process.cpuUsage(cpu);
    return {
      ops: latencies.length / ((performance.now() - started) / 1000),
      latencies,
      cpu: (user + system) / latencies.length,
    };
  }

  for (const s of STATEMENTS) for (const op of Object.values(s.clients)) await measure(op, 20, 0.5);

  const results = new Map(); // `${statement}|${callers}|${client}` -> { ops: number[], latencies: number[] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const callers of CALLERS) {
      for (const s of STATEMENTS) {
        const names = Object.keys(s.clients);
        if (round % 2 === 1) names.reverse();
        for (const name of names) {
          const r = await measure(s.clients[name], callers, SECONDS);
          const key = `${s.key}|${callers}|${name}`;
          const acc = results.get(key) ?? { ops: [], latencies: [], cpu: [] };
          acc.ops.push(r.ops);
          acc.cpu.push(r.cpu);
          for (const l of r.latencies) acc.latencies.push(l);
          results.set(key, acc);
        }
      }
    }
  }

  const {
    rows: [{ server_version: version }],
  } = await pool.query('SHOW server_version');
  console.log(
    `\nPostgreSQL ${version} on loopback, one pg.Pool of ${POOL_SIZE} shared by all clients, ${ROUNDS} rounds × ${SECONDS} s per cell, alternating order`,
  );
  console.log('ops/s: median of the rounds (min–max); p50/p99: over every call of every round');
  console.log(
    "cpu µs: the bench process's CPU time per op (client side only), median of the rounds; other load on the machine moves it least",
  );
  const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
  };
  console.log(
    'vs pg: ops/s over `pg` in the same statement mode (unnamed: pool.query; named: pg named prepared), median of the rounds',
  );
  console.log('vs quests: the same over pg named prepared, what quests ships');
  for (const s of STATEMENTS) {
    console.log(`\n${s.title}`);
    console.log(
      `  callers  ${'client'.padEnd(22)} ${'ops/s'.padStart(7)}  ${'rounds (min–max)'.padEnd(16)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'cpu µs'.padStart(7)}  vs pg  vs quests`,
    );
    for (const callers of CALLERS) {
      const opsOf = (name) => results.get(`${s.key}|${callers}|${name}`).ops;
      const ratio = (ops, base) => median(ops.map((o, round) => o / base[round]));
      for (const name of Object.keys(s.clients)) {
        const r = results.get(`${s.key}|${callers}|${name}`);
        const sorted = r.latencies.sort((a, b) => a - b);
        const base = opsOf(
          name.endsWith('named') || name.endsWith('named prepared') ? 'pg named prepared' : 'pg pool.query',
        );
        console.log(
          `  ${String(callers).padStart(7)}  ${name.padEnd(22)} ${String(Math.round(median(r.ops))).padStart(7)}  ${`${Math.round(Math.min(...r.ops))}–${Math.round(Math.max(...r.ops))}`.padEnd(16)} ` +
            `${quantile(sorted, 0.5).toFixed(2).padStart(7)} ${quantile(sorted, 0.99).toFixed(2).padStart(7)} ${String(Math.round(median(r.cpu))).padStart(7)}  ${ratio(r.ops, base).toFixed(2).padStart(5)}  ${ratio(r.ops, opsOf('pg named prepared')).toFixed(2).padStart(9)}`,
        );
      }
    }
  }
} finally {
  await client?.$disconnect();
  await clientNamed?.$disconnect();
  await pool?.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  console.log(`\nwhole run ${((performance.now() - runStarted) / 1000).toFixed(0)} s; database ${dbName} dropped`);
}
