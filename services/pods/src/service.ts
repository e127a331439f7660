import {
  EntitlementChanged,
  LevelReached,
  PlaybookShared,
  PlaybookWeekCompleted,
  PodPlaybookChanged,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  WeeklyCompleted,
} from '@vere/contracts';
import { CHAT_RATE_LIMIT, POD_COMMENT_RATE_LIMIT, type ChatRateLimit } from '@vere/domain';
import {
  assembleService,
  consume,
  jwksKeys,
  pgTransactions,
  startJobs,
  type EventBus,
  type Jobs,
  type ServiceContext,
  type ServiceHandle,
} from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PodsConfig } from './config';
import type { PhotoUrl, PodsDeps } from './deps';
import { LiveHub } from './live/hub';
import { createLiveRepository } from './live/live-repository';
import type { OpenStreams } from './live/streams';
import { prismaDir } from './prisma-dir';
import { createChatRepository } from './repositories/chat-repository';
import { createExportRepository } from './repositories/export-repository';
import { createFeedRepository } from './repositories/feed-repository';
import { createFriendsRepository } from './repositories/friends-repository';
import { createPodPlaybooksRepository } from './repositories/pod-playbooks-repository';
import { createPodStreakRepository } from './repositories/pod-streak-repository';
import { createPodsRepository } from './repositories/pods-repository';
import { createReadModelsRepository } from './repositories/read-models-repository';
import { createSafetyRepository } from './repositories/safety-repository';
import { chatRoutes } from './routes/chat';
import { feedRoutes } from './routes/feed';
import { friendRoutes } from './routes/friends';
import { liveRoutes } from './routes/live';
import { myPodsRoutes } from './routes/my-pods';
import { podPlaybookRoutes } from './routes/pod-playbooks';
import { podRoutes } from './routes/pods';
import { safetyRoutes } from './routes/safety';
import { resolveChatMessageTarget } from './use-cases/chat';
import { onPlaybookShared, onPlaybookWeekCompleted, onPodPlaybookChanged } from './use-cases/pod-playbooks';
import { resolvePodLogTarget } from './use-cases/pods';
import { forgetUser, registerProfile, updateEntitlement, updateLevel, updateProfile } from './use-cases/read-models';
import { resolveUserTarget } from './use-cases/safety';
import { STREAK_SWEEP_CRON, STREAK_SWEEP_JOB, sweepStreaks } from './use-cases/streak-sweep';
import { onWeeklyCompleted } from './use-cases/weekly-share';

export interface PodsOptions {
  bus: EventBus;
  logger: FastifyBaseLogger;
  /** The time the streak rules use (tests control it); default the system clock. */
  clock?: () => Date;
  /**
   * Run the scheduled jobs (the week-end streak sweep, once a minute on one replica); default true.
   * Tests that drive the clock themselves turn them off.
   */
  jobs?: boolean;
  /** How often this replica looks for queued jobs; default 2 s. */
  jobPollingIntervalSeconds?: number;
  /** Heartbeat of the live streams; default 15 s. */
  heartbeatMs?: number;
  /** Signed links to proof photos for the pod log (the launcher wires the photo storage); absent: ids only. */
  photoUrl?: PhotoUrl;
  /** Messages per sender and window; default @vere/domain's CHAT_RATE_LIMIT. */
  chatRateLimit?: ChatRateLimit;
  /** Comments per author and window; default @vere/domain's POD_COMMENT_RATE_LIMIT. */
  commentRateLimit?: ChatRateLimit;
}

export async function createPodsService(config: PodsConfig, options: PodsOptions): Promise<ServiceHandle> {
  const hub = new LiveHub(config.databaseUrl, options.logger);
  let deps: PodsDeps | undefined;
  // The one wiring of the use cases' dependencies, on the service's pool and outbox relay.
  const wire = ({ pool, relay }: ServiceContext<undefined>): PodsDeps =>
    (deps ??= {
      transaction: pgTransactions(pool, { schema: 'pods', relay }),
      db: pool,
      clock: options.clock ?? (() => new Date()),
      photoUrl: options.photoUrl,
      chatRateLimit: options.chatRateLimit ?? CHAT_RATE_LIMIT,
      commentRateLimit: options.commentRateLimit ?? POD_COMMENT_RATE_LIMIT,
      reportTargets: [resolveUserTarget, resolvePodLogTarget, resolveChatMessageTarget],
      hub,
      heartbeatMs: options.heartbeatMs ?? 15_000,
      pods: createPodsRepository(),
      podStreaks: createPodStreakRepository(),
      friends: createFriendsRepository(),
      chat: createChatRepository(),
      safety: createSafetyRepository(),
      readModels: createReadModelsRepository(),
      exports: createExportRepository(),
      live: createLiveRepository(),
      feed: createFeedRepository(),
      podPlaybooks: createPodPlaybooksRepository(),
    });
  let pool: ServiceContext<undefined>['pool'] | undefined;
  const handle = await assembleService({
    name: 'pods',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    bus: options.bus,
    logger: options.logger,
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async (ctx) => {
      const { app } = ctx;
      pool = ctx.pool;
      const d = wire(ctx);
      // Open event streams of this instance, ended before the server closes (they would hold it open).
      const open: OpenStreams = new Set();
      app.addHook('preClose', async () => {
        for (const end of [...open]) end();
      });
      await app.register(myPodsRoutes, d);
      await app.register(friendRoutes, d);
      await app.register(safetyRoutes, d);
      await app.register(podRoutes, d);
      await app.register(feedRoutes, d);
      await app.register(podPlaybookRoutes, d);
      await app.register(liveRoutes, { ...d, open });
      await app.register(chatRoutes, { ...d, open });
      app.addHook('onClose', async () => {
        await hub.close();
      });
    },
    consumers: (ctx) => {
      const d = wire(ctx);
      return [
        consume(ctx.bus, d.transaction, 'pods-user-erasure', UserDeleted, forgetUser(d)),
        consume(ctx.bus, d.transaction, 'pods-profile-registry', UserRegistered, registerProfile(d)),
        consume(ctx.bus, d.transaction, 'pods-profile', ProfileUpdated, updateProfile(d)),
        consume(ctx.bus, d.transaction, 'pods-entitlement', EntitlementChanged, updateEntitlement(d)),
        consume(ctx.bus, d.transaction, 'pods-level', LevelReached, updateLevel(d)),
        consume(ctx.bus, d.transaction, 'pods-weekly', WeeklyCompleted, onWeeklyCompleted(d)),
        consume(ctx.bus, d.transaction, 'pods-pod-playbooks', PodPlaybookChanged, onPodPlaybookChanged(d)),
        consume(ctx.bus, d.transaction, 'pods-playbook-weeks', PlaybookWeekCompleted, onPlaybookWeekCompleted(d)),
        consume(ctx.bus, d.transaction, 'pods-playbook-shares', PlaybookShared, onPlaybookShared(d)),
      ];
    },
  });
  let jobs: Jobs | undefined;
  return {
    ...handle,
    async start() {
      await hub.start();
      await handle.start();
      if (options.jobs === false) return;
      const d = deps!;
      jobs = await startJobs({
        pool: pool!,
        schema: 'pods_jobs',
        logger: options.logger,
        pollingIntervalSeconds: options.jobPollingIntervalSeconds,
        jobs: [{ name: STREAK_SWEEP_JOB, cron: STREAK_SWEEP_CRON, run: () => sweepStreaks(d, d.clock()) }],
      });
    },
    async close() {
      await jobs?.stop();
      jobs = undefined;
      await handle.close();
    },
  };
}
