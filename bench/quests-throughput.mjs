#!/usr/bin/env node
// Accept-swipe and the leaderboards (all time and this week, each with the caller's own rank) under load with 1,000,000 players: requests/s and p50/p99 of quests
// as it ships next to a bare Fastify + `pg` handler running the same SQL, in one run, and their
// ratio (target ≥ 0.6: the service's auth, schemas and rules must not cost more than 40 %).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     node bench/quests-throughput.mjs [--seconds 10] [--connections 50] [--players 1000000]
//
// services/quests/test/bench/prepare.ts makes a database of its own on DATABASE_URL's server (dropped
// at the end), migrated by quests, with the players seeded in SQL, and signs one token per caller.
// Each server (services/quests/test/bench/server.ts) then runs in a process of its own, twice, in the
// order service, bare, bare, service: on a small machine figures drift during a run (WAL,
// autovacuum, caches), and alternating cancels most of it. Accepts rotate over 5,000 callers (5
// swipes each, five different cards), so a run stays under the daily limits and answers 201s; the service's cache of
// verified tokens (10,000) holds them all after the warm-up, as a client reuses its token.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { root } from './support/app.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    players: { type: 'string', default: '1000000' },
  },
});
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  PLAYERS: values.players,
};

/** Runs a TypeScript file of services/quests/test/bench and resolves when it prints a line matching `ready`. */
async function launch(file, args, ready, extraEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'services/quests/test/bench', file), ...args], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  for await (const chunk of child.stdout) {
    out += chunk;
    const m = ready.exec(out);
    if (m)
      return {
        match: m,
        stop: async () => {
          if (child.exitCode === null) {
            child.kill('SIGTERM');
            await once(child, 'exit');
          }
        },
      };
  }
  throw new Error(`${file} ${args.join(' ')} exited before it was ready:\n${out}`);
}

const line = (name, r) =>
  `${name.padEnd(30)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   ` +
  `statuses ${Object.entries(r.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ')}   errors ${r.errors}`;

const dir = mkdtempSync(join(tmpdir(), 'vere-bench-quests-'));
const fixtureFile = join(dir, 'fixture.json');
const fixture = await launch('prepare.ts', [fixtureFile], /ready/);
try {
  const { databaseUrl, issuer, jwksUrl, sidequestIds, tokens, seededSeconds } = JSON.parse(
    readFileSync(fixtureFile, 'utf8'),
  );
  console.log(`seeded ${Number(values.players).toLocaleString('en')} players in ${seededSeconds.toFixed(1)} s`);
  const sql = new pg.Pool({ connectionString: databaseUrl });
  // Request k is caller k mod 5,000 accepting card floor(k / 5,000): five different cards per caller.
  const bodies = sidequestIds.map((sidequestId) => JSON.stringify({ sidequestId }));
  const results = { service: [], bare: [] };
  for (const kind of ['service', 'bare', 'bare', 'service']) {
    await sql.query('TRUNCATE quests.todo, quests.daily_usage, quests.sidequest_seen');
    const server = await launch('server.ts', [kind], /listening (\d+)/, {
      DATABASE_URL: databaseUrl,
      ISSUER: issuer,
      JWKS_URL: jwksUrl,
    });
    const url = `http://127.0.0.1:${server.match[1]}`;
    try {
      const probe = await fetch(`${url}/api/quests/leaderboard`, { headers: { authorization: `Bearer ${tokens[0]}` } });
      if (probe.status !== 200) throw new Error(`${kind}: leaderboard answered ${probe.status} ${await probe.text()}`);
      let next = 0;
      const run = (method, path, extra = {}) =>
        autocannon({
          url: `${url}${path}`,
          method,
          connections: Number(values.connections),
          duration: Number(values.seconds),
          requests: [
            {
              method,
              path,
              ...extra,
              setupRequest: (req) => ({
                ...req,
                ...(extra.cards && { body: bodies[Math.floor(next / tokens.length) % bodies.length] }),
                headers: {
                  ...req.headers,
                  ...extra.headers,
                  authorization: `Bearer ${tokens[next++ % tokens.length]}`,
                },
              }),
            },
          ],
        });
      await run('GET', '/api/quests/leaderboard'); // warm-up: JIT, prepared statements, verified tokens
      results[kind].push({
        accept: await run('POST', '/api/quests/me/swipes/accept', {
          cards: true,
          headers: { 'content-type': 'application/json' },
        }),
        leaderboard: await run('GET', '/api/quests/leaderboard'),
        weekly: await run('GET', '/api/quests/leaderboard?period=week'),
      });
    } finally {
      await server.stop();
    }
  }
  await sql.end();

  console.log(
    `\n${Number(values.players).toLocaleString('en')} players, ${values.connections} connections, ${values.seconds} s each`,
  );
  let ok = true;
  const titles = {
    accept: 'POST /api/quests/me/swipes/accept',
    leaderboard: 'GET /api/quests/leaderboard (everyone, all time: top 10 + own rank)',
    weekly: 'GET /api/quests/leaderboard?period=week (everyone, this week: top 10 + own rank)',
  };
  for (const name of ['accept', 'leaderboard', 'weekly']) {
    console.log(`\n${titles[name]}`);
    for (const r of results.service) console.log(line('  quests service', r[name]));
    for (const r of results.bare) console.log(line('  bare Fastify + pg, same SQL', r[name]));
    const mean = (rs) => rs.reduce((sum, r) => sum + r[name].requests.average, 0) / rs.length;
    const ratio = mean(results.service) / mean(results.bare);
    console.log(`  mean req/s: service ${Math.round(mean(results.service))}, bare ${Math.round(mean(results.bare))}`);
    console.log(`  ratio service / bare: ${ratio.toFixed(2)} (target ≥ 0.60)`);
    ok &&= ratio >= 0.6;
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  await fixture.stop();
  rmSync(dir, { recursive: true, force: true });
}
