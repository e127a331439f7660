import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * One pg pool per service process: Prisma (through @prisma/adapter-pg), the outbox relay and
 * GET /ready share it.
 */
export function createPool(
  databaseUrl: string,
  applicationName: string,
  logger?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  max = 10,
): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, application_name: applicationName, max });
  // An idle client losing its connection must not crash the process: the pool replaces it.
  // 57P01 (admin_shutdown) is the server stopping, e.g. the embedded database on Ctrl-C: expected.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code === '57P01') logger?.info('database server is shutting down; idle connection closed');
    else logger?.warn({ err }, 'idle database connection lost');
  });
  return pool;
}
