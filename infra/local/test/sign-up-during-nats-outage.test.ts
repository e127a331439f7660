import { createTestDatabase, natsTarget, startTcpProxy, type TcpProxy, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

const NATS_URL = process.env.NATS_URL;
if (!NATS_URL && process.env.VERE_REQUIRE_NATS === '1') {
  throw new Error('VERE_REQUIRE_NATS=1 but NATS_URL is not set: the NATS outage test must run here');
}

/**
 * The whole slice over real HTTP, real PostgreSQL and real NATS JetStream: a user signs up
 * while NATS is unreachable. Sign-up must still succeed (the event waits in identity's outbox),
 * and once NATS is back quests must receive the event and create the player.
 */
describe.skipIf(!NATS_URL)('sign-up while NATS is down', () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let stack: RunningStack;

  beforeAll(async () => {
    db = await createTestDatabase('vere_outage');
    proxy = await startTcpProxy(natsTarget(NATS_URL!));
    const config = loadEnv(LocalEnv, {
      DATABASE_URL: db.url,
      NATS_URL: proxy.url,
      PORT: '0',
      HOST: '127.0.0.1',
      API_ONLY: 'true',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    });
    const logger = pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger;
    stack = await startStack(config, logger);
  });

  afterAll(async () => {
    await proxy?.restore();
    await stack?.stop();
    await proxy?.close();
    await db?.drop();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    });

  it('delivers the registration once NATS is back', async () => {
    await proxy.cut();
    const signUp = await api('/api/identity/auth/sign-up', {
      method: 'POST',
      body: JSON.stringify({ email: `outage.${Date.now()}@example.com`, password: 'Challenge1!', name: 'Ana' }),
    });
    expect(signUp.status).toBe(201);
    const { accessToken } = (await signUp.json()) as { accessToken: string };
    const progress = () => api('/api/quests/me/progress', { headers: { authorization: `Bearer ${accessToken}` } });

    // While NATS is unreachable the event cannot arrive: quests has no player yet.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await progress()).status).toBe(404);

    await proxy.restore();
    await expect.poll(async () => (await progress()).status, { timeout: 30_000, interval: 250 }).toBe(200);
    expect(await (await progress()).json()).toMatchObject({ currentLevel: 1, totalXP: 0, nextLevelXP: 100 });
  });
});
