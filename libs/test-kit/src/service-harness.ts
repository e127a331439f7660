import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase, type TestDatabaseTemplate } from '@vere/dev-db';
import { migrateDeploy } from '@vere/prisma-engine';
import type { FastifyBaseLogger, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { startTestIssuer, type TestIssuer } from './test-issuer';

// The harness sees a service and its bus through the little it uses of them, not through
// @vere/service-kit's types: service-kit's own tests use this package (the test issuer), and an
// import back would make the two projects depend on each other.

/** What the harness drives of a service: service-kit's `ServiceHandle` fits. */
export interface HarnessService {
  readonly app: InjectTarget;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A Fastify app, as far as calls through `inject` go. */
export interface InjectTarget {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** What the harness needs of an event bus: something to close last but one. */
export interface HarnessBus {
  close(): Promise<void>;
}

/** A clock the test moves: every rule of a service built with it reads the time from it. */
export interface TestClock {
  (): Date;
  /** Milliseconds since the epoch; assigning moves the clock (`clock.now += 60_000`). */
  now: number;
  /** Moves the clock to an instant (`clock.set('2026-01-18T09:00:00Z')`). */
  set(at: string | number | Date): void;
}

export function testClock(at: string | number | Date = Date.now()): TestClock {
  let ms = new Date(at).getTime();
  const clock = (() => new Date(ms)) as TestClock;
  Object.defineProperty(clock, 'now', {
    get: () => ms,
    set: (next: number) => {
      ms = next;
    },
    enumerable: true,
  });
  clock.set = (next) => {
    ms = new Date(next).getTime();
  };
  return clock;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call to the service's app (`payload` as JSON unless it is a string). */
export type Call = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** What a service is built from. */
export interface ServiceHarnessContext<B extends HarnessBus> {
  db: TestDatabase;
  bus: B;
  /** Signs access tokens as identity does; its `issuer` and `jwksUrl` go into the service's config. */
  issuer: TestIssuer;
  logger: FastifyBaseLogger;
  clock: TestClock;
}

export interface ServiceHarnessOptions<S extends HarnessService, B extends HarnessBus> {
  /** Prefix of the throw-away database's name (`vere_quests` → `vere_quests_<random>`). */
  name: string;
  /**
   * The service's migrations (its Postgres schema and prisma/ folder): the database is then a clone
   * of a template migrated once per set of migration files, and the service's own migrate at start
   * finds nothing to do (decision 0062). Without it the database starts empty.
   */
  migrations?: { schema: string; prismaDir: string };
  /** Runs on this database instead of a new one; close() leaves it to its owner. */
  db?: TestDatabase;
  /** The event bus, on the test database (the in-process bus, or NATS for a suite that wants it). */
  bus(ctx: { db: TestDatabase; logger: FastifyBaseLogger }): B;
  /** Builds the service (not started: the harness starts it). */
  create(ctx: ServiceHarnessContext<B>): Promise<S>;
  /** Default: pino at `TEST_LOG_LEVEL`, silent without it. */
  logger?: FastifyBaseLogger;
  /** Where the clock starts. Default: now. */
  clock?: string | number | Date;
}

export interface ServiceHarness<S extends HarnessService, B extends HarnessBus> extends ServiceHarnessContext<B> {
  /** The service, started. */
  service: S;
  /** A pool on the test database, for arranging and inspecting rows. */
  sql: pg.Pool;
  /** Calls as one signed-in user, or anonymously with `null`; `app` is another replica's. */
  as(userId: string | null, app?: InjectTarget): Call;
  /** Runs `cleanup` on close, before the service stops (the last one registered first). */
  onClose(cleanup: () => Promise<unknown> | void): void;
  /** Stops everything in reverse order of start; drops the database it made. Idempotent. */
  close(): Promise<void>;
}

/**
 * A template migrated by `migrateDeploy` (what the service runs at start), keyed by the schema and the
 * content of schema.prisma and every migration.sql: editing or adding a migration builds a new one.
 */
export function migratedTemplate({ schema, prismaDir }: { schema: string; prismaDir: string }): TestDatabaseTemplate {
  const migrationsDir = join(prismaDir, 'migrations');
  const key = createHash('sha256')
    .update(schema)
    .update(readFileSync(join(prismaDir, 'schema.prisma')));
  for (const dir of readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort())
    key.update(dir).update(readFileSync(join(migrationsDir, dir, 'migration.sql')));
  return {
    key: key.digest('hex'),
    async build(url) {
      const target = new URL(url);
      target.searchParams.set('schema', schema);
      await migrateDeploy({
        databaseUrl: target.toString(),
        schemaPath: join(prismaDir, 'schema.prisma'),
        migrationsDir,
      });
    },
  };
}

export const testLogger = (): FastifyBaseLogger =>
  pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;

/**
 * One service fully wired for a test file: a fresh database on real PostgreSQL (`@vere/dev-db`),
 * the bus, a token issuer over real HTTP, a logger and a clock, then the service itself, started.
 * If building anything fails, what was started is stopped again before the error is rethrown.
 */
export async function startServiceHarness<S extends HarnessService, B extends HarnessBus>(
  options: ServiceHarnessOptions<S, B>,
): Promise<ServiceHarness<S, B>> {
  const stops: (() => Promise<unknown> | void)[] = [];
  // Every stop runs even when one fails (a database is still dropped); the first failure is rethrown.
  const stopAll = async () => {
    const failures: unknown[] = [];
    for (const stop of stops.splice(0).reverse())
      await Promise.resolve()
        .then(stop)
        .catch((err: unknown) => failures.push(err));
    if (failures.length > 0) throw failures[0];
  };
  try {
    const db =
      options.db ??
      (await createTestDatabase(options.name, options.migrations && migratedTemplate(options.migrations)));
    if (!options.db) stops.push(() => db.drop());
    const sql = new pg.Pool({ connectionString: db.url });
    stops.push(() => sql.end());
    const issuer = await startTestIssuer();
    stops.push(() => issuer.close());
    const logger = options.logger ?? testLogger();
    const bus = options.bus({ db, logger });
    stops.push(() => bus.close());
    const clock = testClock(options.clock);
    const service = await options.create({ db, bus, issuer, logger, clock });
    stops.push(() => service.close());
    await service.start();

    let closing: Promise<void> | undefined;
    return {
      db,
      bus,
      issuer,
      logger,
      clock,
      service,
      sql,
      as(userId, app = service.app) {
        const headers: Record<string, string> =
          userId === null ? {} : { authorization: `Bearer ${issuer.sign(userId)}` };
        return (method, url, payload) =>
          app.inject({ method, url, headers, payload: payload as InjectOptions['payload'] });
      },
      onClose(cleanup) {
        stops.push(cleanup);
      },
      close() {
        closing ??= stopAll();
        return closing;
      },
    };
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
}
