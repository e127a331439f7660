import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import sensible from '@fastify/sensible';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, HealthSchema, ReadySchema } from '@vere/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type pg from 'pg';
import { authPlugin, serviceAudience, type AuthOptions } from './auth';
import { installCors } from './cors';
import { trustProxySetting } from './env';
import { answerClientError, answerFrameworkError, installErrorHandling, refuseUnknownExpectations } from './errors';
import type { OutboxStats } from './events/outbox';
import type { ConsumerLag, EventBus } from './events/types';
import { installLoadShedding, sheddingFromEnv, type SheddingOptions } from './load-shedding';
import { installMetrics } from './metrics';
import { installTracing } from './tracing';

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
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
  /** The outbox's pending/failed counts, shown on GET /ready and in GET /metrics. */
  outboxStats?: () => Promise<OutboxStats>;
  /** Load shedding (load-shedding.ts); false turns it off. Default: from SHED_* in the environment. */
  shedding?: Omit<SheddingOptions, 'pool'> | false;
  /** false: no `/metrics` and no per-request hook (only bench/metrics-hook.mjs's baseline turns it off). */
  metrics?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The most of an unread request body a service reads (and drops) before answering: more than any
 * edge lets through (1 MB, proof photos 10 MiB + framing). A larger declared body is refused at once
 * and its connection closed.
 */
/**
 * The iOS app's origin: Capacitor serves the app's files as capacitor://localhost (apps/ios). It is
 * the one other origin allowed to read API answers; bearer tokens authorise its calls, so no
 * credentials cross origins (decision 0059). Every edge (infra/local, nginx, the k8s ingress) passes
 * the headers and the preflight through unchanged.
 */
export const IOS_APP_ORIGIN = 'capacitor://localhost';

export const UNREAD_BODY_DRAIN_BYTES = 16 * 1024 * 1024;
const UNREAD_BODY_DRAIN_MS = 10_000;

/**
 * Builds a service's Fastify app with everything every service shares: structured logs with a
 * request id, TypeBox schemas, one error shape, OpenAPI at /docs/json, /health and /ready,
 * Prometheus metrics at /metrics, load shedding (503 OVERLOADED) and bearer-token verification. The service then registers its own routes under /api/<name>.
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
  // First, so the request's span is active in every later hook and the handler (decision 0058).
  installTracing(app, opts.name);

  // A callback hook, not an async one: nearly every answer has nothing left to read, and then the hook
  // costs no promise (issue 28: the authenticated path's per-request work).
  app.addHook('onSend', (request, reply, payload, done) => {
    // An error answer names its request, for whoever reports it; every answer's id is in the logs
    // (decision 0074: on a success nobody reads it, and over HTTP/1.1 each header is paid per answer).
    if (reply.statusCode >= 400) reply.header('x-request-id', request.id);
    // JSON is UTF-8 by definition (RFC 8259 defines no charset parameter); Fastify adds one.
    if (reply.getHeader('content-type') === 'application/json; charset=utf-8')
      reply.header('content-type', 'application/json');
    // API answers carry tokens and personal data: no cache keeps them unless a route says otherwise
    // (a signed photo's private max-age).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // An answer given before the body was read (a body over the limit, a refused token): Fastify and
    // Node close the connection with the body still arriving, and the reset loses the answer on its
    // way to the edge, which is still streaming that body. Read the rest first, then answer on a
    // connection that stays usable; a body too large (or too slow) to read closes it instead.
    if (!hasUnreadBody(request.raw)) return done(null, payload);
    void drainUnreadBody(request.raw).then((drained) => {
      if (drained) reply.removeHeader('connection');
      else reply.header('connection', 'close');
      done(null, payload);
    });
  });

  await app.register(sensible);
  // Named only to the iOS app's requests (a page's own requests carry no Origin on a GET, and need
  // none); every answer varies on Origin, as a cache needs (decisions 0074 and 0076).
  installCors(app, {
    origin: IOS_APP_ORIGIN,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'accept', 'x-request-id'],
    maxAge: 600,
  });
  if (opts.shedding !== false)
    await installLoadShedding(app, { pool: opts.pool, ...(opts.shedding ?? sheddingFromEnv()) });
  if (opts.metrics !== false) {
    installMetrics(app, {
      name: opts.name,
      pool: opts.pool,
      outboxStats: opts.outboxStats,
      consumerLag: serviceConsumerLag(opts.bus, opts.name),
    });
  }
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

  app.get(
    '/health',
    { schema: { tags: ['ops'], response: { 200: HealthSchema } }, config: { shedding: false } },
    async () => ({
      status: 'ok' as const,
      service: opts.name,
    }),
  );

  app.get(
    '/ready',
    { schema: { tags: ['ops'], response: { 200: ReadySchema, 503: ReadySchema } }, config: { shedding: false } },
    async (_req, reply) => {
      const [database, bus, outbox] = await Promise.all([
        opts.pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        opts.bus.isReady().catch(() => false),
        opts.outboxStats?.().catch(() => undefined),
      ]);
      const ready = database && bus;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not-ready', checks: { database, bus }, ...(outbox ? { outbox } : {}) });
    },
  );

  return app;
}

function hasUnreadBody(req: IncomingMessage): boolean {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  return hasBody && !req.complete && !req.readableEnded;
}

/** Reads and drops what is left of a request body (bounded); false when the connection should close instead. */
function drainUnreadBody(req: IncomingMessage): Promise<boolean> {
  if (req.destroyed || Number(req.headers['content-length'] ?? 0) > UNREAD_BODY_DRAIN_BYTES)
    return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onFailure).off('close', onFailure);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > UNREAD_BODY_DRAIN_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onFailure = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), UNREAD_BODY_DRAIN_MS);
    req.on('data', onData).on('end', onEnd).on('error', onFailure).on('close', onFailure);
    req.resume();
  });
}

/**
 * The lag of this service's own durables: the bus may be shared by several services in one process
 * (the embedded default), and every durable is named after its service (`quests-player-registry`).
 */
function serviceConsumerLag(bus: EventBus, name: string): (() => Promise<ConsumerLag[]>) | undefined {
  const consumerLag = bus.consumerLag?.bind(bus);
  if (!consumerLag) return undefined;
  return async () => (await consumerLag()).filter((lag) => lag.durable.startsWith(`${name}-`));
}
