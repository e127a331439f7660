import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type pg from 'pg';
import { quoteIdent } from './events/sql';

/** One scheduled job: queued by its cron schedule (UTC), run by one worker of one replica. */
export interface ScheduledJob {
  name: string;
  cron: string;
  run: () => Promise<unknown>;
}

export interface Jobs {
  /**
   * Queues a run of `name` now; of calls with the same `key` within `singletonSeconds` (default
   * 15 min), from any replica, one job is queued. Resolves with its id (null: already queued).
   */
  queue(name: string, key: string, singletonSeconds?: number): Promise<string | null>;
  /** The job's state ('created', 'active', 'completed', …), or null if unknown. */
  state(name: string, id: string): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Scheduled work on pg-boss in PostgreSQL (schema `<service>_jobs`, through the service's own pool):
 * the cron schedule is shared, each tick queues one job whichever replicas run, and a job is fetched
 * by one worker (SELECT … FOR UPDATE SKIP LOCKED). So with any number of replicas each job runs once.
 */
export async function startJobs(opts: {
  pool: pg.Pool;
  /** pg-boss's schema, e.g. 'quests_jobs'. */
  schema: string;
  logger: FastifyBaseLogger;
  jobs: ScheduledJob[];
  pollingIntervalSeconds?: number;
}): Promise<Jobs> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => opts.pool.query(text, values) }, schema: opts.schema });
  boss.on('error', (err) => opts.logger.error({ err }, 'job scheduler error'));
  await oneAtATime(opts.pool, `pg-boss start ${opts.schema}`, async () => {
    await dropPgBoss10Schema(opts.pool, opts.schema, opts.logger);
    await boss.start();
  });
  for (const { name, cron, run } of opts.jobs) {
    // Idempotent: replicas starting together each create it, one row results.
    await boss.createQueue(name, { retryLimit: 3, retryDelay: 30, expireInSeconds: 600 });
    await boss.schedule(name, cron, {}, { tz: 'UTC' });
    await boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
      const result = await run();
      opts.logger.info({ job: name, result }, 'scheduled job ran');
    });
  }
  return {
    queue: (name, key, singletonSeconds = 15 * 60) => boss.send(name, {}, { singletonKey: key, singletonSeconds }),
    async state(name, id) {
      const [job] = await boss.findJobs(name, { id });
      return job?.state ?? null;
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000, close: false }),
  };
}

/**
 * Runs `work` while holding a session advisory lock named `name`. pg-boss's install waits for its own
 * lock inside a transaction begun before the wait, so a replica that waited on another's install of
 * the same schema runs `CREATE SCHEMA IF NOT EXISTS` against a stale catalog and fails (pg-boss 10 and
 * 12 alike): replicas starting together take turns, and the later ones find it installed.
 */
async function oneAtATime(pool: pg.Pool, name: string, work: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  let broken: Error | undefined;
  try {
    await lock.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      await work();
    } finally {
      await lock
        .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name])
        .catch((err: Error) => (broken = err));
    }
  } finally {
    lock.release(broken);
  }
}

/** pg-boss 11's schema version: the oldest pg-boss 12 migrates from. pg-boss 10 wrote version 24. */
const OLDEST_MIGRATABLE_SCHEMA_VERSION = 25;

/**
 * pg-boss 11 rebuilt its tables and migrates no pg-boss 10 schema: start() on one throws. Nothing in
 * ours needs keeping (queues and cron schedules are created again at every start, and a job lost with
 * it is the same idempotent sweep the next tick queues), so it is dropped and start() installs afresh.
 */
async function dropPgBoss10Schema(pool: pg.Pool, schema: string, logger: FastifyBaseLogger): Promise<void> {
  const installed = await pool.query(
    "SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = $1 AND tablename = 'version'",
    [schema],
  );
  if (installed.rowCount !== 1) return;
  const { rows } = await pool.query<{ version: number }>(`SELECT version FROM ${quoteIdent(schema)}.version`);
  const version = Number(rows[0]?.version);
  if (!(version < OLDEST_MIGRATABLE_SCHEMA_VERSION)) return;
  await pool.query(`DROP SCHEMA ${quoteIdent(schema)} CASCADE`);
  logger.warn({ schema, version }, 'dropped the pg-boss 10 job schema; pg-boss 12 installs it afresh');
}
