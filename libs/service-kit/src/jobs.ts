import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';

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
  await boss.start();
  for (const { name, cron, run } of opts.jobs) {
    try {
      await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 30, expireInSeconds: 600 });
    } catch (err) {
      // Replicas starting together: another created it first.
      if (!(await boss.getQueue(name))) throw err;
    }
    await boss.schedule(name, cron, {}, { tz: 'UTC' });
    await boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
      const result = await run();
      opts.logger.info({ job: name, result }, 'scheduled job ran');
    });
  }
  return {
    queue: (name, key, singletonSeconds = 15 * 60) => boss.send(name, {}, { singletonKey: key, singletonSeconds }),
    async state(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return job?.state ?? null;
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false }),
  };
}
