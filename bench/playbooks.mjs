#!/usr/bin/env node
// GET of the playbook list and of one playbook under load: p50/p99 at 50 connections (target p99
// ≤ 50 ms, issue 23). Reuses quests' bench fixture (services/quests/test/bench/prepare.ts: a
// database of its own, players seeded in SQL, one token per caller) and server (quests as it
// ships), then gives half the callers progress in the level-1 playbook (a started playbook and
// four steps done) so the answers carry real state.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     node bench/playbooks.mjs [--seconds 10] [--connections 50] [--players 100000]
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
    players: { type: 'string', default: '100000' },
  },
});
const TARGET_P99_MS = 50;
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  PLAYERS: values.players,
  TOKEN_USERS: '2000',
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

const subjectOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;

const dir = mkdtempSync(join(tmpdir(), 'vere-bench-playbooks-'));
const fixtureFile = join(dir, 'fixture.json');
const fixture = await launch('prepare.ts', [fixtureFile], /ready/);
let failed = false;
try {
  const { databaseUrl, issuer, jwksUrl, tokens } = JSON.parse(readFileSync(fixtureFile, 'utf8'));
  const sql = new pg.Pool({ connectionString: databaseUrl });
  const started = tokens.filter((_, i) => i % 2 === 0).map(subjectOf);
  await sql.query(
    `INSERT INTO quests.playbook_progress (user_id, playbook_id, version, started_at, xp_earned)
     SELECT u::uuid, 'comfort-zone', 1, now(), 135 FROM unnest($1::text[]) u`,
    [started],
  );
  await sql.query(
    `INSERT INTO quests.playbook_step (user_id, playbook_id, step_id, version, kind, xp, completed_at)
     SELECT u::uuid, 'comfort-zone', s.id, 1, s.kind, s.xp, now()
     FROM unnest($1::text[]) u,
       (VALUES ('cz-w1-insight', 'insight', 10), ('cz-w1-quiz', 'quiz', 30), ('cz-w1-challenge', 'challenge', 50),
               ('cz-w2-insight', 'insight', 10)) AS s(id, kind, xp)`,
    [started],
  );
  await sql.query('ANALYZE quests.playbook_progress; ANALYZE quests.playbook_step');
  await sql.end();

  const server = await launch('server.ts', ['service'], /listening (\d+)/, {
    DATABASE_URL: databaseUrl,
    ISSUER: issuer,
    JWKS_URL: jwksUrl,
  });
  const url = `http://127.0.0.1:${server.match[1]}`;
  try {
    const probe = await fetch(`${url}/api/quests/playbooks`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    if (probe.status !== 200) throw new Error(`list answered ${probe.status} ${await probe.text()}`);
    let next = 0;
    const run = (path, seconds = Number(values.seconds)) =>
      autocannon({
        url: `${url}${path}`,
        connections: Number(values.connections),
        duration: seconds,
        requests: [
          {
            method: 'GET',
            path,
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
            }),
          },
        ],
      });
    await run('/api/quests/playbooks', 3); // warm-up: JIT, prepared statements, verified tokens
    console.log(
      `\n${Number(values.players).toLocaleString('en')} players (${started.length} callers with progress), ` +
        `${values.connections} connections, ${values.seconds} s each`,
    );
    for (const path of ['/api/quests/playbooks', '/api/quests/playbooks/comfort-zone']) {
      const r = await run(path);
      const ok = r.latency.p99 <= TARGET_P99_MS && r.non2xx === 0 && r.errors === 0;
      if (!ok) failed = true;
      console.log(
        `GET ${path.padEnd(36)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   ` +
          `p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms ` +
          `(target ≤ ${TARGET_P99_MS})   non-2xx ${r.non2xx}   errors ${r.errors}   ${ok ? 'ok' : 'OVER'}`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await fixture.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
