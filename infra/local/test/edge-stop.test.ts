import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

/**
 * Stopping the launcher while a browser holds a live stream and a kept-alive connection through
 * the edge: it must stop in seconds, not wait for any connection's idle timeout.
 */
describe('stopping with an open stream through the edge', () => {
  let db: TestDatabase;
  let stack: RunningStack | undefined;
  beforeAll(async () => {
    db = await createTestDatabase('vere_edge_stop');
    const config = loadEnv(LocalEnv, {
      DATABASE_URL: db.url, PORT: '0', HOST: '127.0.0.1', API_ONLY: 'true', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    });
    stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  it('stops within 10 s after a stream plus another request', { timeout: 120_000 }, async () => {
    const url = stack!.url;
    const signUp = await fetch(`${url}/api/identity/auth/sign-up`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `stop.${randomUUID()}@example.com`, password: 'Challenge1!', name: 'Ada Stop' }),
    });
    expect(signUp.status).toBe(201);
    const { accessToken: token } = (await signUp.json()) as { accessToken: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${url}/api/pods/pods`, { method: 'POST', headers, body: JSON.stringify({ name: 'Stop crew' }) });
    const podId = ((await created.json()) as { id: string }).id;
    const { ticket } = (await (await fetch(`${url}/api/pods/pods/${podId}/stream-ticket`, { method: 'POST', headers, body: '{}' })).json()) as { ticket: string };

    const stream = await fetch(`${url}/api/pods/pods/${podId}/events?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read(); // the stream is open through the edge
    // Another request through the edge, on a kept-alive connection.
    expect((await fetch(`${url}/api/pods/me/pods`, { headers })).status).toBe(200);

    const started = Date.now();
    await stack!.stop();
    stack = undefined;
    const took = Date.now() - started;
    void reader.cancel().catch(() => undefined);
    expect(took).toBeLessThan(10_000);
  });
});
