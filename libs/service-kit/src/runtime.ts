import type { FastifyBaseLogger } from 'fastify';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import type { Static, TObject, TProperties } from 'typebox';
import type { ServiceApp } from './app';
import { loadEnv, type BaseEnv } from './env';
import { createInProcessEventBus } from './events/in-process-bus';
import { createNatsEventBus } from './events/nats-bus';
import { startTracingFromEnv } from './tracing';
import type { EventBus } from './events/types';

/** What a service module hands to whoever runs it (its own main, or the embedded launcher). */
export interface ServiceHandle {
  readonly name: string;
  readonly app: ServiceApp;
  /** Starts background work (outbox relay, event consumers). Call after the app is ready. */
  start(): Promise<void>;
  /** Stops background work and closes the app and the database pool. Idempotent. */
  close(): Promise<void>;
}

type RequiredEnv = {
  HOST: string;
  PORT: number;
  LOG_LEVEL: string;
  NATS_URL?: string;
  DATABASE_URL: string;
  NATS_STREAM_REPLICAS: number;
};

/**
 * Creates the bus the environment asks for: NATS JetStream when NATS_URL is set, else the
 * embedded bus whose log lives in `databaseUrl` (durable, but for one process only).
 */
export async function createBusFromEnv(
  env: { natsUrl: string | undefined; databaseUrl: string; streamReplicas?: number },
  name: string,
  logger: FastifyBaseLogger,
): Promise<EventBus> {
  if (env.natsUrl) {
    return createNatsEventBus({ servers: env.natsUrl.split(','), name, logger, streamReplicas: env.streamReplicas });
  }
  logger.info('NATS_URL is not set: events go through the embedded bus, logged in PostgreSQL (one process only)');
  return createInProcessEventBus({ databaseUrl: env.databaseUrl, logger });
}

/**
 * Runs one service as its own process: validated env, bus, listen, graceful shutdown on
 * SIGINT/SIGTERM. A start-up failure is logged and exits non-zero — never swallowed.
 */
export async function runStandalone<P extends TProperties & typeof BaseEnv>(
  name: string,
  envProperties: P,
  create: (env: Static<TObject<P>>, deps: { bus: EventBus; logger: FastifyBaseLogger }) => Promise<ServiceHandle>,
): Promise<void> {
  const bootLogger = pino({ base: { service: name } });
  let handle: ServiceHandle | undefined;
  let bus: EventBus | undefined;
  // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 0058); started before the app exists.
  const tracing = startTracingFromEnv(name);
  try {
    const env = loadEnv(envProperties);
    const { HOST, PORT, LOG_LEVEL, NATS_URL, DATABASE_URL, NATS_STREAM_REPLICAS } = env as unknown as RequiredEnv;
    const logger = pino({ level: LOG_LEVEL }) as unknown as FastifyBaseLogger;
    bus = await createBusFromEnv(
      { natsUrl: NATS_URL, databaseUrl: DATABASE_URL, streamReplicas: NATS_STREAM_REPLICAS },
      name,
      logger,
    );
    handle = await create(env, { bus, logger });
    await handle.app.listen({ host: HOST, port: PORT });
    await handle.start();
  } catch (err) {
    bootLogger.fatal({ err }, 'service failed to start');
    await handle?.close().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    process.exit(1);
  }
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) bootLogger.error({ err }, 'shutting down after an error');
    else bootLogger.info({ signal }, 'shutting down');
    await handle?.close();
    await bus?.close();
    await tracing?.shutdown();
  });
}
