import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric, type MetricValue } from 'prom-client';
import type { ServiceApp } from './app';
import type { OutboxStats } from './events/outbox';
import type { ConsumerLag } from './events/types';

export interface MetricsOptions {
  /** The `service` label on every series. */
  name: string;
  pool: pg.Pool;
  outboxStats?: () => Promise<OutboxStats>;
  /** This service's durables' lag (the bus's, filtered to the service). */
  consumerLag?: () => Promise<ConsumerLag[]>;
}

/** Routes that are the service's own plumbing: counted, never timed as API work. */
const OPS_ROUTES = new Set(['/health', '/ready', '/metrics', '/docs/json']);

/**
 * `GET /metrics` in Prometheus' text format, from a registry of this app's own (the embedded default
 * runs four services in one process): HTTP requests and their latency per route template and status,
 * the database pool (in use, idle, callers waiting), the outbox (pending, failed), and Node's own
 * (event-loop lag, heap, RSS, GC; prom-client's default metrics). Scraped on the service's port;
 * the edges do not route it (only `/api/…` goes through them).
 */
export function installMetrics(app: ServiceApp, opts: MetricsOptions): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service: opts.name });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  // Per request, one record per route template and method is found (two Map lookups on strings that
  // are the same objects every time) and counted into; the two HTTP series are made from the records
  // when /metrics is read. prom-client's Counter.inc and Histogram.observe each validated and hashed
  // their labels on every request: ~3 µs of an authenticated GET's ~150 µs (decision 0076).
  const http = new HttpStats(DURATION_BUCKETS);
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of http.records())
        for (const [status, count] of r.statuses) this.inc({ method: r.method, route: r.route, status }, count);
    },
  });
  registry.registerMetric(
    http.histogram(
      'http_request_duration_seconds',
      'Time from the request arriving to its answer being sent, by method and route template.',
    ),
  );
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and callers waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { totalCount, idleCount, waitingCount } = opts.pool;
      this.set({ state: 'in_use' }, totalCount - idleCount);
      this.set({ state: 'idle' }, idleCount);
      this.set({ state: 'waiting' }, waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the pool opens.',
    registers: [registry],
    collect() {
      this.set(opts.pool.options.max ?? 10);
    },
  });
  const outboxStats = opts.outboxStats;
  if (outboxStats) {
    new Gauge({
      name: 'outbox_events',
      help: 'Events in the outbox not yet published (pending) and given up after failing (failed).',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const stats = await outboxStats().catch(() => undefined);
        if (!stats) return;
        this.set({ state: 'pending' }, stats.pending);
        this.set({ state: 'failed' }, stats.failed);
      },
    });
    new Gauge({
      name: 'outbox_oldest_pending_seconds',
      help: 'Age of the oldest event not yet published (0 when none): how far the relay is behind.',
      registers: [registry],
      async collect() {
        const stats = await outboxStats().catch(() => undefined);
        if (stats) this.set(stats.oldestPendingSeconds);
      },
    });
  }

  const consumerLag = opts.consumerLag;
  if (consumerLag) {
    // One read of the bus per scrape for both series.
    let lastRead: { at: number; lags: Promise<ConsumerLag[]> } | undefined;
    const lags = () => {
      if (!lastRead || Date.now() - lastRead.at > 500) {
        lastRead = { at: Date.now(), lags: consumerLag().catch(() => []) };
      }
      return lastRead.lags;
    };
    new Gauge({
      name: 'event_consumer_lag_events',
      help: 'Events published and not yet handled, per durable consumer and subject (all partitions).',
      labelNames: ['durable', 'subject'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const lag of await lags()) this.set({ durable: lag.durable, subject: lag.subject }, lag.pending);
      },
    });
    new Gauge({
      name: 'event_consumer_lag_seconds',
      help: 'Age of the oldest event a durable consumer has not handled yet (0 when none; embedded bus only).',
      labelNames: ['durable', 'subject'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const lag of await lags()) {
          if (lag.oldestPendingSeconds !== undefined)
            this.set({ durable: lag.durable, subject: lag.subject }, lag.oldestPendingSeconds);
        }
      },
    });
  }

  // A callback hook, not an async one: no promise per request (issue 28).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    http.record(request.method, route, reply.statusCode, OPS_ROUTES.has(route) ? undefined : reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true }, config: { shedding: false } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
  return registry;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface RouteRecord {
  method: string;
  route: string;
  /** Answers by status code. */
  statuses: Map<number, number>;
  /** Timed answers: how many fell at or under each bucket's bound (not yet cumulative), their sum. */
  buckets: number[];
  count: number;
  sum: number;
}

/** The HTTP requests a service answered: counts by status, and a latency histogram, per route and method. */
class HttpStats {
  private readonly byRoute = new Map<string, Map<string, RouteRecord>>();

  constructor(private readonly bounds: readonly number[]) {}

  /** Counts one answer; `seconds` undefined: counted, not timed (the service's own plumbing). */
  record(method: string, route: string, status: number, seconds: number | undefined): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let r = byMethod.get(method);
    if (!r) {
      r = { method, route, statuses: new Map(), buckets: this.bounds.map(() => 0), count: 0, sum: 0 };
      byMethod.set(method, r);
    }
    r.statuses.set(status, (r.statuses.get(status) ?? 0) + 1);
    if (seconds === undefined) return;
    r.count++;
    r.sum += seconds;
    for (let i = 0; i < this.bounds.length; i++) {
      if (seconds <= this.bounds[i]!) {
        r.buckets[i]!++;
        break;
      }
    }
  }

  *records(): Iterable<RouteRecord> {
    for (const byMethod of this.byRoute.values()) yield* byMethod.values();
  }

  /**
   * The latency histogram as a registry metric: what the registry reads of one (name, help, type,
   * `get()` answering the values in prom-client's shape: `_bucket` per bound, `_sum`, `_count`).
   * prom-client's types name only its own classes, hence the cast.
   */
  histogram(name: string, help: string): Metric {
    const metric = {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      reset: () => this.byRoute.clear(),
      get: async () => {
        const values: MetricValue<string>[] = [];
        for (const r of this.records()) {
          if (r.count === 0) continue;
          const labels = { method: r.method, route: r.route };
          let cumulative = 0;
          this.bounds.forEach((bound, i) => {
            cumulative += r.buckets[i]!;
            values.push({
              metricName: `${name}_bucket`,
              labels: { ...labels, le: bound },
              value: cumulative,
            } as MetricValue<string>);
          });
          values.push({
            metricName: `${name}_bucket`,
            labels: { ...labels, le: '+Inf' },
            value: r.count,
          } as MetricValue<string>);
          values.push({ metricName: `${name}_sum`, labels, value: r.sum } as MetricValue<string>);
          values.push({ metricName: `${name}_count`, labels, value: r.count } as MetricValue<string>);
        }
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
    };
    return metric as unknown as Metric;
  }
}
