#!/usr/bin/env node
// Token verification on the hot path, two comparisons in one run (GET /api/quests/me/progress):
//
// 1. Through the edge (the app on the embedded default, API only, a fresh data folder): the
//    authenticated GET against the same route answering 401 without a token. The 401 path does no
//    database work, so this ratio mixes the token check with the query (target ≥ 0.5).
// 2. Direct (both on loopback, no edge): quests as it ships (token verified, schemas, hooks, logging)
//    against a bare Fastify + `pg` handler running the same two reads for the same answer, with the
//    user id taken unverified from the token (services/quests/test/bench/server.ts `bare`), on a
//    throw-away database of 10,000 players (services/quests/test/bench/prepare.ts); 1,000 callers,
//    each reusing its token, servers run in the order service, bare, bare, service. Target ≥ 0.9.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     node bench/auth-throughput.mjs [--seconds 10] [--connections 50] [--only direct|edge]
//
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process (direct: service-*.cpuprofile,
// bare-*.cpuprofile) and of the app (edge) there, for a flame graph (e.g. speedscope). BENCH_JSON=<file> writes the ratios as JSON.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startApp } from './support/app.mjs';
import { launch, resultLine, withCpu } from './support/quests-servers.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
const path = '/api/quests/me/progress';
const profileDir = process.env.BENCH_CPU_PROF;
const summary = {};

/** autocannon on `url` + path, each request with the next of `tokens` (none: no header). */
function run(url, tokens) {
  let next = 0;
  return autocannon({
    url: `${url}${path}`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (req) =>
          tokens.length
            ? { ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }
            : req,
      },
    ],
  });
}

async function throughTheEdge() {
  const app = await startApp({ apiOnly: true, cpuProfileDir: profileDir });
  try {
    const signUp = await fetch(`${app.url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench.${Date.now()}@example.com`, password: 'Challenge1!', name: 'Bench' }),
    });
    const { accessToken } = await signUp.json();
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
      if (res.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const anonymous = await run(app.url, []);
    const signedIn = await run(app.url, [accessToken]);
    console.log(`\nGET ${path} through the edge, ${values.connections} connections, ${values.seconds} s each`);
    console.log(resultLine('  without a token (401)', anonymous));
    console.log(resultLine('  with a valid token (200)', signedIn));
    summary.edge = { ratio: signedIn.requests.average / anonymous.requests.average, non2xx: signedIn.non2xx };
  } finally {
    await app.stop();
  }
}

async function direct() {
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    PLAYERS: '10000',
    TOKEN_USERS: '1000',
  };
  const dir = mkdtempSync(join(tmpdir(), 'vere-bench-auth-'));
  const fixtureFile = join(dir, 'fixture.json');
  const fixture = await launch('prepare.ts', [fixtureFile], /ready/, env);
  try {
    const { databaseUrl, issuer, jwksUrl, tokens } = JSON.parse(readFileSync(fixtureFile, 'utf8'));
    const results = { service: [], bare: [] };
    for (const kind of ['service', 'bare', 'bare', 'service']) {
      const server = await launch(
        'server.ts',
        [kind],
        /listening (\d+)/,
        { ...env, DATABASE_URL: databaseUrl, ISSUER: issuer, JWKS_URL: jwksUrl },
        profileDir
          ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`]
          : [],
      );
      const url = `http://127.0.0.1:${server.match[1]}`;
      try {
        const probe = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
        if (probe.status !== 200) throw new Error(`${kind}: ${path} answered ${probe.status} ${await probe.text()}`);
        await run(url, tokens); // warm-up: JIT, prepared statements, verified tokens
        results[kind].push(await withCpu(server, () => run(url, tokens)));
      } finally {
        await server.stop();
      }
    }
    console.log(
      `\nGET ${path} direct, ${values.connections} connections, ${values.seconds} s each, ${tokens.length} callers`,
    );
    for (const r of results.service) console.log(resultLine('  quests service', r));
    for (const r of results.bare) console.log(resultLine('  bare, user id unverified', r));
    const mean = (rs, f = (r) => r.requests.average) => rs.reduce((sum, r) => sum + f(r), 0) / rs.length;
    const cpu = (r) => r.cpuMsPerRequest;
    console.log(
      `  mean req/s: service ${Math.round(mean(results.service))}, bare ${Math.round(mean(results.bare))}; ` +
        `server CPU per request: service ${mean(results.service, cpu).toFixed(2)} ms, bare ${mean(results.bare, cpu).toFixed(2)} ms`,
    );
    summary.direct = {
      ratio: mean(results.service) / mean(results.bare),
      cpuRatio: mean(results.service, cpu) / mean(results.bare, cpu),
      non2xx: results.service.reduce((n, r) => n + r.non2xx, 0),
    };
  } finally {
    await fixture.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.only !== 'edge') await direct();
if (values.only !== 'direct') await throughTheEdge();

console.log('');
let ok = true;
if (summary.direct) {
  console.log(
    `ratio service / bare same-query handler (direct): ${summary.direct.ratio.toFixed(2)} (target ≥ 0.90); ` +
      `server CPU per request ${summary.direct.cpuRatio.toFixed(2)}× the bare handler's`,
  );
  ok &&= summary.direct.ratio >= 0.9 && summary.direct.non2xx === 0;
}
if (summary.edge) {
  console.log(`ratio authenticated / 401 (through the edge): ${summary.edge.ratio.toFixed(2)} (target ≥ 0.50)`);
  ok &&= summary.edge.ratio >= 0.5 && summary.edge.non2xx === 0;
}
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(summary));
process.exitCode = ok ? 0 : 1;
