import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';
import { httpRequest, rawRequest, type RawResponse } from './support/raw-http';

/** A built-apps folder as small as the edge accepts: an index.html and one pre-compressed script. */
function fixtureApps(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vere-edge-apps-'));
  const script = `console.log(${JSON.stringify('vere '.repeat(4_000))});\n`;
  for (const app of ['shell', 'challenges', 'connect', 'playbooks', 'account'])
    mkdirSync(join(dir, app, 'dist'), { recursive: true });
  const dist = join(dir, 'shell', 'dist');
  const html =
    '<!doctype html><html><head><script defer src="/assets/main.abc123.js"></script></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dist, 'remotes.json'), '{}');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'main.abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'main.abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'main.abc123.js.gz'), gzipSync(script));
  return { dir, script };
}

let db: TestDatabase;
let stack: RunningStack;
let apps: { dir: string; script: string };

beforeAll(async () => {
  db = await createTestDatabase('vere_edge');
  apps = fixtureApps();
  const config = loadEnv(LocalEnv, {
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    APPS_DIR: apps.dir,
    AUTH_RATE_LIMIT_PER_MINUTE: '3',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);
});
afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  if (apps) rmSync(apps.dir, { recursive: true, force: true });
});

const host = () => new URL(stack.url).host;

/** Every answer is either a success or a 4xx in the common error shape; never a 5xx, never silence. */
function expectHonest4xx(res: RawResponse | undefined, what: string) {
  expect(res, `${what}: the server closed the connection without an answer`).toBeDefined();
  expect(res!.status, `${what}: answered ${res!.status} ${res!.body.slice(0, 200)}`).toBeLessThan(500);
  if (res!.status >= 400) {
    let body: { error?: { code?: unknown; message?: unknown } } = {};
    try {
      body = JSON.parse(res!.body) as typeof body;
    } catch {
      // asserted just below, with the answer in the message
    }
    expect(typeof body.error?.code, `${what}: ${res!.body.slice(0, 200)}`).toBe('string');
    expect(typeof body.error?.message).toBe('string');
  }
}

describe('the edge and every service, tried as a hostile client would', () => {
  const targets = () => [
    { name: 'edge', url: stack.url },
    ...Object.entries(stack.services).map(([name, url]) => ({ name, url })),
  ];
  const paths = [
    '/api/identity/auth/sign-in',
    '/api/quests/me/progress',
    '/api/pods/me/pods',
    '/api/billing/me/entitlement',
  ];

  it('bodies from 0 B to 2 MB', async () => {
    for (const target of targets()) {
      const path = target.name === 'edge' || target.name === 'identity' ? '/api/identity/auth/sign-in' : paths[1]!;
      for (const size of [0, 1, 1_024, 64 * 1024, 65 * 1024, 128 * 1024, 200 * 1024, 1024 * 1024, 2 * 1024 * 1024]) {
        const body =
          size === 0 ? '' : JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(Math.max(0, size - 40)) });
        const res = await rawRequest(
          target.url,
          httpRequest('POST', path, host(), [['Content-Type', 'application/json']], body),
        );
        expectHonest4xx(res, `${target.name} POST ${path} with ${size} B`);
      }
    }
  }, 60_000);

  it('odd headers: Expect, Transfer-Encoding, content types, Authorization', async () => {
    const json = JSON.stringify({ email: 'a@example.com', password: 'nope' });
    const cases: [string, [string, string][], string | undefined][] = [
      [
        'Expect: 100-continue',
        [
          ['Content-Type', 'application/json'],
          ['Expect', '100-continue'],
        ],
        json,
      ],
      [
        'Expect: something else',
        [
          ['Content-Type', 'application/json'],
          ['Expect', 'the-unexpected'],
        ],
        json,
      ],
      [
        'chunked body',
        [
          ['Content-Type', 'application/json'],
          ['Transfer-Encoding', 'chunked'],
        ],
        `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
      ],
      [
        'garbage transfer encoding',
        [
          ['Content-Type', 'application/json'],
          ['Transfer-Encoding', 'gzip, zebra'],
        ],
        json,
      ],
      ['no content type', [], json],
      ['empty content type', [['Content-Type', '']], json],
      ['text/plain', [['Content-Type', 'text/plain']], json],
      ['json in UTF-16', [['Content-Type', 'application/json; charset=utf-16']], json],
      ['multipart', [['Content-Type', 'multipart/form-data; boundary=x']], '--x\r\n\r\n--x--'],
      ['malformed JSON', [['Content-Type', 'application/json']], '{"email":'],
      ['JSON that is a string', [['Content-Type', 'application/json']], '"hello"'],
      ['deeply nested JSON', [['Content-Type', 'application/json']], `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
      [
        'two content lengths that disagree',
        [
          ['Content-Type', 'application/json'],
          ['Content-Length', '5'],
          ['Content-Length', '7'],
        ],
        json,
      ],
      ['huge Authorization', [['Authorization', `Bearer ${'a'.repeat(12_000)}`]], undefined],
      ['empty Bearer', [['Authorization', 'Bearer ']], undefined],
      ['Basic credentials', [['Authorization', 'Basic YWRtaW46YWRtaW4=']], undefined],
      [
        'two Authorization headers',
        [
          ['Authorization', 'Bearer a.b.c'],
          ['Authorization', 'Bearer d.e.f'],
        ],
        undefined,
      ],
      ['malformed token', [['Authorization', 'Bearer e30.e30.']], undefined],
      ['a 100 KB header', [['X-Padding', 'p'.repeat(100_000)]], undefined],
      ['a header with a control character', [['X-Odd', 'a\u0001b']], undefined],
      [
        'odd forwarded headers',
        [
          ['X-Forwarded-For', 'not-an-ip, , 999.1.1.1'],
          ['Forwarded', 'for=";;"'],
          ['X-Forwarded-Host', '\u00ff'],
        ],
        undefined,
      ],
    ];
    for (const target of targets()) {
      for (const [name, headers, body] of cases) {
        for (const path of target.name === 'edge' ? paths : [paths[0]!, paths[1]!]) {
          const method = body === undefined ? 'GET' : 'POST';
          const res = await rawRequest(target.url, httpRequest(method, path, host(), headers, body));
          expectHonest4xx(res, `${target.name} ${method} ${path} with ${name}`);
        }
      }
    }
  }, 90_000);

  it('path tricks', async () => {
    const tricks = [
      '/..%2f..%2fetc%2fpasswd',
      '/remotes/challenges/..%2f..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/%00',
      '/api/identity/%ZZ',
      '//api//identity//auth//sign-in',
      '/api/quests/me/progress/../../identity/me',
      `/${'a'.repeat(12_000)}`,
      `/api/quests/me/progress?x=${'y'.repeat(12_000)}`,
      '/api/unknown-service/x',
      '/api/',
      '/index.html%00.js',
      '/assets/main.abc123.js.br',
      '/.env',
      '/remotes.json/..',
    ];
    for (const target of targets()) {
      for (const path of tricks) {
        const res = await rawRequest(target.url, httpRequest('GET', path, host()));
        expectHonest4xx(res, `${target.name} GET ${path}`);
        if (res && res.status < 400) expect(res.body).not.toMatch(/"name":\s*"vere"|root:x:0/);
      }
    }
  }, 60_000);

  it('a request line the parser cannot read gets a 400 in the common shape', async () => {
    for (const target of targets()) {
      for (const raw of [
        'GARBAGE\r\n\r\n',
        'GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
        'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      ]) {
        const res = await rawRequest(target.url, raw);
        expectHonest4xx(res, `${target.name} ${JSON.stringify(raw)}`);
        expect(res!.status).toBe(400);
      }
    }
  });
});

describe('the edge serves compressed assets and decides who the client is', () => {
  it('answers brotli or gzip when the browser accepts it, with immutable caching', async () => {
    const br = await rawRequest(
      stack.url,
      httpRequest('GET', '/assets/main.abc123.js', host(), [['Accept-Encoding', 'gzip, deflate, br']]),
    );
    expect(br?.status).toBe(200);
    expect(br?.headers['content-encoding']).toBe('br');
    expect(br?.headers['vary']).toMatch(/accept-encoding/i);
    expect(br?.headers['cache-control']).toContain('immutable');
    expect(Number(br?.headers['content-length'])).toBeLessThan(apps.script.length / 10);

    const gz = await rawRequest(
      stack.url,
      httpRequest('GET', '/assets/main.abc123.js', host(), [['Accept-Encoding', 'gzip']]),
    );
    expect(gz?.headers['content-encoding']).toBe('gzip');
    const plain = await rawRequest(stack.url, httpRequest('GET', '/assets/main.abc123.js', host()));
    expect(plain?.headers['content-encoding']).toBeUndefined();
    expect(plain?.body).toBe(apps.script);

    const page = await rawRequest(stack.url, httpRequest('GET', '/auth', host(), [['Accept-Encoding', 'br']]));
    expect(page?.status).toBe(200);
    expect(page?.headers['content-encoding']).toBe('br');
    expect(page?.headers['cache-control']).toBe('no-cache');
  });

  it('a client cannot pick its own rate-limit key with X-Forwarded-For, nor lock out someone else', async () => {
    const signIn = (forwardedFor: string) =>
      httpRequest(
        'POST',
        '/api/identity/auth/sign-in',
        host(),
        [
          ['Content-Type', 'application/json'],
          ['X-Forwarded-For', forwardedFor],
        ],
        JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password1!' }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await rawRequest(stack.url, signIn(`203.0.113.${i}`), { localAddress: '127.0.0.2' }))!.status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]); // limit 3 per minute for the real address, whatever the header says

    // Another client (another address) is not in that bucket.
    const other = await rawRequest(stack.url, signIn('127.0.0.2'), { localAddress: '127.0.0.3' });
    expect(other?.status).toBe(401);
  });
});
