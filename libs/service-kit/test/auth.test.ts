import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin, jwksKeys, serviceAudience } from '../src/auth';
import { installErrorHandling } from '../src/errors';
import { startTestIssuer, type TestIssuer } from '@vere/test-kit';
import Fastify, { type FastifyInstance } from 'fastify';

/** A minimal app with the shared auth plugin and one protected route, verifying over real HTTP. */
async function protectedApp(issuer: string, jwksUrl: string): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: pino({ level: 'silent' }) as unknown as FastifyBaseLogger });
  installErrorHandling(app);
  await app.register(authPlugin, { issuer, audience: serviceAudience('quests'), keys: jwksKeys(jwksUrl) });
  app.get('/me', { onRequest: app.authenticate }, async (request) => ({ userId: request.userId }));
  app.get('/admin', { onRequest: app.requireAdmin }, async (request) => ({
    userId: request.userId,
    role: request.role,
  }));
  return app;
}

// One issuer (a real JWKS over HTTP) and one protected app for the two suites below.
let issuer: TestIssuer;
let app: FastifyInstance;
beforeAll(async () => {
  issuer = await startTestIssuer();
  app = await protectedApp(issuer.issuer, issuer.jwksUrl);
});
afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

describe('bearer verification through the JWKS', () => {
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });

  it('takes the user id from the verified token', async () => {
    const userId = randomUUID();
    const res = await me(issuer.sign(userId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId });
  });

  it('fetches the key set once and reuses it', async () => {
    const before = issuer.jwksRequests();
    for (let i = 0; i < 5; i++) expect((await me(issuer.sign(randomUUID()))).statusCode).toBe(200);
    expect(issuer.jwksRequests() - before).toBe(0);
  });
});

describe('tokens that must not pass', () => {
  const me = (authorization: string) => app.inject({ method: 'GET', url: '/me', headers: { authorization } });

  it.each([
    ['without exp', () => issuer.sign(randomUUID(), { noExpiry: true })],
    ['without iss', () => issuer.sign(randomUUID(), { issuer: null })],
    ['from another issuer', () => issuer.sign(randomUUID(), { issuer: 'someone-else' })],
    ['without aud', () => issuer.sign(randomUUID(), { audience: null })],
    ['for another service only', () => issuer.sign(randomUUID(), { audience: [serviceAudience('billing')] })],
    ['expired', () => issuer.sign(randomUUID(), { expired: true })],
    ['whose subject is not a user id', () => issuer.sign("1' OR '1'='1")],
    ['with an empty subject', () => issuer.sign('')],
  ])('refuses a token %s with 401 UNAUTHENTICATED', async (_name, token) => {
    const res = await me(`Bearer ${token()}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    [
      'alg none',
      () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: randomUUID(), exp: 9e9 })).toString('base64url')}.`,
    ],
    ['garbage', () => 'not.a.token'],
    ['a huge header', () => `${'a'.repeat(10_000)}.b.c`],
  ])('refuses %s with 401', async (_name, token) => {
    const res = await me(`Bearer ${token()}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('accepts a token naming this service among others', async () => {
    const userId = randomUUID();
    const res = await me(
      `Bearer ${issuer.sign(userId, { audience: [serviceAudience('pods'), serviceAudience('quests')] })}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId });
  });

  it('stops accepting a token when it expires, even one it has verified before', async () => {
    // `exp` is in whole seconds, so a 3 s token lives 2 to 3 s: room for two requests on a loaded machine.
    const token = issuer.sign(randomUUID(), { expiresInMs: 3_000 });
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200); // remembered
    await new Promise((resolve) => setTimeout(resolve, exp * 1_000 - Date.now() + 100));
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('does not fetch the key set for each made-up key id', async () => {
    const before = issuer.jwksRequests();
    for (let i = 0; i < 20; i++) {
      expect((await me(`Bearer ${issuer.sign(randomUUID(), { kid: `random-${i}` })}`)).statusCode).toBe(401);
    }
    expect(issuer.jwksRequests() - before).toBeLessThanOrEqual(1);
  });
});

describe('when identity cannot be reached', () => {
  it('answers 503 NOT_READY instead of telling the user to sign in again', async () => {
    const issuer = await startTestIssuer();
    const token = issuer.sign(randomUUID());
    const unreachable = issuer.jwksUrl;
    await issuer.close();
    const app = await protectedApp(issuer.issuer, unreachable);
    try {
      const res = await app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('NOT_READY');
    } finally {
      await app.close();
    }
  });
});

describe('the admin role', () => {
  const adminRoute = (token: string) =>
    app.inject({ method: 'GET', url: '/admin', headers: { authorization: `Bearer ${token}` } });

  it('lets a token with role "admin" through, also when it is verified from the cache', async () => {
    const userId = randomUUID();
    const token = issuer.sign(userId, { role: 'admin' });
    for (let i = 0; i < 2; i++) {
      const res = await adminRoute(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ userId, role: 'admin' });
    }
  });

  it.each([
    ['without a role', undefined],
    ['with an unknown role', 'superuser'],
    ['with a differently cased role', 'ADMIN'],
  ])('refuses a token %s with 403 FORBIDDEN', async (_name, role) => {
    const token = issuer.sign(randomUUID(), role === undefined ? {} : { role });
    expect(
      (await app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
    const res = await adminRoute(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin' })).json().error.code).toBe('UNAUTHENTICATED');
  });
});

/**
 * An issuer whose tokens the test shapes claim by claim (test-kit's signs them as identity does):
 * one ES256 key in a JWKS over real HTTP, so verification takes the production path (jwksKeys).
 */
async function shapedIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = 'shaped-key';
  const body = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] });
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const now = () => Math.floor(Date.now() / 1000);
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    /** A token for `quests` from 'vere-identity'; `iat`/`exp` in seconds from now, `kid` null for none. */
    sign(opts: { kid?: string | null; iat?: number | null; exp?: number } = {}) {
      const jwt = new SignJWT({ aud: [serviceAudience('quests')] })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...(opts.kid === null ? {} : { kid: opts.kid ?? kid }) })
        .setSubject(randomUUID())
        .setIssuer('vere-identity')
        .setExpirationTime(now() + (opts.exp ?? 60));
      if (opts.iat !== null) jwt.setIssuedAt(now() + (opts.iat ?? 0));
      return jwt.sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('what a token must carry besides a valid signature', () => {
  let shaped: Awaited<ReturnType<typeof shapedIssuer>>;
  let shapedApp: FastifyInstance;
  beforeAll(async () => {
    shaped = await shapedIssuer();
    shapedApp = await protectedApp('vere-identity', shaped.jwksUrl);
  });
  afterAll(async () => {
    await shapedApp?.close();
    await shaped?.close();
  });
  const me = async (token: string | Promise<string>) =>
    shapedApp.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${await token}` } });

  it('accepts a token as identity signs them: key id, issued now, 15 minutes to live', async () => {
    expect((await me(shaped.sign({ exp: 15 * 60 }))).statusCode).toBe(200);
  });

  it('accepts a little clock skew between identity and this service', async () => {
    expect((await me(shaped.sign({ iat: 20, exp: 15 * 60 + 20 }))).statusCode).toBe(200);
    expect((await me(shaped.sign({ iat: -(15 * 60 + 20), exp: 10 }))).statusCode).toBe(200);
  });

  it.each([
    ['without a key id (the key set has a single key, which jose would pick)', { kid: null }],
    ['without iat', { iat: null }],
    ['issued more than 15 minutes (and the skew) ago, though not expired', { iat: -(20 * 60), exp: 60 }],
    ['issued in the future', { iat: 10 * 60, exp: 15 * 60 }],
    ['that lives far longer than an access token', { exp: 365 * 24 * 3600 }],
    ['expiring more than 15 minutes (and the skew) from now', { exp: 20 * 60 }],
  ])('refuses a token %s with 401 UNAUTHENTICATED', async (_name, opts) => {
    const res = await me(shaped.sign(opts));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});
