import type { FastifyInstance } from 'fastify';

export interface CorsOptions {
  /** The one origin allowed to read answers (the iOS app's); every other origin is named nowhere. */
  origin: string;
  methods: readonly string[];
  allowedHeaders: readonly string[];
  /** How long a browser may keep a preflight's answer, in seconds. */
  maxAge: number;
}

/**
 * CORS for one allowed origin, as @fastify/cors answered it with `origin: [one]`, `credentials: false`
 * and `strictPreflight: false`: every answer varies on `Origin` (a cache must not give one origin's
 * answer to another); the allowed origin's requests get `Access-Control-Allow-Origin`; an `OPTIONS`
 * request is a preflight answered 204 at once, before authentication, with the methods, headers and
 * max age (the allowed origin named only when it asked). Written here rather than registered from
 * the plugin: the plugin spread its options and made closures on every request, ~4 µs of each
 * authenticated GET's ~150 µs, for requests that nearly all carry no `Origin` (decision 0076).
 */
export function installCors(app: FastifyInstance, opts: CorsOptions): void {
  const methods = opts.methods.join(', ');
  const allowedHeaders = opts.allowedHeaders.join(', ');
  const maxAge = String(opts.maxAge);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('vary', 'Origin');
    if (request.headers.origin === opts.origin) reply.header('access-control-allow-origin', opts.origin);
    if (request.raw.method !== 'OPTIONS') return done();
    reply
      .header('access-control-allow-methods', methods)
      .header('access-control-allow-headers', allowedHeaders)
      .header('access-control-max-age', maxAge)
      .code(204)
      .header('content-length', '0')
      .send();
  });
  // Routes OPTIONS everywhere, so the hook above sees it (no route: Fastify answers 404 first).
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.code(204).send());
}
