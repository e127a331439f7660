import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { migrateDeploy } from '@vere/prisma-engine';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createPool } from './database';

/**
 * Every service's PrismaClient options (identity's and billing's `new PrismaClient({ adapter,
 * ...PRISMA_CLIENT_OPTIONS })`).
 * - errorFormat 'minimal', as Prisma picks under NODE_ENV=production, in every environment: otherwise
 *   every query records its call site (an Error) and the first failed query decodes Prisma's source
 *   map for its message, ~5 MB kept for the life of the process (bench/soak.mjs; decision 0064).
 * - An interactive transaction waits up to 10 s for a connection and runs up to 10 s. Prisma's
 *   defaults (2 s and 5 s) failed identity's start-up (`SigningKeys.load`: "Unable to start a
 *   transaction in the given time") while CI's load average was 13 on two cores; a request that
 *   waits that long is shed earlier by the pool's queue limit (load-shedding.ts) anyway.
 */
export const PRISMA_CLIENT_OPTIONS = {
  errorFormat: 'minimal',
  transactionOptions: { maxWait: 10_000, timeout: 10_000 },
} as const;

/** The service's own PostgreSQL schema, named in the URL the way Prisma's migrations expect it. */
export function withSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('schema', schema);
  return url.toString();
}

export interface ServiceDatabase {
  pool: pg.Pool;
  /** Pass to the service's generated PrismaClient: `new PrismaClient({ adapter })`. */
  adapter: PrismaPg;
}

/**
 * Applies the service's pending migrations (same bookkeeping as `prisma migrate deploy`, inside
 * the service's schema), then opens the pool that Prisma, the outbox relay and /ready share.
 */
export async function openServiceDatabase(opts: {
  schema: string;
  databaseUrl: string;
  /** Folder holding schema.prisma and migrations/. */
  prismaDir: string;
  logger: FastifyBaseLogger;
  poolSize?: number;
}): Promise<ServiceDatabase> {
  const started = Date.now();
  const { applied } = await migrateDeploy({
    databaseUrl: withSchema(opts.databaseUrl, opts.schema),
    schemaPath: join(opts.prismaDir, 'schema.prisma'),
    migrationsDir: join(opts.prismaDir, 'migrations'),
  });
  opts.logger.info({ schema: opts.schema, applied, ms: Date.now() - started }, 'database migrations up to date');
  const url = new URL(opts.databaseUrl);
  url.searchParams.delete('schema');
  const pool = createPool(url.toString(), `vere-${opts.schema}`, opts.logger, opts.poolSize);
  return { pool, adapter: new PrismaPg(pool, { schema: opts.schema }) };
}

/**
 * For a Prisma unique-constraint violation (P2002), the constraint's name and fields as one
 * string (e.g. "user_email_key"), so callers can tell which unique value was taken; otherwise
 * undefined. Driver adapters report the constraint differently from the native engine.
 */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: unknown; meta?: Record<string, unknown> } | null;
  if (!e || e.code !== 'P2002') return undefined;
  const cause = (
    e.meta?.driverAdapterError as { cause?: { constraint?: { index?: string; fields?: string[] } } } | undefined
  )?.cause;
  const parts = [cause?.constraint?.index, ...(cause?.constraint?.fields ?? []), e.meta?.target].flat();
  return parts.filter((p): p is string => typeof p === 'string').join(',');
}
