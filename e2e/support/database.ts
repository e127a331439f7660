import { join } from 'node:path';
import { runningEmbeddedPostgres } from '@vere/dev-db';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { Stack } from './stack';

/**
 * The stack's embedded PostgreSQL (every service's schema lives in the database `vere`), for what
 * no API offers (giving Pro without a store, reading what a service stored). One small pool per test
 * file, opened on first use and ended after the file.
 */
export function stackDatabase(): (stack: Stack) => pg.Pool {
  let pool: pg.Pool | undefined;
  afterAll(async () => {
    await pool?.end();
  });
  return (stack) => {
    if (!pool) {
      const url = runningEmbeddedPostgres(join(stack.dataDir, 'postgres'), 'vere');
      if (!url) throw new Error('the stack has no running embedded PostgreSQL');
      pool = new pg.Pool({ connectionString: url, max: 2 });
      // The stack (and its PostgreSQL) may stop before the pool ends: the server then closes the idle
      // connections, which is expected here and must not become an uncaught error (it failed a CI run).
      pool.on('error', () => undefined);
    }
    return pool;
  };
}
