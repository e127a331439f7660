import { EntitlementChanged, LevelReached, ProfileUpdated, UserDeleted, UserRegistered, WeeklyCompleted } from '@vere/contracts';
import { assembleService, consume, jwksKeys, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PodsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { createPodsRepository } from './repositories/pods-repository';
import { chatRoutes } from './routes/chat';
import { friendRoutes } from './routes/friends';
import { LiveHub } from './live';
import { liveRoutes, type OpenStreams } from './routes/live';
import { myPodsRoutes } from './routes/my-pods';
import { podRoutes } from './routes/pods';
import { safetyRoutes } from './routes/safety';
import { resolvePodLogTarget, type PhotoUrl } from './use-cases/pods';
import { DEFAULT_CHAT_RATE_LIMIT, resolveChatMessageTarget, type ChatRateLimit } from './use-cases/chat';
import { resolveUserTarget } from './use-cases/safety';
import { startStreakSweep } from './use-cases/streak-sweep';
import { onWeeklyCompleted } from './use-cases/weekly-share';
import { forgetUser, registerProfile, updateEntitlement, updateLevel, updateProfile } from './use-cases/read-models';
import { prismaDir } from './prisma-dir';

export interface PodsDeps {
  bus: EventBus;
  logger: FastifyBaseLogger;
  /** The time the streak rules use (tests control it); default the system clock. */
  clock?: () => Date;
  /** How often the week-end sweep settles missed weeks; default 60 s. 0 turns it off. */
  streakSweepMs?: number;
  /** Heartbeat of the live streams; default 15 s. */
  heartbeatMs?: number;
  /** Signed links to proof photos for the pod log (the launcher wires the photo storage); absent: ids only. */
  photoUrl?: PhotoUrl;
  /** Messages per sender and window; default 20 per 10 s. */
  chatRateLimit?: ChatRateLimit;
}

export async function createPodsService(config: PodsConfig, options: PodsDeps): Promise<ServiceHandle> {
  const { clock = () => new Date(), streakSweepMs = 60_000, heartbeatMs = 15_000, photoUrl, chatRateLimit = DEFAULT_CHAT_RATE_LIMIT, ...deps } = options;
  const hub = new LiveHub(config.databaseUrl, deps.logger);
  let stopSweep = () => {};
  let beginSweep = () => {};
  const handle = await assembleService({
    name: 'pods',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    createPrisma: (adapter) => new PrismaClient({ adapter }),
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async ({ app, prisma, pool, relay }) => {
      const onEvents = () => relay.kick();
      // Open event streams of this instance, ended before the server closes (they would hold it open).
      const open: OpenStreams = new Set();
      app.addHook('preClose', async () => {
        for (const end of [...open]) end();
      });
      await app.register(myPodsRoutes, { pods: createPodsRepository(prisma), db: pool });
      await app.register(friendRoutes, { pool, onEvents });
      await app.register(safetyRoutes, { pool, onEvents, reportTargets: [resolveUserTarget, resolvePodLogTarget, resolveChatMessageTarget] });
      await app.register(podRoutes, { pool, onEvents, photoUrl, clock });
      await app.register(liveRoutes, { pool, hub, heartbeatMs, open });
      await app.register(chatRoutes, { pool, hub, heartbeatMs, open, rateLimit: chatRateLimit });
      app.addHook('onClose', async () => {
        stopSweep();
        await hub.close();
      });
      beginSweep = () => {
        if (streakSweepMs > 0) stopSweep = startStreakSweep({ pool, logger: deps.logger, clock, everyMs: streakSweepMs, onEvents });
      };
    },
    consumers: ({ bus, prisma }) => [
      consume(bus, prisma, 'pods-user-erasure', UserDeleted, forgetUser),
      consume(bus, prisma, 'pods-profile-registry', UserRegistered, registerProfile),
      consume(bus, prisma, 'pods-profile', ProfileUpdated, updateProfile),
      consume(bus, prisma, 'pods-entitlement', EntitlementChanged, updateEntitlement),
      consume(bus, prisma, 'pods-level', LevelReached, updateLevel),
      consume(bus, prisma, 'pods-weekly', WeeklyCompleted, onWeeklyCompleted(clock)),
    ],
  });
  const start = handle.start.bind(handle);
  return {
    ...handle,
    async start() {
      await hub.start();
      await start();
      beginSweep();
    },
  };
}
