import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const require = createRequire(import.meta.url);

export const packageDir = fileURLToPath(new URL('..', import.meta.url));
export const fixturesDir = join(packageDir, 'test', 'fixtures');
export const prismaBin = join(packageDir, 'bin', 'prisma.mjs');
export const bridgeBin = join(packageDir, 'bin', 'schema-engine.mjs');
const nodeModulesDir = dirname(dirname(require.resolve('prisma/package.json')));

const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** URL of database `name` on the test server, with extra query parameters (e.g. schema). */
export function databaseUrl(name, params = {}) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  url.searchParams.delete('schema');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

async function withClient(connectionString, fn) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs SQL against database `name` and returns the rows. */
export function query(name, sql, params = []) {
  return withClient(databaseUrl(name), async (client) => (await client.query(sql, params)).rows);
}

/** Creates a throw-away database `vere_pe_<random>`; drop it with dropTestDatabase(). */
export async function createTestDatabase() {
  const name = `vere_pe_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return name;
}

/** A database name that is not created (for commands that create it themselves). */
export function newDatabaseName() {
  return `vere_pe_${randomBytes(6).toString('hex')}`;
}

export async function dropTestDatabase(name) {
  await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Shadow databases of `name` that are still around (the bridge must drop them). */
export async function leftoverShadowDatabases(name) {
  const rows = await withClient(serverUrl, (client) =>
    client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${name}_shadow_%`]),
  );
  return rows.rows.map((row) => row.datname);
}

/** Tables of database `name` outside the system schemas, as "schema.table". */
export async function tables(name) {
  const rows = await query(
    name,
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** Copies a fixture into a temp dir (optionally without its migrations) that can resolve `prisma/config`. */
export async function makeWorkdir(fixture, { withMigrations = true } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'vere-pe-'));
  const source = join(fixturesDir, fixture);
  await cp(source, dir, {
    recursive: true,
    filter: (path) => withMigrations || !path.slice(source.length).includes(`${sep}migrations`),
  });
  await symlink(nodeModulesDir, join(dir, 'node_modules'), 'dir');
  return dir;
}

export function removeWorkdir(dir) {
  return dir ? rm(dir, { recursive: true, force: true }) : undefined;
}

/** Runs a Node script, resolving with its exit code and output (never rejects on failure). */
export function runNode(script, args, { cwd, env, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    // Colour codes (FORCE_COLOR is set under Nx and CI) would split the phrases tests look for.
    child.on('close', (code, signal) => {
      [stdout, stderr] = [stripVTControlCharacters(stdout), stripVTControlCharacters(stderr)];
      resolve({ code, signal, stdout, stderr, output: stdout + stderr });
    });
    child.stdin.end(input ?? '');
  });
}

/** Environment for CLI runs: no telemetry/update checks (there is no internet). */
export function cliEnv(extra = {}) {
  const env = { ...process.env, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1', ...extra };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/** `prisma <args>` through bin/prisma.mjs, forced onto the bridge. */
export function prisma(args, { cwd, databaseUrl: url, env = {} }) {
  return runNode(prismaBin, args, {
    cwd,
    env: cliEnv({ DATABASE_URL: url, PRISMA_SCHEMA_ENGINE_BINARY: bridgeBin, ...env }),
  });
}
