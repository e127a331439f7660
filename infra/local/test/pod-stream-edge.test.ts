import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@vere/dev-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack';
import { startLocalStack } from './support/stack';

/**
 * The pod's live stream through the edge: the proxy must hand each server-sent event on as it
 * comes (a buffering proxy would hold them until the stream ends, which it never does). A weekly
 * completion made through quests reaches a member's open stream while it stays open.
 */
describe('pod live updates through the edge', () => {
  let db: TestDatabase;
  let stack: RunningStack;
  beforeAll(async () => {
    ({ db, stack } = await startLocalStack('vere_pod_stream_edge'));
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  const api = async (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });

  it('streams the log entry and the pod streak as they are committed, not when the stream ends', async () => {
    const signUp = await fetch(`${stack.url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `stream.${randomUUID()}@example.com`,
        password: 'Challenge1!',
        name: 'Ada Stream',
      }),
    });
    expect(signUp.status).toBe(201);
    const { accessToken: token } = (await signUp.json()) as { accessToken: string };

    const created = await api('/api/pods/pods', token, { method: 'POST', body: JSON.stringify({ name: 'Live crew' }) });
    expect(created.status).toBe(201);
    const podId = ((await created.json()) as { id: string }).id;
    const ticketRes = await api(`/api/pods/pods/${podId}/stream-ticket`, token, { method: 'POST', body: '{}' });
    expect(ticketRes.status).toBe(201);
    const { ticket } = (await ticketRes.json()) as { ticket: string };

    const controller = new AbortController();
    const opened = Date.now();
    const stream = await fetch(`${stack.url}/api/pods/pods/${podId}/events?ticket=${ticket}`, {
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('content-length')).toBeNull();
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (pattern: RegExp, withinMs: number) => {
      const deadline = Date.now() + withinMs;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${pattern} within ${withinMs} ms; got ${JSON.stringify(text)}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error(`stream ended; got ${JSON.stringify(text)}`);
        text += chunk.value;
      }
    };
    // The first bytes come through at once.
    await readUntil(/: connected\n\n/, 2000);
    expect(Date.now() - opened).toBeLessThan(2000);

    const current = await api('/api/quests/me/weekly', token);
    expect(current.status).toBe(200);
    const weeklyId = ((await current.json()) as { challenges: Array<{ id: string }> }).challenges[0]!.id;
    expect((await api(`/api/quests/me/weekly/${weeklyId}/accept`, token, { method: 'POST', body: '{}' })).status).toBe(
      200,
    );
    const completed = await api(`/api/quests/me/weekly/${weeklyId}/complete`, token, {
      method: 'POST',
      body: JSON.stringify({ note: 'Live from the edge', podIds: [podId] }),
    });
    expect(completed.status).toBe(200);
    await readUntil(/event: pod-log-added\ndata: .*Live from the edge.*\n\n/, 5000);
    await readUntil(/event: pod-streak-updated\ndata: .*"currentStreak":1.*\n\n/, 5000);
    await reader.cancel();
    controller.abort();
  });
});
