import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';

/** The daily to-do reset: every 15 minutes some zone's day may have begun (zones differ by 15-minute steps). */
export const DAILY_RESET_JOB = 'quests-daily-reset';
export const DAILY_RESET_CRON = '*/15 * * * *';

/** Weekly rotation (issue 9): every 15 minutes a week may have begun somewhere; weeks without a challenge get the next one. */
export const WEEKLY_ROTATION_JOB = 'quests-weekly-rotation';
export const WEEKLY_ROTATION_CRON = '*/15 * * * *';
/** The weekly streak recomputation: hourly, so a streak broken by a week without a completion is stored as such. */
export const STREAK_RECOMPUTE_JOB = 'quests-streak-recompute';
export const STREAK_RECOMPUTE_CRON = '7 * * * *';

/** The sweep of photos never attached as proof (hourly; see sweepUnattachedPhotos). */
export const PHOTO_SWEEP_JOB = 'quests-photo-sweep';
export const PHOTO_SWEEP_CRON = '37 * * * *';

export interface Scheduler {
  /** Queues one reset now; of calls with the same `key` in one 15-minute slot, from any replica, one job runs. Resolves with its id (null: already queued). */
  queueDailyReset(key: string): Promise<string | null>;
  /** Queues one run of a weekly job now (one per `key` per 15 minutes). Resolves with its id (null: already queued). */
  queueWeekly(job: typeof WEEKLY_ROTATION_JOB | typeof STREAK_RECOMPUTE_JOB, key: string): Promise<string | null>;
  /** The job's state ('created', 'active', 'completed', …), or null if unknown; `queue` defaults to the daily reset's. */
  jobState(id: string, queue?: string): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Scheduled work on pg-boss, in PostgreSQL (schema quests_jobs, through quests' own pool): the cron
 * schedule is shared, each tick queues one job whichever replicas run, and a job is fetched by one
 * worker (SELECT … FOR UPDATE SKIP LOCKED). So with several replicas each job runs once.
 */
export async function startScheduler(opts: {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  dailyReset: () => Promise<unknown>;
  /** Scheduled weekly work (rotation, streak recomputation); optional so the daily reset stands alone. */
  weekly?: { rotate: () => Promise<unknown>; recomputeStreaks: () => Promise<unknown> };
  /** The hourly sweep of unattached photos; optional like the weekly work. */
  photoSweep?: () => Promise<unknown>;
  pollingIntervalSeconds?: number;
}): Promise<Scheduler> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => opts.pool.query(text, values) },
    schema: 'quests_jobs',
  });
  boss.on('error', (err) => opts.logger.error({ err }, 'job scheduler error'));
  await boss.start();
  try {
    await boss.createQueue(DAILY_RESET_JOB, { name: DAILY_RESET_JOB, retryLimit: 3, retryDelay: 30, expireInSeconds: 600 });
  } catch (err) {
    // Replicas starting together: another created it first.
    if (!(await boss.getQueue(DAILY_RESET_JOB))) throw err;
  }
  await boss.schedule(DAILY_RESET_JOB, DAILY_RESET_CRON, {}, { tz: 'UTC' });
  type Job = [name: string, cron: string, run: () => Promise<unknown>];
  const jobs: Job[] = [];
  if (opts.weekly) {
    jobs.push([WEEKLY_ROTATION_JOB, WEEKLY_ROTATION_CRON, opts.weekly.rotate]);
    jobs.push([STREAK_RECOMPUTE_JOB, STREAK_RECOMPUTE_CRON, opts.weekly.recomputeStreaks]);
  }
  if (opts.photoSweep) jobs.push([PHOTO_SWEEP_JOB, PHOTO_SWEEP_CRON, opts.photoSweep]);
  for (const [name, cron, run] of jobs) {
    try {
      await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 30, expireInSeconds: 600 });
    } catch (err) {
      if (!(await boss.getQueue(name))) throw err;
    }
    await boss.schedule(name, cron, {}, { tz: 'UTC' });
    await boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
      const result = await run();
      opts.logger.info({ job: name, result }, 'scheduled job ran');
    });
  }
  await boss.work(DAILY_RESET_JOB, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
    const result = await opts.dailyReset();
    opts.logger.info({ result }, 'daily to-do reset ran');
  });
  return {
    queueDailyReset: (key) => boss.send(DAILY_RESET_JOB, {}, { singletonKey: key, singletonSeconds: 15 * 60 }),
    queueWeekly: (job, key) => boss.send(job, {}, { singletonKey: key, singletonSeconds: 15 * 60 }),
    async jobState(id, queue = DAILY_RESET_JOB) {
      const job = await boss.getJobById(queue, id, { includeArchive: true });
      return job?.state ?? null;
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false }),
  };
}
