import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin, jwksResolver } from '../src/auth';
import { installErrorHandling } from '../src/errors';
import { startTestIssuer, type TestIssuer } from '../src/testing';
import Fastify, { type FastifyInstance } from 'fastify';

/** A minimal app with the shared auth plugin and one protected route, verifying over real HTTP. */
async function protectedApp(issuer: string, jwksUrl: string): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: pino({ level: 'silent' }) as unknown as FastifyBaseLogger });
  installErrorHandling(app);
  await app.register(authPlugin, { issuer, publicKey: jwksResolver(jwksUrl) });
  app.get('/me', { onRequest: app.authenticate }, async (request) => ({ userId: request.userId }));
  return app;
}

describe('bearer verification through the JWKS', () => {
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

  const me = (token: string) => app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });

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

  it('does not refetch the key set for a made-up key id on every request', async () => {
    const before = issuer.jwksRequests();
    for (let i = 0; i < 5; i++) {
      const res = await me(issuer.sign(randomUUID(), { kid: 'made-up-key' }));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(issuer.jwksRequests() - before).toBe(1);
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
