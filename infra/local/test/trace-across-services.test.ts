import { randomBytes, randomUUID } from 'node:crypto';
import type { TestDatabase } from '@vere/dev-db';
import { startTracing, type Tracing } from '@vere/service-kit';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack';
import { stackApi, startLocalStack } from './support/stack';

/**
 * Decision 0058: one trace follows a sign-up from the client through the edge, identity, its outbox
 * row, the bus and quests' player registry (real HTTP, real PostgreSQL, the real embedded bus), each
 * hop's span a child of the one before.
 */
describe('a trace across services', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let db: TestDatabase;
  let stack: RunningStack;

  beforeAll(async () => {
    // Before the stack: the apps install their tracing hooks only when tracing is on.
    tracing = startTracing({ serviceName: 'vere-test', exporter });
    ({ db, stack } = await startLocalStack('vere_traces'));
  });

  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
    await tracing?.shutdown();
  });

  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  const find = (spans: ReadableSpan[], what: string, test: (s: ReadableSpan) => boolean) => {
    const found = spans.find(test);
    if (!found) throw new Error(`no ${what} span among ${spans.map((s) => s.name).join(', ')}`);
    return found;
  };

  it('follows a sign-up from the edge to the consumer in quests', async () => {
    const traceId = randomBytes(16).toString('hex');
    const clientSpanId = randomBytes(8).toString('hex');
    const api = stackApi(stack);
    const signUp = await api('/api/identity/auth/sign-up', {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${clientSpanId}-01` },
      body: JSON.stringify({ email: `traced.${randomUUID()}@example.com`, password: 'Challenge1!', name: 'Ana' }),
    });
    expect(signUp.status).toBe(201);
    const { accessToken } = (await signUp.json()) as { accessToken: string };
    // The player exists once quests consumed the registration.
    await expect
      .poll(async () => (await api('/api/quests/me/progress', { token: accessToken })).status, { timeout: 30_000 })
      .toBe(200);

    let spans: ReadableSpan[] = [];
    await expect
      .poll(
        () => {
          spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
          // Both consumers of the event: they run side by side (decision 0057), either may finish first.
          const groups = new Set(spans.map((s) => s.attributes['messaging.consumer.group.name']));
          return groups.has('quests-player-registry') && groups.has('pods-profile-registry');
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    const edge = find(spans, 'edge', (s) => s.attributes['vere.service'] === 'edge');
    const identity = find(
      spans,
      'identity server',
      (s) => s.attributes['vere.service'] === 'identity' && s.attributes['http.route'] === '/api/identity/auth/sign-up',
    );
    const publish = find(spans, 'publish', (s) => s.name === 'publish identity.user.registered.v1');
    const consume = find(
      spans,
      'quests consumer',
      (s) =>
        s.name === 'consume identity.user.registered.v1' &&
        s.attributes['messaging.consumer.group.name'] === 'quests-player-registry',
    );
    // client → edge → identity → (outbox row) publish → quests' consumer.
    expect(parentOf(edge)).toBe(clientSpanId);
    expect(parentOf(identity)).toBe(edge.spanContext().spanId);
    expect(identity.attributes['http.response.status_code']).toBe(201);
    expect(parentOf(publish)).toBe(identity.spanContext().spanId);
    expect(parentOf(consume)).toBe(publish.spanContext().spanId);
    // pods' profile registry consumes the same event under the same publish span.
    expect(
      spans.some(
        (s) =>
          s.attributes['messaging.consumer.group.name'] === 'pods-profile-registry' &&
          parentOf(s) === publish.spanContext().spanId,
      ),
    ).toBe(true);
  });
});
