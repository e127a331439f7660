import net from 'node:net';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from '../src/app';
import type { EventBus } from '../src/events/types';

/** A service app with its default 64 KiB body limit and a few routes; no database or bus behind it. */
async function serviceApp(): Promise<ServiceApp> {
  const app = await createServiceApp({
    name: 'sample',
    pool: {
      query: async () => ({ rows: [] }),
      options: { max: 10 },
      totalCount: 0,
      idleCount: 0,
      waitingCount: 0,
    } as unknown as pg.Pool,
    bus: { isReady: async () => true } as unknown as EventBus,
    logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  });
  app.post('/api/sample/echo', async (request) => ({ got: typeof request.body }));
  app.get('/api/sample/me', async () => ({ name: 'Ana' }));
  app.get('/api/sample/cached', async (_request, reply) =>
    reply.header('cache-control', 'private, max-age=60').send({ ok: true }),
  );
  return app;
}

/** Writes `request` on one connection and collects everything until the server closes it or `ms` pass. */
function exchange(url: string, request: Buffer, ms = 5_000): Promise<{ text: string; closed: boolean }> {
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
    socket.write(request, () => undefined);
  });
}

/** The status of each answer on the connection (an answer's body may run straight into the next status line). */
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

let app: ServiceApp;
let url: string;
beforeAll(async () => {
  app = await serviceApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

describe("a body over the service's limit", () => {
  it('is answered 413 PAYLOAD_TOO_LARGE after the body is read, and the connection answers the next request (a proxy still streaming it gets the answer)', async () => {
    // What the edge does: the whole 900 KB body follows the headers at once, then the next request on the same connection.
    const body = JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(900_000) });
    const request = Buffer.from(
      `POST /api/sample/echo HTTP/1.1\r\nHost: sample\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` +
        'GET /api/sample/me HTTP/1.1\r\nHost: sample\r\nConnection: close\r\n\r\n',
      'latin1',
    );
    const { text } = await exchange(url, request);
    expect(statuses(text)).toEqual([413, 200]);
    const first = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(first.slice(0, first.indexOf('}}') + 2))).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) },
    });
    expect(text).toContain('{"name":"Ana"}');
  });

  it('is answered through fetch (undici, as the edge proxies) instead of a reset connection', async () => {
    const res = await fetch(`${url}/api/sample/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(900_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a declared length far over anything an edge lets through is refused at once and the connection closed', async () => {
    const { text, closed } = await exchange(
      url,
      Buffer.from(
        'POST /api/sample/echo HTTP/1.1\r\nHost: sample\r\nContent-Type: application/json\r\nContent-Length: 500000000\r\n\r\n{"a":',
        'latin1',
      ),
    );
    expect(statuses(text)).toEqual([413]);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });
});

describe('caching of API answers', () => {
  it('answers every /api route with Cache-Control: no-store (tokens and personal data)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sample/me' });
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'GET', url: '/api/sample/nothing-here' });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching a route chose for itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sample/cached' });
    expect(res.headers['cache-control']).toBe('private, max-age=60');
  });
});

describe('CORS: the iOS app (capacitor://localhost) and no other origin', () => {
  it('answers the app’s preflight and lets it read the answer, without credentials', async () => {
    const preflight = await fetch(`${url}/api/sample/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'capacitor://localhost',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await fetch(`${url}/api/sample/me`, { headers: { origin: 'capacitor://localhost' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
  });

  it("says nothing of origins to the page's own requests, and varies on Origin for a cache (decision 0074)", async () => {
    const res = await fetch(`${url}/api/sample/cached`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('answers a bare OPTIONS without an error', async () => {
    const res = await fetch(`${url}/api/sample/me`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
  });

  it('never names another origin as allowed', async () => {
    for (const origin of ['https://evil.example', 'capacitor://evil', 'null']) {
      const res = await fetch(`${url}/api/sample/me`, { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${url}/api/sample/me`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('the headers of an answer (decision 0074)', () => {
  it('answers JSON as application/json, without the charset JSON cannot have', async () => {
    const res = await fetch(`${url}/api/sample/me`);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ name: 'Ana' });
    const error = await fetch(`${url}/api/sample/nowhere`);
    expect(error.headers.get('content-type')).toBe('application/json');
  });

  it("names the request on an error answer, the caller's id when it sent a valid one, and not on a success", async () => {
    const ok = await fetch(`${url}/api/sample/me`, { headers: { 'x-request-id': 'abc-123' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBeNull();
    const missing = await fetch(`${url}/api/sample/nowhere`, { headers: { 'x-request-id': 'abc-123' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('abc-123');
    const minted = await fetch(`${url}/api/sample/nowhere`, { headers: { 'x-request-id': 'not valid!' } });
    expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
