#!/usr/bin/env node
// How long a service's start-up migration takes in process (@vere/prisma-engine's migrateDeploy,
// which every service runs as it starts) against spawning `prisma migrate deploy`, which it
// replaces, on this machine's PostgreSQL: with two migrations pending and with none (the engine's
// quests fixture). libs/prisma-engine/README.md promises the in-process call is the faster one.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node bench/prisma-migrate.mjs [--runs 3]
//
// (This was a timed case in libs/prisma-engine's tests; a speed belongs here, where it is printed.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../', import.meta.url));
const engineDir = join(root, 'libs', 'prisma-engine');
// The engine's code by path, as a service loads it, not as a package the bench depends on (as
// support/app.mjs reads the launcher's flags).
const { migrateDeploy } = await import(pathToFileURL(join(engineDir, 'src', 'index.mjs')).href);
const fixture = join(engineDir, 'test', 'fixtures', 'quests');
const schemaPath = join(fixture, 'prisma', 'schema.prisma');
const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `prisma migrate deploy` in a copy of the fixture, on the engine's bridge (as its tests run it). */
async function cliDeploy(url) {
  const dir = await mkdtemp(join(tmpdir(), 'vere-bench-migrate-'));
  await cp(fixture, dir, { recursive: true });
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  try {
    const code = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(engineDir, 'bin', 'prisma.mjs'), 'migrate', 'deploy'], {
        cwd: dir,
        env: {
          ...process.env,
          DATABASE_URL: url,
          PRISMA_SCHEMA_ENGINE_BINARY: join(engineDir, 'bin', 'schema-engine.mjs'),
          CHECKPOINT_DISABLE: '1',
          PRISMA_HIDE_UPDATE_MESSAGE: '1',
        },
        stdio: 'ignore',
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`prisma migrate deploy exited with ${code}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const figures = { cliPending: [], inProcessPending: [], cliNone: [], inProcessNone: [] };
for (let run = 0; run < runs; run += 1) {
  for (const way of ['cli', 'inProcess']) {
    const name = `vere_bench_migrate_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    url.searchParams.set('schema', 'quests');
    const deploy =
      way === 'cli' ? () => cliDeploy(url.href) : () => migrateDeploy({ databaseUrl: url.href, schemaPath });
    try {
      figures[`${way}Pending`].push(await timed(deploy));
      figures[`${way}None`].push(await timed(deploy));
    } finally {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (values) => `${Math.round(median(values))} ms (runs ${values.map(Math.round).join(', ')})`;
console.log(`\nA service's start-up migration, median of ${runs}:`);
console.log(
  `  2 pending  prisma migrate deploy ${ms(figures.cliPending)}, migrateDeploy ${ms(figures.inProcessPending)}`,
);
console.log(`  none       prisma migrate deploy ${ms(figures.cliNone)}, migrateDeploy ${ms(figures.inProcessNone)}`);
const faster = median(figures.inProcessNone) < median(figures.cliNone);
console.log(`  in process faster with nothing pending: ${faster ? 'yes' : 'NO'}`);
process.exitCode = faster ? 0 : 1;
