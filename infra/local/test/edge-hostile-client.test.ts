import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { createIdentityService } from '@vere/identity-service';
import { createInProcessEventBus, type InProcessEventBus, type ServiceHandle } from '@vere/service-kit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_POLICY, createEdge } from '../src/edge';

/**
 * The edge in front of a real identity (and of small stand-ins for the other services), the way a
 * hostile or unlucky client meets it. Started by hand rather than through startStack: the edge's
 * behaviour is what is tried here, and it needs no more than identity behind it.
 */

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;

/** A built-apps folder as small as the edge accepts. */
function fixtureApps(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vere-edge-apps-'));
  for (const app of ['shell', 'challenges', 'connect', 'playbooks', 'account'])
    mkdirSync(join(dir, app, 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'shell', 'dist', 'remotes.json'), '{}');
  mkdirSync(join(dir, 'shell', 'dist', 'assets'));
  writeFileSync(join(dir, 'shell', 'dist', 'assets', 'main.0123abcd.js'), 'console.log(1);');
  writeFileSync(join(dir, 'shell', 'dist', 'assets', 'bootstrap.0123abcd.css'), 'body{color:red}');
  writeFileSync(join(dir, 'shell', 'dist', 'sw.js'), "self.addEventListener('push', () => {});");
  writeFileSync(join(dir, 'shell', 'dist', 'offline.html'), '<!doctype html><title>Offline</title>');
  writeFileSync(join(dir, 'shell', 'dist', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build writes a brotli and a gzip twin beside each file (PrecompressPlugin); the edge sends the
  // twin the browser accepts.
  const entry = 'var challenges = { get() {}, init() {} };';
  writeFileSync(join(dir, 'challenges', 'dist', 'remoteEntry.js'), entry);
  writeFileSync(join(dir, 'challenges', 'dist', 'remoteEntry.js.br'), brotliCompressSync(entry));
  writeFileSync(join(dir, 'challenges', 'dist', 'remoteEntry.js.gz'), gzipSync(entry));
  writeFileSync(join(dir, 'shell', 'dist', 'assets', 'main.0123abcd.js.br'), brotliCompressSync('console.log(1);'));
  return dir;
}

/** Stands in for quests: a signed photo answered with quests' own policy, and a route that hangs up mid-body. */
async function questsStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  app.get('/api/quests/photos/:id', async (_req, reply) =>
    reply
      .type('image/jpeg')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=60')
      .send(Buffer.from([0xff, 0xd8, 0xff])),
  );
  app.get('/api/quests/me/progress', async () => ({ level: 1 }));
  // As quests answers the hub's first screen: 357 bytes.
  app.get('/api/quests/me/limits', async () => ({
    dailySwipes: 0,
    maxSwipes: 5,
    dailySkips: 0,
    maxSkips: 1,
    weekendSwipes: 0,
    maxWeekendSwipes: 5,
    weekendSkips: 0,
    maxWeekendSkips: 1,
    bonusSwipes: 0,
    isPro: false,
    level: 1,
    timeZone: 'UTC',
    date: '2026-11-27',
    resetsAt: '2026-11-28T00:00:00.000Z',
    weekendOpen: false,
    weekendOpensAt: '2026-11-27T17:00:00.000Z',
    weekendEndsAt: '2026-11-30T00:00:00.000Z',
  }));
  // A board of 50 rows: JSON well over a kilobyte, as the services send it (uncompressed).
  app.get('/api/quests/leaderboard', async () => ({
    rows: Array.from({ length: 50 }, (_, i) => ({ rank: i + 1, name: `Player ${i + 1}`, xp: 10_000 - i * 7 })),
  }));
  // A service that dies while a body is on its way: it reads the headers, then drops the connection.
  app.addHook('onRequest', async (request) => {
    if (request.url === '/api/quests/hang-up') request.raw.socket.destroy();
  });
  app.post('/api/quests/hang-up', async () => ({ never: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

/** Sends `request` on one connection and collects the answers until the server closes it or `ms` pass. */
function exchange(url: string, parts: Buffer[], ms = 8_000): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => done(true));
    // Each part a little after the one before, as a client writes a request and then the next.
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part, () => undefined);
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
  });
}

/** The status of each answer on the connection (an answer's body may run straight into the next status line). */
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
const jsonPost = (path: string, body: string) =>
  Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: vere.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    'latin1',
  );
const get = (path: string, close = true) =>
  Buffer.from(`GET ${path} HTTP/1.1\r\nHost: vere.test\r\n${close ? 'Connection: close\r\n' : ''}\r\n`, 'latin1');

let db: TestDatabase;
let bus: InProcessEventBus;
let identity: ServiceHandle;
let quests: Awaited<ReturnType<typeof questsStandIn>>;
let appsDir: string;
let edge: FastifyInstance;
let url: string;

beforeAll(async () => {
  db = await createTestDatabase('vere_edge_hostile');
  bus = createInProcessEventBus({ databaseUrl: db.url, logger });
  // No SMTP: identity keeps its mail for /dev/mail, as in the embedded default.
  identity = await createIdentityService(
    {
      databaseUrl: db.url,
      issuer: 'vere-identity',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      cookieSecure: false,
      authRateLimitPerMinute: 1000,
    },
    { bus, logger },
  );
  await identity.start();
  const identityUrl = await identity.app.listen({ port: 0, host: '127.0.0.1' });
  quests = await questsStandIn();
  appsDir = fixtureApps();
  edge = await createEdge({
    logger,
    upstreams: { identity: identityUrl, quests: quests.url },
    appsDir,
    apiOnly: false,
    devMail: true,
  });
  url = await edge.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await edge?.close();
  await quests?.close();
  await identity?.close();
  await bus?.close();
  await db?.drop();
  if (appsDir) rmSync(appsDir, { recursive: true, force: true });
});

describe("a body over a service's own limit, under the edge's", () => {
  it('900 KB to forgot-password: 413 PAYLOAD_TOO_LARGE in the common shape, and the next request on that connection is answered', async () => {
    const body = JSON.stringify({ email: 'victim@example.com', pad: 'x'.repeat(900_000) });
    const { text } = await exchange(url, [
      jsonPost('/api/identity/auth/forgot-password', body),
      get('/api/identity/auth/providers'),
    ]);
    expect(statuses(text)).toEqual([413, 200]);
    const first = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(first.slice(0, first.indexOf('}}') + 2))).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
    });
    expect(text).toContain('"google":false');
  });

  it('a service that hangs up mid-body: an answer in the common shape and a clean close, never an empty 499 on a kept-alive connection', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(900_000) });
    const { text, closed } = await exchange(url, [
      jsonPost('/api/quests/hang-up', body),
      get('/api/quests/me/progress'),
    ]);
    const answered = statuses(text);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered[0]).toBe(502);
    expect(text).toContain('"code":"NOT_READY"');
    // Either the next request was answered, or the edge closed the connection after its answer.
    expect(answered[1] === 200 || closed).toBe(true);
  });
});

describe('headers at the edge', () => {
  it("keeps the policy a service sent with a signed photo instead of the app's", async () => {
    const res = await fetch(`${url}/api/quests/photos/p1?sig=x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
  });

  it("sends the app's policy, Permissions-Policy and Cross-Origin-Opener-Policy with pages, and API answers only the headers that act on JSON (as nginx.conf's /api/ block)", async () => {
    for (const path of ['/', '/auth']) {
      const res = await fetch(`${url}${path}`);
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      const permissions = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(permissions, path).toContain(`${feature}=()`);
    }
    expect((await fetch(`${url}/`)).headers.get('content-security-policy')).toContain("default-src 'self'");
    // Decision 0066: a JSON answer opened as a document runs nothing, so the document-only headers
    // (~0.4 KB on each of a first visit's dozen API answers) are not sent; nosniff is. Nor
    // X-Frame-Options (decision 0074): the service's own policy forbids framing.
    for (const path of ['/api/identity/auth/providers', '/api/quests/photos/p1']) {
      const res = await fetch(`${url}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBeNull();
      for (const header of ['permissions-policy', 'cross-origin-opener-policy', 'referrer-policy'])
        expect(res.headers.get(header), `${path} ${header}`).toBeNull();
    }
  });

  it("sends the page-only headers with pages and the service worker, and a short policy with every other file (issue 28: ~0.7 KB of each answer's ~1.1 KB of headers)", async () => {
    // A document's and a worker's policies and features are the app's.
    for (const path of ['/', '/auth', '/pods/42', '/offline.html', '/sw.js']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
    // Scripts, styles, images and manifests: nosniff; images, manifests and anything answered as
    // JSON (a missing file) a policy that allows nothing and forbids framing (frame-ancestors, which
    // browsers follow over X-Frame-Options), for whoever opens one directly; scripts and styles none
    // (shown as text when opened, decision 0071); no opener policy (it acts on documents alone). A
    // stylesheet's and an image's own requests follow their referrer policy; a script's the page's.
    for (const [path, policy] of [
      ['/assets/main.0123abcd.js', null],
      ['/assets/bootstrap.0123abcd.css', null],
      ['/favicon.svg', SHORT_POLICY],
      ['/remotes.json', SHORT_POLICY],
      ['/assets/missing.0123abcd.js', SHORT_POLICY],
    ] as const) {
      const res = await fetch(`${url}${path}`);
      expect(res.headers.get('content-security-policy'), path).toBe(policy);
      expect(res.headers.get('permissions-policy'), path).toBeNull();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBeNull();
      expect(res.headers.get('cross-origin-opener-policy'), path).toBeNull();
      expect(res.headers.get('referrer-policy'), path).toBe(
        path.endsWith('.js') ? null : 'strict-origin-when-cross-origin',
      );
    }
    // A hashed file is kept for good: no validators to revalidate it with; a file that keeps its name
    // is asked again (no-cache) and keeps them.
    const hashed = await fetch(`${url}/assets/main.0123abcd.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const header of ['etag', 'last-modified', 'accept-ranges'])
      expect(hashed.headers.get(header), header).toBeNull();
    // The same, whichever twin is sent: a remote's entry keeps its name (decision 0070), so a browser
    // must ask again, compressed or not (it was kept a year when sent compressed).
    for (const encoding of ['br', 'gzip', 'identity']) {
      const entry = await fetch(`${url}/remotes/challenges/remoteEntry.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(entry.status, encoding).toBe(200);
      expect(entry.headers.get('content-encoding') ?? 'identity', encoding).toBe(encoding);
      expect(entry.headers.get('cache-control'), encoding).toBe('no-cache');
    }
    const hashedBrotli = await fetch(`${url}/assets/main.0123abcd.js`, { headers: { 'accept-encoding': 'br' } });
    expect(hashedBrotli.headers.get('content-encoding')).toBe('br');
    expect(hashedBrotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Scripts, styles and JSON by their bare types, as nginx's mime.types (decision 0074).
    for (const [path, type] of [
      ['/assets/main.0123abcd.js', 'text/javascript'],
      ['/remotes/challenges/remoteEntry.js', 'text/javascript'],
      ['/assets/bootstrap.0123abcd.css', 'text/css'],
      ['/remotes.json', 'application/json'],
      ['/api/quests/me/progress', 'application/json'],
      ['/api/quests/nowhere', 'application/json'],
    ] as const) {
      for (const encoding of ['br', 'identity'])
        expect(
          (await fetch(`${url}${path}`, { headers: { 'accept-encoding': encoding } })).headers.get('content-type'),
          `${path} ${encoding}`,
        ).toBe(type);
    }
    expect((await fetch(`${url}/`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
    const worker = await fetch(`${url}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('etag')).toBeTruthy();
    expect(worker.headers.get('last-modified')).toBeTruthy();
    // A JSON answer without a policy of its own gets the short one (its other headers: the test above).
    const api = await fetch(`${url}/api/quests/me/progress`);
    expect(api.headers.get('content-security-policy')).toBe(SHORT_POLICY);
  });

  it('keeps an HTTP/1.1 connection open without restating it on each answer, and still says when it closes one (decision 0071)', async () => {
    const { text, closed } = await exchange(
      url,
      [get('/assets/main.0123abcd.js', false), get('/api/quests/me/progress', false), get('/')],
      4_000,
    );
    // Three answers on one connection, closed when the client asked (the last request), not before.
    expect(statuses(text)).toEqual([200, 200, 200]);
    expect(closed).toBe(true);
    const heads = text
      .split(/HTTP\/1\.1 /)
      .slice(1)
      .map((answer) => answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase());
    expect(heads.map((head) => /\r\nconnection: /.test(head))).toEqual([false, false, true]);
    expect(heads[2]).toContain('\r\nconnection: close');
    for (const head of heads) expect(head).not.toContain('keep-alive');
    // An HTTP/1.0 client keeps its connection only when the answer says so.
    const old = await exchange(
      url,
      [Buffer.from('GET /favicon.svg HTTP/1.0\r\nConnection: keep-alive\r\n\r\n', 'latin1')],
      1_500,
    );
    expect(old.text.toLowerCase()).toContain('\r\nconnection: keep-alive');
  });

  it('compresses JSON answers of 256 bytes or more for a client that accepts it (brotli, else gzip), and nothing else', async () => {
    const plain = await fetch(`${url}/api/quests/leaderboard`, { headers: { 'accept-encoding': 'identity' } });
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(256);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await fetch(`${url}/api/quests/leaderboard`, { headers: { 'accept-encoding': accepted } });
      expect(res.headers.get('content-encoding'), accepted).toBe(encoding);
      expect(res.headers.get('vary') ?? '', accepted).toMatch(/accept-encoding/i);
      expect(await res.text(), accepted).toBe(body); // fetch decodes it
    }
    // The hub's limits (357 bytes): 158 with brotli (decision 0074).
    const limits = await fetch(`${url}/api/quests/me/limits`, { headers: { 'accept-encoding': 'br' } });
    expect(limits.headers.get('content-encoding')).toBe('br');
    expect(((await limits.json()) as { maxSwipes: number }).maxSwipes).toBe(5);
    // Small answers (under 256 bytes) and photos stay as the service sent them.
    const small = await fetch(`${url}/api/quests/me/progress`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    const photo = await fetch(`${url}/api/quests/photos/p1?sig=x`, { headers: { 'accept-encoding': 'br' } });
    expect(photo.headers.get('content-encoding')).toBeNull();
  });

  it("identity's answers that carry tokens or personal data are not cached", async () => {
    const res = await fetch(`${url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `cache.${Date.now()}@example.com`, password: 'Challenge1!', name: 'Ana' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('/dev/mail', () => {
  it('is served to a loopback client', async () => {
    const res = await fetch(`${url}/dev/mail`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Dev mail');
  });

  it("is not served to anyone else, neither the page nor identity's list behind it", async () => {
    for (const path of ['/dev/mail', '/api/identity/dev/mail']) {
      const res = await edge.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.7' });
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('reset-password?token=');
    }
  });
});
