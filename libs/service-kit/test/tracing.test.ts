// Decision 0058: the outbox hop of a trace, and tracing off by default.
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent, OutboxRelay, quoteIdent } from '../src/events/outbox';
import type { DomainEvent } from '../src/events/types';
import { currentTraceparent, startTracing, tracingEnabled, type Tracing } from '../src/tracing';
import { pgTransactions, writeOutbox } from '../src/unit-of-work';
import { createTestInProcessBus, createTestSchema, uniqueService, waitFor, type TestSchema } from './events/helpers';

describe('tracing', () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is off by default: no traceparent, and an outbox without the column still works', async () => {
    expect(tracingEnabled()).toBe(false);
    expect(currentTraceparent()).toBeUndefined();
    const transaction = pgTransactions(db.pool, { schema: db.schema, relay: { kick() {} } });
    const event = newEvent(`${uniqueService()}.note.written.v1`, 'user-1', {});
    await transaction((tx) => writeOutbox(tx, event)); // the test schema's outbox has no traceparent column
    const { rowCount } = await db.pool.query(`SELECT 1 FROM ${quoteIdent(db.schema)}.outbox_event WHERE id = $1`, [
      event.payload.eventId,
    ]);
    expect(rowCount).toBe(1);
  });

  it('stores the writer’s span with the outbox row; the relay publishes under its child, the consumer runs under the next', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing: Tracing = startTracing({ serviceName: 'test', exporter });
    const bus = createTestInProcessBus();
    try {
      const s = quoteIdent(db.schema);
      await db.pool.query(`ALTER TABLE ${s}.outbox_event ADD COLUMN traceparent TEXT`);
      const subject = `${uniqueService()}.note.written.v1`;
      const received: DomainEvent[] = [];
      const sub = await bus.subscribe({ durable: 'tracing-test', subjects: [subject] }, async (event) => {
        received.push(event);
      });
      const transaction = pgTransactions(db.pool, { schema: db.schema, relay: { kick() {} } });
      const event = newEvent(subject, 'user-1', {});
      const request = await trace.getTracer('test').startActiveSpan('request', async (span) => {
        await transaction((tx) => writeOutbox(tx, event));
        span.end();
        return span.spanContext();
      });
      const { rows } = await db.pool.query(`SELECT traceparent FROM ${s}.outbox_event WHERE id = $1`, [
        event.payload.eventId,
      ]);
      expect(rows[0].traceparent).toBe(`00-${request.traceId}-${request.spanId}-01`);

      await new OutboxRelay({ pool: db.pool, schema: db.schema, bus }).drain();
      await waitFor(() => received.length === 1, 10_000, 'delivery');
      await sub.stop();
      const spans = exporter.getFinishedSpans().filter((x) => x.spanContext().traceId === request.traceId);
      const publish = spans.find((x) => x.name === `publish ${subject}`);
      const consume = spans.find((x) => x.name === `consume ${subject}`);
      expect(publish?.parentSpanContext?.spanId).toBe(request.spanId);
      expect(consume?.parentSpanContext?.spanId).toBe(publish?.spanContext().spanId);
      expect(received[0]?.traceparent).toBe(`00-${request.traceId}-${publish?.spanContext().spanId}-01`);
      expect(received[0]?.payload).toEqual(event.payload);
    } finally {
      await bus.close();
      await tracing.shutdown();
    }
    expect(tracingEnabled()).toBe(false);
  });
});
