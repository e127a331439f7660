import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@vere/dev-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack';
import { startLocalStack } from './support/stack';

/**
 * Stopping the launcher while a browser holds a live stream and a kept-alive connection through
 * the edge: it must stop in seconds, not wait for any connection's idle timeout.
 */
describe('stopping with an open stream through the edge', () => {
  let db: TestDatabase;
  let stack: RunningStack | undefined;
  beforeAll(async () => {
    ({ db, stack } = await startLocalStack('vere_edge_stop'));
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  it('stops within 10 s after a stream plus another request', { timeout: 120_000 }, async () => {
    const url = stack!.url;
    const signUp = await fetch(`${url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `stop.${randomUUID()}@example.com`, password: 'Challenge1!', name: 'Ada Stop' }),
    });
    expect(signUp.status).toBe(201);
    const { accessToken: token } = (await signUp.json()) as { accessToken: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = await fetch(`${url}/api/pods/pods`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Stop crew' }),
    });
    const podId = ((await created.json()) as { id: string }).id;
    const { ticket } = (await (
      await fetch(`${url}/api/pods/pods/${podId}/stream-ticket`, { method: 'POST', headers, body: '{}' })
    ).json()) as { ticket: string };

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
