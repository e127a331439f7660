/**
 * OpenTelemetry traces (decision 0058): one trace follows a request from the edge through a service,
 * its outbox row, the bus and the consumer in another service. Off unless started: without
 * `startTracing()` (which `runService` and the launcher call only when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set) no hook is installed, no span is made and nothing is stored; `@opentelemetry/api` then
 * answers every call with its no-op.
 *
 * The W3C `traceparent` of the request's span is stored with each outbox row the request writes;
 * the relay publishes the row under a producer span, child of it, whose own `traceparent` travels
 * with the event (a NATS header; a column of the embedded bus's log); the consumer's span is a
 * child of that.
 */
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface TracingOptions {
  /** `service.name` of this process's spans (the launcher's one process: `vere`). */
  serviceName: string;
  /**
   * Where spans go. Default: OTLP over HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT` (the exporter reads
   * the standard `OTEL_EXPORTER_OTLP_*` variables), batched. A test passes an in-memory exporter,
   * which is given each span as it ends.
   */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  /** Flushes, then turns tracing off again (hooks already installed become no-ops). */
  shutdown(): Promise<void>;
}

const TRACER = '@vere/service-kit';
let provider: NodeTracerProvider | undefined;

/** True once `startTracing` ran (and until its shutdown). */
export function tracingEnabled(): boolean {
  return provider !== undefined;
}

function tracer(): Tracer {
  return trace.getTracer(TRACER);
}

/** Starts tracing when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; otherwise does nothing and returns undefined. */
export function startTracingFromEnv(serviceName: string, env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  return startTracing({ serviceName: env.OTEL_SERVICE_NAME || serviceName });
}

/** Registers the process's tracer provider, W3C trace-context propagator and async context manager. */
export function startTracing(options: TracingOptions): Tracing {
  if (provider) throw new Error('tracing is already started in this process');
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter());
  const started = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  started.register();
  provider = started;
  return {
    flush: () => started.forceFlush(),
    async shutdown() {
      if (provider !== started) return;
      provider = undefined;
      await started.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** The W3C `traceparent` of the active span, or undefined (tracing off, or no span). */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  if (!provider || !trace.getSpanContext(ctx)) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

function contextOf(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();
}

const SPAN = Symbol('vere.span');
const CONTEXT = Symbol('vere.context');
type TracedRequest = FastifyRequest & { [SPAN]?: Span; [CONTEXT]?: Context };

/**
 * A server span per request, child of the caller's `traceparent` (the edge's, or a client's), active
 * while the handler runs, so what the handler writes (outbox rows) and calls carries it. `onRequest`
 * and `preHandler` each continue the request in the span's context (body parsing in between may
 * leave it); `onResponse` ends it with the route template and status. `inject` (the edge) adds
 * the span's `traceparent` to the request it forwards. Nothing is installed when tracing is off.
 */
export function installTracing(app: FastifyInstance, serviceName: string): void {
  if (!provider) return;
  app.addHook('onRequest', (request: TracedRequest, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer().startSpan(
      `${request.method} ${request.url.split('?')[0]}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'vere.service': serviceName } },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    request[SPAN] = span;
    request[CONTEXT] = ctx;
    context.with(ctx, done);
  });
  app.addHook('preHandler', (request: TracedRequest, _reply, done) => {
    const ctx = request[CONTEXT];
    if (ctx) context.with(ctx, done);
    else done();
  });
  app.addHook('onResponse', (request: TracedRequest, reply, done) => {
    const span = request[SPAN];
    if (span) {
      const route = request.routeOptions.url ?? 'unmatched';
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/** For a proxy: the `traceparent` to send upstream for this request (its server span's), if any. */
export function requestTraceparent(request: object): string | undefined {
  const ctx = (request as TracedRequest)[CONTEXT];
  return ctx ? currentTraceparent(ctx) : undefined;
}

/**
 * The relay's publish of one outbox row: a producer span, child of the row's stored `traceparent`,
 * ended by the returned function; its own `traceparent` is what the event carries. Undefined (and
 * free) when tracing is off or the row has none.
 */
export function startPublishSpan(
  subject: string,
  traceparent: string | undefined,
): { traceparent: string | undefined; end(error?: unknown): void } | undefined {
  if (!provider || !traceparent) return undefined;
  const parent = contextOf(traceparent);
  const span = tracer().startSpan(
    `publish ${subject}`,
    { kind: SpanKind.PRODUCER, attributes: { 'messaging.destination.name': subject } },
    parent,
  );
  return {
    traceparent: currentTraceparent(trace.setSpan(parent, span)),
    end(error?: unknown) {
      if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
      span.end();
    },
  };
}

/**
 * Runs a consumer's handler in a consumer span, child of the event's `traceparent` (a new trace
 * when it has none). Calls `handle` directly when tracing is off.
 */
export function withConsumerSpan<T>(
  event: { subject: string; traceparent?: string },
  durable: string,
  attempt: number,
  handle: () => Promise<T>,
): Promise<T> {
  if (!provider) return handle();
  const parent = contextOf(event.traceparent);
  const span = tracer().startSpan(
    `consume ${event.subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.destination.name': event.subject,
        'messaging.consumer.group.name': durable,
        'vere.delivery.attempt': attempt,
      },
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await handle();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
