import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import {
  answerClientError,
  answerFrameworkError,
  escapeHtml,
  installTracing,
  refuseUnknownExpectations,
  requestTraceparent,
} from '@vere/service-kit';
import { MAX_PHOTO_BYTES, MAX_PHOTO_REQUEST_BYTES } from '@vere/storage';
// The policy's own entry point: the package's index loads Rspack (3 s of the launcher's start-up).
import { contentSecurityPolicy } from '@vere/web-build/csp';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

export const REMOTES = ['challenges', 'connect', 'playbooks', 'account'] as const;

export interface EdgeOptions {
  logger: FastifyBaseLogger;
  /** service name → its base URL, e.g. identity → http://127.0.0.1:41234 */
  upstreams: Record<string, string>;
  appsDir: string;
  remotesManifest?: string;
  apiOnly: boolean;
  /** Serve /dev/mail: the mail identity kept instead of sending (embedded default without SMTP). */
  devMail?: boolean;
}

/**
 * The edge: one origin for everything, as the ingress is in production. `/api/<service>/…` goes
 * to that service unchanged; `/remotes/<name>/…` is a remote's build; everything else is the shell,
 * with index.html for client-side routes.
 */
export async function createEdge(opts: EdgeOptions): Promise<FastifyInstance> {
  // Services log every request with its id; the edge logs only problems. The edge is the first
  // hop: it trusts no forwarded header a client sends (services trust the edge, see TRUST_PROXY).
  const app = Fastify({
    loggerInstance: opts.logger.child({ service: 'edge' }, { level: 'warn' }),
    trustProxy: false,
    bodyLimit: EDGE_BODY_LIMIT,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Live streams (server-sent events) never finish on their own: closing the edge ends every
    // connection instead of waiting for browsers to leave.
    forceCloseConnections: true,
  });
  refuseUnknownExpectations(app.server);
  // A span per request when tracing is on (decision 0058); its traceparent goes upstream.
  installTracing(app, 'edge');
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // The proxy may have destroyed the request stream it was sending upstream: whether the client is
    // still there is its socket's to say (a request made with inject has no socket of its own).
    const socket = reply.raw.socket ?? request.raw.socket;
    if (reply.raw.destroyed || (socket ? socket.destroyed : request.raw.destroyed)) {
      // The client went away mid-request (closed the tab, hit a limit and hung up): nobody to answer.
      request.log.debug({ err }, 'client disconnected');
      return reply.status(499).send();
    }
    // A connection to a service that failed (reply-from calls a reset a 500) is the gateway's failure
    // to reach it: 502 NOT_READY, as when the service is down.
    const status = !err.statusCode || err.statusCode < 400 || err.statusCode === 500 ? 502 : err.statusCode;
    if (status >= 500) request.log.error({ err }, 'edge error');
    const [code, message] =
      EDGE_ERRORS[status] ?? (status >= 500 ? EDGE_ERRORS[502]! : ['BAD_REQUEST', 'Request refused.']);
    // A service that failed while the client's body was still arriving (the proxy gave up on it):
    // the rest of that body would be read as the next request, so the connection ends with this answer.
    if (!request.raw.complete) reply.header('connection', 'close');
    return reply.status(status).send({ error: { code, message } });
  });

  // The proxy streams bodies upstream, so bodyLimit never applies to /api: a service would hang up
  // mid-body and the client would get an empty answer. A declared length over the limit stops here.
  // Photo uploads alone may be larger (quests checks the photo's own 10 MiB limit).
  app.addHook('onRequest', async (request, reply) => {
    const limit = bodyLimitFor(request.method, request.url);
    if (Number(request.headers['content-length']) > limit.bytes) {
      const [code, message] = limit.tooLarge ?? EDGE_ERRORS[413]!;
      return reply.status(413).header('connection', 'close').send({ error: { code, message } });
    }
    return undefined;
  });

  // Every answer: nosniff. Pages and the service worker: the app's document headers (no framing,
  // the referrer and opener policies, Permissions-Policy). API answers: nothing more, as nginx.conf's
  // /api/ block and the Ingress send them; a JSON answer opened as a document runs nothing, and
  // cannot be framed (the services' `default-src 'none'; frame-ancestors 'none'`, which browsers
  // follow over X-Frame-Options; decision 0074). Every other file carries only what acts on it
  // (issue 28; over HTTP/1.1 headers are never compressed, decision 0066): its short policy's
  // `frame-ancestors 'none'` forbids framing (browsers follow it over X-Frame-Options), the opener
  // policy acts on documents alone, and a stylesheet's or an image's own requests follow its
  // referrer policy where a script's follow the page's. A hashed file is cached for good
  // (`immutable`): no browser asks whether it changed, so it goes without validators or Accept-Ranges.
  // An HTTP/1.1 connection persists unless a side says otherwise (RFC 9112 §9.3): Node's
  // `Connection: keep-alive` and `Keep-Alive: timeout=72` on every answer restate the default (the
  // connection stays open as long, decision 0071); an answer that ends its connection (the client
  // asked, or an HTTP/1.0 client) still says so.
  app.addHook('onSend', async (req, reply) => {
    if (req.raw.httpVersion === '1.1' && reply.raw.shouldKeepAlive && !reply.hasHeader('connection'))
      reply.raw.removeHeader('connection');
    reply.header('x-content-type-options', 'nosniff');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type in BARE_TYPES) reply.header('content-type', BARE_TYPES[type]);
    if (req.url.startsWith('/api/')) return;
    if (isPageOrWorker(req.url, reply)) {
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', REFERRER_POLICY);
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      return;
    }
    if (!/^[^?]*\.m?js(\?|$)/.test(req.url)) reply.header('referrer-policy', REFERRER_POLICY);
    if (/\bimmutable\b/.test(String(reply.getHeader('cache-control') ?? ''))) {
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      reply.removeHeader('accept-ranges');
    }
  });

  // JSON answers, compressed here as nginx does in production (`gzip on` for application/json): the
  // services send them plain. 256 bytes or more, as nginx's gzip_min_length (below that the encoding
  // and its three headers save less than they cost: a 357-byte answer of the hub's first screen is
  // 158 with brotli, decision 0074); brotli at a quick level when the client takes it, else gzip.
  app.addHook('onSend', async (req, reply, payload) => {
    const encoding = jsonEncodingFor(req, reply);
    if (!encoding) return payload;
    reply.removeHeader('content-length');
    reply.header('content-encoding', encoding);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const source =
      payload instanceof Readable
        ? payload
        : Readable.from([typeof payload === 'string' ? Buffer.from(payload) : payload]);
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : createGzip({ level: 6 });
    source.on('error', (err) => compressor.destroy(err));
    return source.pipe(compressor);
  });

  // destroyAgent: reply-from keeps each proxy's undici agent (and its pooled connections to the
  // services) after the edge closes unless told otherwise. When the edge's close cut a live stream,
  // that agent opened a fresh connection to the service and left it unused: the service's own close
  // then waited for it until its keep-alive timeout (72 s) — the launcher's slow stop after a stream
  // plus another request (infra/local/test/edge-stop.test.ts).
  for (const [service, upstream] of Object.entries(opts.upstreams)) {
    await app.register(proxy, {
      upstream,
      prefix: `/api/${service}`,
      rewritePrefix: `/api/${service}`,
      http2: false,
      destroyAgent: true,
      replyOptions: { rewriteRequestHeaders: forwardedFromSocket, rewriteHeaders: withoutHopByHop },
    });
  }
  // Spec §7: the reset screen posts to /api/auth/reset-password; identity answers it.
  if (opts.upstreams.identity) {
    await app.register(proxy, {
      upstream: opts.upstreams.identity,
      prefix: '/api/auth/reset-password',
      rewritePrefix: '/api/identity/auth/reset-password',
      http2: false,
      httpMethods: ['POST'],
      destroyAgent: true,
      replyOptions: { rewriteRequestHeaders: forwardedFromSocket, rewriteHeaders: withoutHopByHop },
    });
  }
  if (opts.devMail && opts.upstreams.identity) {
    const identity = opts.upstreams.identity;
    // It lists live reset links: for the person at this machine only, never for the network.
    app.get('/dev/mail', async (req, reply) => {
      if (!isLoopback(req.raw.socket.remoteAddress))
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      const res = await fetch(`${identity}/api/identity/dev/mail`);
      const { messages } = (await res.json()) as {
        messages: Array<{
          to: string;
          subject: string;
          text: string;
          sentAt: string;
          headers?: Record<string, string>;
        }>;
      };
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(devMailPage(messages));
    });
  }
  app.all('/api/*', async (req, reply) =>
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No service answers ${req.url.split('?')[0]}` } }),
  );

  if (opts.apiOnly) return app;

  const shellDist = join(opts.appsDir, 'shell', 'dist');
  if (!existsSync(join(shellDist, 'index.html'))) {
    throw new Error(`The shell is not built (${shellDist}/index.html is missing). Run "npm start", which builds it.`);
  }
  // sw.js, its offline page and a remote's entry keep their names across builds: they must be asked
  // again, not kept a year. `path` is the file sent: with preCompressed, its .br or .gz twin.
  const noCache = (path: string) =>
    /((index|auth|offline)\.html|offline\.js|sw\.js|remoteEntry\.js|remotes\.json|mf-manifest\.json|mf-stats\.json)(\.br|\.gz)?$/.test(
      path,
    );
  const setHeaders = (res: { setHeader(k: string, v: string): void }, path: string) => {
    res.setHeader('cache-control', noCache(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
    // The same URL answers brotli, gzip or plain text depending on the request (preCompressed).
    res.setHeader('vary', 'Accept-Encoding');
  };

  // Universal links (apps/ios): Apple fetches this file, as JSON, to learn which paths open the app.
  const aasa = join(shellDist, '.well-known', 'apple-app-site-association');
  if (existsSync(aasa)) {
    const body = await readFile(aasa, 'utf8');
    app.get('/.well-known/apple-app-site-association', async (_req, reply) =>
      reply.type('application/json').header('cache-control', 'no-cache').send(body),
    );
  }

  const readRemotes = () => readFile(opts.remotesManifest ?? join(shellDist, 'remotes.json'), 'utf8');
  app.get('/remotes.json', async (_req, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json');
    return reply.send(await readRemotes());
  });

  // Wildcard mode: files are looked up per request, and a miss falls through to the handler below.
  // preCompressed: the build writes .br and .gz next to each asset; the browser gets the smallest
  // it accepts, with Vary: Accept-Encoding.
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    setHeaders,
    preCompressed: true,
    cacheControl: false,
  });
  for (const name of REMOTES) {
    await app.register(fastifyStatic, {
      root: join(opts.appsDir, name, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      setHeaders,
      preCompressed: true,
      cacheControl: false,
    });
  }

  const indexHtml = await readFile(join(shellDist, 'index.html'));
  const csp = contentSecurityPolicy(indexHtml.toString('utf8'));
  const sendIndex = await pageSender(shellDist, 'index.html', indexHtml, readRemotes);
  // The build's prerendered sign-in page (apps/shell/prerender): `/auth` exactly, since a query
  // (?mode=sign-up) asks for another form than the one in it. A shell built without it: index.html.
  const authHtml = existsSync(join(shellDist, 'auth.html')) ? await readFile(join(shellDist, 'auth.html')) : null;
  const sendAuth = authHtml ? await pageSender(shellDist, 'auth.html', authHtml, readRemotes) : sendIndex;
  // A service's own policy wins: a signed photo keeps quests' `default-src 'none'`. Pages and the
  // service worker get the app's; scripts and stylesheets none (a policy acts only on a document or a
  // worker, and one opened directly is shown as text: decision 0071); every other answer the short
  // one (an SVG or a JSON answer opened directly is a document).
  app.addHook('onSend', async (req, reply) => {
    if (reply.hasHeader('content-security-policy')) return;
    if (isPageOrWorker(req.url, reply)) reply.header('content-security-policy', csp);
    else if (!isScriptOrStyle(reply)) reply.header('content-security-policy', SHORT_POLICY);
  });
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !req.url.startsWith('/remotes/') && !/\.[a-z0-9]+(\?|$)/i.test(req.url);
    if (!isPage) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    return sendIndex(req, reply);
  });
  app.get('/', async (req, reply) => sendIndex(req, reply));
  app.get('/auth', async (req, reply) => (req.url === '/auth' ? sendAuth(req, reply) : sendIndex(req, reply)));
  return app;
}

/** The local outbox: every message identity would have sent, newest first, links clickable. */
function devMailPage(
  messages: Array<{ to: string; subject: string; text: string; sentAt: string; headers?: Record<string, string> }>,
): string {
  const items = messages.map((m) => {
    const body = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    // Scheduled mail carries a one-click unsubscribe (RFC 8058): shown as a mail client would offer it.
    const unsubscribe = /^<(https?:\/\/[^>]+)>$/.exec(m.headers?.['List-Unsubscribe'] ?? '')?.[1];
    const header = unsubscribe
      ? `<p class="meta">List-Unsubscribe: <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> (one-click POST: ${escapeHtml(m.headers?.['List-Unsubscribe-Post'] ?? '')})</p>`
      : '';
    return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>${header}<pre>${body}</pre></article>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mail · Vere</title><style>body{font:16px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;background:#0d0a1a;color:#f6f4ff}
article{border:1px solid #3a3360;border-radius:12px;padding:1rem;margin:1rem 0;background:#17132b}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#b9b2d9;margin:0 0 .5rem}pre{white-space:pre-wrap;word-break:break-word;font:inherit}a{color:#ffd23f}</style></head>
<body><h1>Dev mail</h1><p>Mail the app would have sent. Shown only when no SMTP server is configured.</p>
${items.join('\n') || '<p>No mail yet.</p>'}</body></html>`;
}

/**
 * Browser features no page of the app uses, switched off for every page and anything it embeds
 * (the proof photo input is a file picker, which needs none of them). Same list in nginx.conf. Only
 * features browsers know: an unknown one (e.g. 'bluetooth') is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The Content-Security-Policy of every answer that is neither a page, a worker script, a script nor
 * a stylesheet (images, manifests, JSON): nothing may load, nothing may frame it — for whoever opens
 * one directly. Same in nginx.conf.
 */
export const SHORT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A script or a stylesheet (by its type): shown as text when opened, never run as a document. */
function isScriptOrStyle(reply: FastifyReply): boolean {
  return /^(text\/css|(text|application)\/javascript)\b/i.test(String(reply.getHeader('content-type') ?? ''));
}

/** Scripts that run as workers: their own answer's policy governs what they fetch. */
const WORKER_SCRIPTS = /^\/sw\.js(\?|$)/;

/** An answer a browser runs as a document (an HTML page) or a worker: the one kind page policies act on. */
function isPageOrWorker(url: string, reply: FastifyReply): boolean {
  return /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? '')) || WORKER_SCRIPTS.test(url);
}

/** The app's Referrer-Policy: a full URL to itself, only the origin to others (nginx.conf sends the same). */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** JSON answers smaller than this go as they are (nginx.conf's gzip_min_length). */
const COMPRESS_MIN_BYTES = 256;

/**
 * Scripts, stylesheets and JSON as nginx's mime.types names them: without a charset, which a script
 * and a stylesheet take from the page (UTF-8) and JSON cannot have (RFC 8259), and scripts by their
 * registered type (RFC 9239). Over HTTP/1.1 each header is paid on every answer (decision 0074).
 */
const BARE_TYPES: Record<string, string> = {
  'application/javascript; charset=utf-8': 'text/javascript',
  'text/javascript; charset=utf-8': 'text/javascript',
  'text/css; charset=utf-8': 'text/css',
  'application/json; charset=utf-8': 'application/json',
};

/** The encoding the edge compresses this answer with: a JSON answer of COMPRESS_MIN_BYTES or more, not encoded yet, to a client that accepts br or gzip. */
function jsonEncodingFor(req: FastifyRequest, reply: FastifyReply): 'br' | 'gzip' | null {
  if (req.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return null;
  if (reply.hasHeader('content-encoding')) return null;
  if (!/^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return null;
  const length = Number(reply.getHeader('content-length') ?? Number.NaN);
  if (!(length >= COMPRESS_MIN_BYTES)) return null;
  // "gzip, deflate, br;q=1.0, zstd": the names with a weight above 0.
  const accepted = new Set(
    String(req.headers['accept-encoding'] ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*q=/))
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name),
  );
  const takes = (name: string) => accepted.has(name);
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/** A connection from this machine (IPv4 127/8, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/** Requests the edge itself accepts: far above any JSON the API takes (services set their own limits). */
const EDGE_BODY_LIMIT = 1024 * 1024;

/**
 * The largest body the edge lets through to this request's route, and how it refuses more. Proof
 * photos alone may be larger: quests takes the photo (10 MiB) with its multipart framing, and
 * answers PHOTO_TOO_LARGE for a larger file in a body under this limit.
 */
export function bodyLimitFor(method: string, url: string): { bytes: number; tooLarge?: [string, string] } {
  const path = url.split('?')[0];
  if (method === 'POST' && path === '/api/quests/me/photos') {
    return {
      bytes: MAX_PHOTO_REQUEST_BYTES,
      tooLarge: ['PHOTO_TOO_LARGE', `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`],
    };
  }
  return { bytes: EDGE_BODY_LIMIT };
}

const EDGE_ERRORS: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'The request could not be read.'],
  403: ['FORBIDDEN', 'Not allowed.'],
  404: ['NOT_FOUND', 'Not found'],
  405: ['BAD_REQUEST', 'Method not allowed.'],
  408: ['BAD_REQUEST', 'The request took too long.'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type.'],
  502: ['NOT_READY', 'The service is not reachable right now. Please try again in a moment.'],
  503: ['NOT_READY', 'The service is not reachable right now. Please try again in a moment.'],
  504: ['NOT_READY', 'The service took too long to answer. Please try again in a moment.'],
};

/**
 * Headers sent upstream. The client's own forwarded headers are dropped and set from the socket
 * (as nginx does with $remote_addr), so a client cannot choose the address services rate-limit
 * on. `Expect` is answered by the edge itself (Node sends 100 Continue), so it is not forwarded.
 */
function forwardedFromSocket(
  request: Pick<FastifyRequest, 'headers'> & { raw: { socket?: { remoteAddress?: string } | null } },
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^(x-forwarded-.*|forwarded|x-real-ip|expect|keep-alive|proxy-connection|te|trailer|upgrade)$/i.test(name))
      out[name] = value;
  }
  // The service's span is a child of the edge's (which continued the client's trace, if any).
  const traceparent = requestTraceparent(request);
  if (traceparent) out.traceparent = traceparent;
  out['x-forwarded-for'] = request.raw.socket?.remoteAddress ?? '';
  out['x-forwarded-proto'] = 'http';
  const host = request.headers.host;
  if (typeof host === 'string' && /^[A-Za-z0-9.:[\]-]{1,255}$/.test(host)) out['x-forwarded-host'] = host;
  return out;
}

/**
 * Hop-by-hop headers of the upstream's answer are about the edge↔service connection, not the
 * client's: copying `connection: keep-alive` would keep a client's `Connection: close` open.
 */
function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^(connection|keep-alive|proxy-connection|transfer-encoding|upgrade|trailer|te)$/i.test(name))
      out[name] = value;
  }
  return out;
}

/** A page of the shell (index.html for client-side routes), brotli or gzip when the build wrote them and the browser accepts them. */
/** The SSI include the shell's pages carry for the remote map (apps/shell/index.html; decision 0075). */
export const REMOTES_INCLUDE = '<!--# include virtual="/remotes.json" -->';

/**
 * remotes.json as the page carries it: re-serialised (an unreadable file leaves the element empty,
 * and the shell fetches the file, which fails as it did before), with `<` escaped so that nothing in
 * it can end the script element.
 */
export function remotesForPage(remotes: string): string {
  try {
    return JSON.stringify(JSON.parse(remotes)).replace(/</g, '\\u003c');
  } catch {
    return '';
  }
}

/**
 * Sends a page of the shell: the build's brotli or gzip copy when the browser takes it, as it is.
 * A page with the remote map's include (REMOTES_INCLUDE) gets remotes.json written in, as nginx's
 * SSI does (decision 0075), compressed here once per content of remotes.json (a test or a
 * deployment may change the file while the edge runs).
 */
async function pageSender(shellDist: string, name: string, indexHtml: Buffer, readRemotes: () => Promise<string>) {
  const html = indexHtml.toString('utf8');
  const built: [encoding: 'br' | 'gzip', body: Buffer][] = [];
  for (const [encoding, ext] of [
    ['br', 'br'],
    ['gzip', 'gz'],
  ] as const) {
    const file = join(shellDist, `${name}.${ext}`);
    if (existsSync(file)) built.push([encoding, await readFile(file)]);
  }
  let filled: { remotes: string; plain: Buffer; variants: [encoding: 'br' | 'gzip', body: Buffer][] } | null = null;
  const page = async () => {
    if (!html.includes(REMOTES_INCLUDE)) return { plain: indexHtml, variants: built };
    const remotes = await readRemotes().catch(() => '');
    if (filled?.remotes !== remotes) {
      const plain = Buffer.from(html.replace(REMOTES_INCLUDE, () => remotesForPage(remotes)));
      const br = brotliCompressSync(plain, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length },
      });
      filled = {
        remotes,
        plain,
        variants: [
          ['br', br],
          ['gzip', gzipSync(plain, { level: 9 })],
        ],
      };
    }
    return filled;
  };
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const { plain, variants } = await page();
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const variant = variants.find(([encoding]) => new RegExp(`\\b${encoding}\\b`).test(accepted));
    if (!variant) return reply.send(plain);
    return reply.header('content-encoding', variant[0]).send(variant[1]);
  };
}
