// The bridge executable on its own (protocol, one-shot commands, failure modes), the wrapper's
// engine selection, and the adapter workarounds the bridge depends on.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSchemaEngine, PgMigrationAdapterFactory } from '../src/engine.mjs';
import { findNativeSchemaEngine } from '../src/native-engine.mjs';
import {
  bridgeBin,
  cliEnv,
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  fixturesDir,
  leftoverShadowDatabases,
  makeWorkdir,
  newDatabaseName,
  prisma,
  prismaBin,
  query,
  removeWorkdir,
  runNode,
} from './helpers.mjs';

const TEXT = 7; // ColumnTypeEnum.Text in @prisma/driver-adapter-utils

function rpc(datasource, requests) {
  const input = requests
    .map((request, index) => JSON.stringify({ jsonrpc: '2.0', id: index + 1, ...request }))
    .join('\n');
  return runNode(bridgeBin, ['--datasource', JSON.stringify(datasource)], { input: `${input}\n`, env: cliEnv() });
}

function responses(stdout) {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** An executable standing in for the engine that runs the bridge with extra node/bridge args. */
async function engineShim(dir, { nodeArgs = [], bridgeArgs = [] }) {
  const path = join(dir, 'engine-shim.sh');
  const quote = (value) => `'${value.replaceAll("'", `'\\''`)}'`;
  const command = [process.execPath, ...nodeArgs, bridgeBin].map(quote).join(' ');
  await writeFile(path, `#!/bin/sh\nexec ${command} "$@" ${bridgeArgs.map(quote).join(' ')}\n`);
  await chmod(path, 0o755);
  return path;
}

describe('bridge protocol', () => {
  let db;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    if (db) await dropTestDatabase(db);
  });

  it('prints its version', async () => {
    const result = await runNode(bridgeBin, ['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^schema-engine-wasm [0-9a-f]{40} /);
  });

  it('answers JSON-RPC requests in order and exits 0 when stdin closes', async () => {
    const result = await rpc({ url: databaseUrl(db) }, [
      { method: 'getDatabaseVersion' },
      { method: 'noSuchMethod', params: {} },
      { method: 'dbExecute', params: { datasourceType: { tag: 'url', url: databaseUrl(db) }, script: 'SELEC 1' } },
    ]);
    expect(result.code, result.stderr).toBe(0);
    const [version, unknown, failed] = responses(result.stdout);
    expect(version).toMatchObject({ id: 1, result: expect.stringContaining('PostgreSQL') });
    expect(unknown).toMatchObject({ id: 2, error: { code: -32601 } });
    expect(failed).toMatchObject({
      id: 3,
      error: { code: 4466, data: { is_panic: false, message: expect.stringContaining('syntax error') } },
    });
  });

  it('returns user-facing errors with the engine error shape', async () => {
    const result = await rpc({ url: databaseUrl(newDatabaseName()) }, [
      { method: 'ensureConnectionValidity', params: {} },
    ]);
    expect(result.code).toBe(0);
    const [response] = responses(result.stdout);
    expect(response.error).toMatchObject({
      code: 4466,
      data: { is_panic: false, error_code: 'P1003', message: expect.stringContaining('does not exist') },
    });
  });

  it('reports a wasm panic and exits with 101', async () => {
    const result = await rpc({ url: databaseUrl(db) }, [{ method: 'debugPanic' }]);
    expect(result.code).toBe(101);
    const [response] = responses(result.stdout);
    expect(response.error.data).toMatchObject({ is_panic: true, message: expect.stringContaining('debugPanic') });
  });

  it('exits non-zero at start-up on an invalid --datasource', async () => {
    const result = await runNode(bridgeBin, ['--datasource', '{nope'], { input: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not valid JSON');
  });

  it('implements `cli can-connect-to-database` and `cli create-database`', async () => {
    const name = newDatabaseName();
    const datasource = JSON.stringify({ url: databaseUrl(name, { schema: 'quests' }) });
    try {
      const missing = await runNode(bridgeBin, ['--datasource', datasource, 'cli', 'can-connect-to-database']);
      expect(missing.code).toBe(1);
      // The CLI skips the first stderr line and reads error_code from an ERROR line.
      const [first, ...lines] = missing.stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(first.level).toBe('INFO');
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 'ERROR', fields: expect.objectContaining({ error_code: 'P1003' }) }),
      );

      const created = await runNode(bridgeBin, ['--datasource', datasource, 'cli', 'create-database']);
      expect(created.code, created.stderr).toBe(0);
      const present = await runNode(bridgeBin, ['--datasource', datasource, 'cli', 'can-connect-to-database']);
      expect(present.code, present.stderr).toBe(0);
    } finally {
      await dropTestDatabase(name);
    }
  });
});

describe('CLI exit codes when the engine fails', () => {
  let db;
  let dir;

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await makeWorkdir('quests');
  });

  afterAll(async () => {
    await removeWorkdir(dir);
    if (db) await dropTestDatabase(db);
  });

  it('invalid datasource URL', async () => {
    const result = await prisma(['migrate', 'deploy'], { cwd: dir, databaseUrl: 'mysql://root@127.0.0.1/quests' });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('P1013');
  });

  it('bridge crashing at start-up', async () => {
    const shim = await engineShim(dir, { bridgeArgs: ['--datasource', '{broken'] });
    const result = await prisma(['migrate', 'deploy'], {
      cwd: dir,
      databaseUrl: databaseUrl(db, { schema: 'quests' }),
      env: { PRISMA_SCHEMA_ENGINE_BINARY: shim },
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('not valid JSON');
  });

  it('bridge crashing in the middle of a request', async () => {
    // Preloaded into the bridge only: the first database query of the JSON-RPC server blows up
    // outside of any promise chain, which is what a bug in the bridge or the adapter looks like.
    const crash = join(dir, 'crash-on-first-query.mjs');
    await writeFile(
      crash,
      [
        "import pg from 'pg';",
        "if (!process.argv.includes('cli')) {",
        '  pg.Client.prototype.query = function () {',
        "    setImmediate(() => { throw new Error('simulated bridge crash'); });",
        '    return new Promise(() => {});',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
    const shim = await engineShim(dir, { nodeArgs: ['--import', crash] });
    const result = await prisma(['migrate', 'deploy'], {
      cwd: dir,
      databaseUrl: databaseUrl(db, { schema: 'quests' }),
      env: { PRISMA_SCHEMA_ENGINE_BINARY: shim },
    });
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toContain('simulated bridge crash');
    expect(await query(db, `SELECT 1 FROM pg_namespace WHERE nspname = 'quests'`)).toEqual([]);
  });

  it('engine panic (FORCE_PANIC_SCHEMA_ENGINE)', async () => {
    const result = await prisma(['migrate', 'deploy'], {
      cwd: dir,
      databaseUrl: databaseUrl(db, { schema: 'quests' }),
      env: { FORCE_PANIC_SCHEMA_ENGINE: '1' },
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('debugPanic artificial panic');
  });
});

describe('engine selection in bin/prisma.mjs', () => {
  let dir;

  beforeAll(async () => {
    dir = await makeWorkdir('quests', { withMigrations: false });
  });

  afterAll(() => removeWorkdir(dir));

  it('uses the bridge only when no native engine is installed', async () => {
    const result = await runNode(prismaBin, ['-v'], {
      cwd: dir,
      env: cliEnv({ PRISMA_SCHEMA_ENGINE_BINARY: undefined }),
    });
    expect(result.code, result.output).toBe(0);
    const native = findNativeSchemaEngine();
    if (native) expect(result.stdout).not.toContain('schema-engine-wasm');
    else expect(result.stdout).toMatch(/Schema Engine\s+: schema-engine-wasm [0-9a-f]{40} .*schema-engine\.mjs/);
  });

  it('keeps an engine the caller chose', async () => {
    const shim = await engineShim(dir, {});
    const result = await runNode(prismaBin, ['-v'], { cwd: dir, env: cliEnv({ PRISMA_SCHEMA_ENGINE_BINARY: shim }) });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('engine-shim.sh, resolved by PRISMA_SCHEMA_ENGINE_BINARY');
  });

  it('propagates the CLI exit code', async () => {
    const result = await runNode(prismaBin, ['no-such-command'], { cwd: dir, env: cliEnv() });
    expect(result.code).toBe(1);
  });
});

describe('adapter workarounds', () => {
  let db;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    if (db) await dropTestDatabase(db);
  });

  const relkind = { sql: `SELECT relkind FROM pg_class WHERE relname = 'pg_class'`, args: [], argTypes: [] };

  it('adapter-pg alone still rejects the "char" type (remove the workaround once this fails)', async () => {
    const adapter = await new PrismaPg({ connectionString: databaseUrl(db) }).connect();
    try {
      await expect(adapter.queryRaw(relkind)).rejects.toMatchObject({ cause: { kind: 'UnsupportedNativeDataType' } });
    } finally {
      await adapter.dispose();
    }
  });

  it('the bridge adapter reads "char" columns as text', async () => {
    const factory = new PgMigrationAdapterFactory({ url: databaseUrl(db) });
    try {
      const adapter = await factory.connect();
      const result = await adapter.queryRaw(relkind);
      expect(result.columnTypes).toEqual([TEXT]);
      expect(result.rows).toEqual([['r']]);
    } finally {
      await factory.close();
    }
  });

  it('introspects a database through the wasm engine', async () => {
    await query(db, `CREATE TABLE quest (id uuid PRIMARY KEY, kind "char" NOT NULL DEFAULT 'q')`);
    const schema = await readFile(join(fixturesDir, 'quests', 'prisma', 'schema.prisma'), 'utf8');
    const handle = await openSchemaEngine({ url: databaseUrl(db) });
    try {
      const result = await handle.call('introspect', {
        schema: { files: [{ path: 'schema.prisma', content: schema.replace(/^model[\s\S]*/m, '') }] },
        baseDirectoryPath: fixturesDir,
        force: false,
        compositeTypeDepth: -1,
        namespaces: null,
      });
      expect(result.schema.files[0].content).toMatch(
        /model quest \{[\s\S]*kind\s+String\s+@default\("q"\) @db\.Char\b/,
      );
    } finally {
      await handle.close();
    }
  });

  it('creates the shadow database next to the main one and drops it again', async () => {
    const factory = new PgMigrationAdapterFactory({ url: databaseUrl(db, { schema: 'quests' }) });
    try {
      const shadow = await factory.connectToShadowDb();
      const current = {
        sql: "SELECT current_database() AS db, current_setting('search_path') AS path",
        args: [],
        argTypes: [],
      };
      const { rows } = await shadow.queryRaw(current);
      expect(rows[0][0]).toMatch(new RegExp(`^${db}_shadow_[0-9a-f]{8}$`));
      expect(shadow.getConnectionInfo().schemaName).toBe('quests');
      expect(await leftoverShadowDatabases(db)).toEqual([rows[0][0]]);
      await shadow.dispose();
      expect(await leftoverShadowDatabases(db)).toEqual([]);
    } finally {
      await factory.close();
    }
  });
});
