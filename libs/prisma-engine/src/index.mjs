// Programmatic migrations for service start-up and tests: `prisma migrate deploy`, in-process.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connectionError, createDatabase } from './database.mjs';
import { datasourceSchemas, EngineError, openSchemaEngine, parseDatabaseUrl, quoteIdent } from './engine.mjs';

export { EngineError, EnginePanic } from './engine.mjs';

/** Absolute path of the bridge executable, for PRISMA_SCHEMA_ENGINE_BINARY. */
export const schemaEngineBinaryPath = fileURLToPath(new URL('../bin/schema-engine.mjs', import.meta.url));

// Serialises migrateDeploy() calls per database across processes. Deliberately not the engine's
// own key (72707369): the engine takes that one itself, on its own connection.
const DEPLOY_LOCK_KEY = 7_262_707_369n;

/**
 * Applies pending migrations like `prisma migrate deploy`: same engine, same `_prisma_migrations`
 * bookkeeping (in the URL's `?schema=`, `public` if absent); creates the database and the schema
 * if missing. Idempotent; concurrent callers wait for each other on a Postgres advisory lock.
 *
 * @param {{ databaseUrl: string, schemaPath: string, migrationsDir?: string, lockTimeoutMs?: number }} options
 * @returns {Promise<{ applied: string[] }>}
 */
export async function migrateDeploy({ databaseUrl, schemaPath, migrationsDir, lockTimeoutMs = 300_000 }) {
  if (!schemaPath) throw new TypeError('migrateDeploy: `schemaPath` is required');
  const target = parseDatabaseUrl(databaseUrl);
  const datamodels = await loadSchemaFiles(resolve(schemaPath));
  const migrationsPath = resolve(migrationsDir ?? (await defaultMigrationsDir(resolve(schemaPath))));
  const migrationsList = await loadMigrationsList(migrationsPath);
  const schemas = new Set([target.schema ?? 'public', ...datasourceSchemas(datamodels)]);

  return withDeployLock(target, lockTimeoutMs, async (client) => {
    // Nothing to do (a service restarting, a test database cloned from a migrated template): answer
    // without starting the engine, which costs about a second.
    if (await everyMigrationApplied(client, target.schema ?? 'public', migrationsList)) return { applied: [] };
    for (const schema of schemas) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    const handle = await openSchemaEngine({ url: databaseUrl, datamodels });
    try {
      const { appliedMigrationNames } = await handle.call('applyMigrations', {
        migrationsList,
        filters: { externalTables: [], externalEnums: [] },
      });
      return { applied: appliedMigrationNames };
    } finally {
      await handle.close();
    }
  });
}

/**
 * Whether `_prisma_migrations` in `schema` records every migration of the folder as applied, with the
 * checksum of its file as it is now (the engine's sha256 of migration.sql), none failed or unknown to
 * the folder. Anything else (no table yet, a new, edited, failed or foreign migration) goes to the
 * engine, which applies or reports it as `prisma migrate deploy` does.
 */
async function everyMigrationApplied(client, schema, migrationsList) {
  let rows;
  try {
    ({ rows } = await client.query(
      `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
       FROM ${quoteIdent(schema)}._prisma_migrations`,
    ));
  } catch (error) {
    if (error?.code === '42P01' || error?.code === '3F000') return false; // no table or no schema yet
    throw error;
  }
  const live = rows.filter((r) => !r.rolled_back);
  if (live.some((r) => !r.finished)) return false;
  const applied = new Map(live.map((r) => [r.migration_name, r.checksum]));
  if (applied.size !== migrationsList.migrationDirectories.length) return false;
  return migrationsList.migrationDirectories.every(
    (m) =>
      m.migrationFile.content.tag === 'ok' &&
      applied.get(m.path) === createHash('sha256').update(m.migrationFile.content.value).digest('hex'),
  );
}

async function connect(target) {
  const client = new pg.Client({ connectionString: target.connectionString });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw connectionError(error, target);
  }
}

async function withDeployLock(target, lockTimeoutMs, fn) {
  let client;
  try {
    client = await connect(target);
  } catch (error) {
    // Like `prisma migrate deploy`, create a missing database (a concurrent caller may win).
    if (error?.code !== 'P1003') throw error;
    await createDatabase(target.withDatabase(target.database)).catch((createError) => {
      if (createError?.code !== 'P1009') throw createError;
    });
    client = await connect(target);
  }
  try {
    await client.query(`SET lock_timeout = ${Math.max(0, Math.floor(lockTimeoutMs))}`);
    try {
      await client.query('SELECT pg_advisory_lock($1)', [DEPLOY_LOCK_KEY.toString()]);
    } catch (error) {
      if (error?.code !== '55P03') throw error;
      throw new EngineError(
        'P1002',
        `Timed out after ${lockTimeoutMs}ms waiting for another migrateDeploy() on \`${target.database}\`.`,
      );
    }
    await client.query('SET lock_timeout = 0');
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [DEPLOY_LOCK_KEY.toString()]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Reads a schema file, or every *.prisma file below a schema folder (multi-file schemas). */
async function loadSchemaFiles(schemaPath) {
  const info = await stat(schemaPath);
  const paths = info.isDirectory()
    ? (await readdir(schemaPath, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && entry.name.endsWith('.prisma'))
        .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
        .sort()
    : [schemaPath];
  return Promise.all(paths.map(async (path) => [path, await readFile(path, 'utf8')]));
}

async function defaultMigrationsDir(schemaPath) {
  const info = await stat(schemaPath);
  return join(info.isDirectory() ? schemaPath : dirname(schemaPath), 'migrations');
}

/** Same shape and ordering as the Prisma CLI's migrations list. */
async function loadMigrationsList(baseDir) {
  const lockfilePath = 'migration_lock.toml';
  const lockfileContent = await readFile(join(baseDir, lockfilePath), 'utf8').catch(() => null);
  const entries = await readdir(baseDir, { withFileTypes: true }).catch((error) => {
    if (error?.code === 'ENOENT') return [];
    throw error;
  });
  const migrationDirectories = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => ({
        path: entry.name,
        migrationFile: {
          path: 'migration.sql',
          content: await readFile(join(baseDir, entry.name, 'migration.sql'), 'utf8').then(
            (value) => ({ tag: 'ok', value }),
            (error) => ({ tag: 'error', value: error.message }),
          ),
        },
      })),
  );
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir,
    lockfile: { path: lockfilePath, content: lockfileContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}
