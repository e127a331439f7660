import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Type } from 'typebox';
import type { ServiceApp } from './app';
import { loadEnv } from './env';
import { errorBody } from './errors';

export interface SheddingOptions {
  pool: pg.Pool;
  /** Mean event-loop delay (ms, over `sampleIntervalMs`) above which requests are refused; 0 (the default) turns it off. */
  maxEventLoopDelayMs?: number;
  /** Callers waiting for a database connection above which requests are refused; 0 (the default) turns it off. */
  maxPoolWaiting?: number;
  /** How often both are measured; default 500 ms. */
  sampleIntervalMs?: number;
  /** Seconds a refused client is told to wait (`Retry-After`); default 2. */
  retryAfterSeconds?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route is answered even under pressure (health, readiness, metrics). */
    shedding?: boolean;
  }
}

/**
 * Load shedding (@fastify/under-pressure): when the event loop falls behind (a mean delay over
 * `maxEventLoopDelayMs`) or more callers wait for a database connection than the pool can serve
 * soon, new requests get 503 `OVERLOADED` with `Retry-After` at once, in the common error shape,
 * instead of queueing until every request times out. Health, readiness and metrics are still answered.
 * Off unless configured: the service image turns it on (SHED_* in infra/docker/service.Dockerfile). The
 * embedded default and the test suites leave it off, where one process runs four services on a shared
 * machine and a 50-way race test queues callers for the pool on purpose.
 */
export async function installLoadShedding(app: ServiceApp, opts: SheddingOptions): Promise<void> {
  const maxDelay = opts.maxEventLoopDelayMs ?? 0;
  const maxWaiting = opts.maxPoolWaiting ?? 0;
  if (maxDelay === 0 && maxWaiting === 0) return;
  const retryAfter = opts.retryAfterSeconds ?? 2;
  const sampleInterval = opts.sampleIntervalMs ?? 500;
  const refuse = (request: FastifyRequest, reply: FastifyReply, type: string) => {
    if (request.routeOptions.config.shedding === false) return undefined; // answered anyway
    request.log.warn({ pressure: type }, 'overloaded: request refused with 503');
    reply.code(503).header('retry-after', String(retryAfter));
    return errorBody('OVERLOADED', 'The service is busy. Please try again in a moment.');
  };
  await app.register(underPressure, {
    maxEventLoopDelay: maxDelay,
    sampleInterval,
    // Checked every sample, not per request: a saturated pool stays "unhealthy" until a sample sees it drain.
    ...(maxWaiting > 0
      ? { healthCheck: async () => opts.pool.waitingCount <= maxWaiting, healthCheckInterval: sampleInterval }
      : {}),
    // The plugin sends what the handler returns (its `handlePressure`); its types only admit void.
    pressureHandler: refuse as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
}

/** Load shedding's variables (every service): `SHED_EVENT_LOOP_DELAY_MS`, `SHED_POOL_WAITING` (0, the default, turns either off). */
export const SheddingEnv = {
  SHED_EVENT_LOOP_DELAY_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 0 }),
  SHED_POOL_WAITING: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
};

export function sheddingFromEnv(
  source: Record<string, string | undefined> = process.env,
): Omit<SheddingOptions, 'pool'> {
  const env = loadEnv(SheddingEnv, source);
  return { maxEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS, maxPoolWaiting: env.SHED_POOL_WAITING };
}
