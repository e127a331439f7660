import { randomUUID } from 'node:crypto';
import sensible from '@fastify/sensible';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, HealthSchema, ReadySchema } from '@vere/contracts';
import Fastify, {
  type FastifyBaseLogger, type FastifyInstance, type RawReplyDefaultExpression,
  type RawRequestDefaultExpression, type RawServerDefault,
} from 'fastify';
import type pg from 'pg';
import { authPlugin, serviceAudience, type AuthOptions } from './auth';
import { trustProxySetting } from './env';
import { answerClientError, answerFrameworkError, installErrorHandling, refuseUnknownExpectations } from './errors';
import type { OutboxStats } from './events/outbox';
import type { EventBus } from './events/types';

export type ServiceApp = FastifyInstance<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider
>;

export interface ServiceAppOptions {
  /** Service name: log field, OpenAPI title, `GET /health` answer. */
  name: string;
  pool: pg.Pool;
  bus: EventBus;
  /** Omit only in a service that verifies no tokens. Tokens must name this service in `aud`. */
  auth?: Omit<AuthOptions, 'audience'>;
  logLevel?: string;
  /** A parent logger (the embedded launcher passes one); otherwise pino to stdout. */
  logger?: FastifyBaseLogger;
  /** Body limit in bytes. */
  bodyLimit?: number;
  /** TRUST_PROXY (see env.ts); default loopback: only the local edge may say who the client is. */
  trustProxy?: string;
  /** The outbox's pending/failed counts, shown on GET /ready. */
  outboxStats?: () => Promise<OutboxStats>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Builds a service's Fastify app with everything every service shares: structured logs with a
 * request id, TypeBox schemas, one error shape, OpenAPI at /docs/json, /health and /ready, and
 * bearer-token verification. The service then registers its own routes under /api/<name>.
 */
export async function createServiceApp(opts: ServiceAppOptions): Promise<ServiceApp> {
  const app = Fastify({
    ...(opts.logger
      ? { loggerInstance: opts.logger.child({ service: opts.name }) }
      : { logger: { level: opts.logLevel ?? 'info', base: { service: opts.name } } }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A hop count is a number to proxy-addr; Fastify's type only lists the other forms.
    trustProxy: trustProxySetting(opts.trustProxy) as string[],
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    bodyLimit: opts.bodyLimit ?? 64 * 1024,
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  refuseUnknownExpectations(app.server);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(sensible);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `Vere ${opts.name} service`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  app.addSchema(ErrorBodySchema);
  installErrorHandling(app);
  if (opts.auth) await app.register(authPlugin, { ...opts.auth, audience: serviceAudience(opts.name) });

  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/health', { schema: { tags: ['ops'], response: { 200: HealthSchema } } }, async () => ({
    status: 'ok' as const,
    service: opts.name,
  }));

  app.get('/ready', { schema: { tags: ['ops'], response: { 200: ReadySchema, 503: ReadySchema } } }, async (_req, reply) => {
    const [database, bus, outbox] = await Promise.all([
      opts.pool.query('SELECT 1').then(() => true, () => false),
      opts.bus.isReady().catch(() => false),
      opts.outboxStats?.().catch(() => undefined),
    ]);
    const ready = database && bus;
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not-ready', checks: { database, bus }, ...(outbox ? { outbox } : {}) });
  });

  return app;
}
