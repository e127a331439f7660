import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { contentSecurityPolicy } from '@vere/web-build';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';

export const REMOTES = ['challenges', 'connect', 'playbooks', 'account'] as const;

export interface EdgeOptions {
  logger: FastifyBaseLogger;
  /** service name → its base URL, e.g. identity → http://127.0.0.1:41234 */
  upstreams: Record<string, string>;
  appsDir: string;
  remotesManifest?: string;
  apiOnly: boolean;
}

/**
 * The edge: one origin for everything, as the ingress is in production. `/api/<service>/…` goes
 * to that service unchanged; `/remotes/<name>/…` is a remote's build; everything else is the shell,
 * with index.html for client-side routes.
 */
export async function createEdge(opts: EdgeOptions): Promise<FastifyInstance> {
  // Services log every request with its id; the edge logs only problems.
  const app = Fastify({ loggerInstance: opts.logger.child({ service: 'edge' }, { level: 'warn' }), trustProxy: true });

  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });

  for (const [service, upstream] of Object.entries(opts.upstreams)) {
    await app.register(proxy, { upstream, prefix: `/api/${service}`, rewritePrefix: `/api/${service}`, http2: false });
  }
  app.all('/api/*', async (req, reply) =>
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No service answers ${req.url.split('?')[0]}` } }));

  if (opts.apiOnly) return app;

  const shellDist = join(opts.appsDir, 'shell', 'dist');
  if (!existsSync(join(shellDist, 'index.html'))) {
    throw new Error(`The shell is not built (${shellDist}/index.html is missing). Run "npm start", which builds it.`);
  }
  const noCache = (path: string) => /(index\.html|remotes\.json|mf-manifest\.json|mf-stats\.json)$/.test(path);
  const setHeaders = (res: { setHeader(k: string, v: string): void }, path: string) =>
    res.setHeader('cache-control', noCache(path) ? 'no-cache' : 'public, max-age=31536000, immutable');

  app.get('/remotes.json', async (_req, reply) => {
    const file = opts.remotesManifest ?? join(shellDist, 'remotes.json');
    reply.header('cache-control', 'no-cache').type('application/json');
    return reply.send(await readFile(file, 'utf8'));
  });

  // Wildcard mode: files are looked up per request, and a miss falls through to the handler below.
  await app.register(fastifyStatic, { root: shellDist, prefix: '/', index: false, setHeaders });
  for (const name of REMOTES) {
    await app.register(fastifyStatic, {
      root: join(opts.appsDir, name, 'dist'), prefix: `/remotes/${name}/`, decorateReply: false, setHeaders,
    });
  }

  const indexHtml = await readFile(join(shellDist, 'index.html'));
  const csp = contentSecurityPolicy(indexHtml.toString('utf8'));
  app.addHook('onSend', async (_req, reply) => {
    reply.header('content-security-policy', csp);
  });
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !req.url.startsWith('/remotes/') && !/\.[a-z0-9]+(\?|$)/i.test(req.url);
    if (!isPage) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  });
  app.get('/', async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml));
  return app;
}
