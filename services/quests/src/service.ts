import { EntitlementChanged, FriendshipChanged, ProfileUpdated, UserDeleted, UserRegistered, type WeekAssignment } from '@vere/contracts';
import { assembleService, consume, jwksKeys, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from './clock';
import type { QuestsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { startScheduler, type Scheduler } from './jobs/scheduler';
import { defaultStorage, openPhotoStore } from './photo-store';
import { createDeckRepository } from './repositories/deck-repository';
import { createLeaderboardRepository } from './repositories/leaderboard-repository';
import { createPhotosRepository } from './repositories/photos-repository';
import { createPlayersRepository } from './repositories/players-repository';
import { createTodosRepository, type TodosRepository } from './repositories/todos-repository';
import { createCatalogueRepository, type CatalogueRepository } from './repositories/catalogue-repository';
import { recomputeStreaks, type RecomputeResult } from './repositories/streak-repository';
import { createWeeklyRepository } from './repositories/weekly-repository';
import { deckRoutes } from './routes/deck';
import { leaderboardRoutes } from './routes/leaderboard';
import { photoRoutes } from './routes/photos';
import { playbookRoutes } from './routes/playbooks';
import { progressRoutes } from './routes/progress';
import { todoRoutes } from './routes/todos';
import { weeklyRoutes } from './routes/weekly';
import { weeklyAdminRoutes } from './routes/weekly-admin';
import { weeklyFriendsRoutes } from './routes/weekly-friends';
import { runDailyReset, type DailyResetResult } from './use-cases/daily-reset';
import { applyFriendship, forgetFriends } from './use-cases/friends';
import { erasePhotos, photoProofs, sweepUnattachedPhotos, type PhotoDeps } from './use-cases/photos';
import { forgetPlayer, registerPlayer, updateEntitlement, updatePlayerProfile } from './use-cases/register-player';
import type { PhotoProofs } from './use-cases/todos';
import { weeklyStreakOf } from './use-cases/weekly';
import { rotateMissingWeeks } from './use-cases/weekly-admin';
import { prismaDir } from './prisma-dir';

export interface QuestsDeps {
  bus: EventBus;
  logger: FastifyBaseLogger;
  /** The time every rule reads (local dates, the weekend window, Pro expiry); the real clock by default. */
  clock?: Clock;
  /** Photo proof; default: the user's uploads (POST /api/quests/me/photos). */
  photos?: PhotoProofs;
  /** Run the weekly rotation once at start (a fresh database has this week's challenge at once); default true. */
  rotateOnStart?: boolean;
  /** How often this replica looks for queued jobs; default 2 s. */
  jobPollingIntervalSeconds?: number;
}

export interface QuestsHandle extends ServiceHandle {
  /** Runs the daily to-do reset in this process now (what the scheduled job runs). */
  dailyReset(): Promise<DailyResetResult>;
  /** Runs the weekly rotation in this process now: weeks without a challenge get the next one (what the job runs). */
  weeklyRotation(): Promise<WeekAssignment[]>;
  /** Runs the weekly streak recomputation in this process now (what the job runs). */
  recomputeStreaks(): Promise<RecomputeResult>;
  /** Runs the sweep of photos never attached as proof now (what the hourly job runs); resolves how many went. */
  sweepPhotos(): Promise<number>;
  /** The job scheduler, once start() has run. */
  readonly scheduler: Scheduler | undefined;
}

export async function createQuestsService(config: QuestsConfig, deps: QuestsDeps): Promise<QuestsHandle> {
  const clock = deps.clock ?? systemClock;
  let pool: pg.Pool | undefined;
  let todos: TodosRepository | undefined;
  const store = await openPhotoStore(config.storage ?? defaultStorage, clock);
  let catalogue: CatalogueRepository | undefined;
  let photoDeps: PhotoDeps | undefined;
  const handle = await assembleService({
    name: 'quests',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    bus: deps.bus,
    logger: deps.logger,
    createPrisma: (adapter) => new PrismaClient({ adapter }),
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async ({ app, pool: servicePool, relay }) => {
      pool = servicePool;
      const players = createPlayersRepository(servicePool);
      todos = createTodosRepository(servicePool);
      photoDeps = {
        photos: createPhotosRepository(servicePool), store, ttlSeconds: config.photoUrlTtlSeconds ?? 600,
        uploadsPerHour: config.photoUploadsPerHour,
      };
      const weekly = createWeeklyRepository(servicePool);
      await app.register(progressRoutes, {
        players, photos: photoDeps, weeklyStreak: async (userId) => (await weeklyStreakOf({ weekly, clock }, userId))?.currentStreak ?? 0,
      });
      await app.register(deckRoutes, { players, deck: createDeckRepository(servicePool), clock });
      await app.register(playbookRoutes, { players, clock });
      await app.register(todoRoutes, { players, todos, photos: deps.photos ?? photoProofs(photoDeps), clock, onEvents: () => relay.kick() });
      await app.register(leaderboardRoutes, { leaderboard: createLeaderboardRepository(servicePool) });
      await app.register(photoRoutes, { ...photoDeps, local: store.kind === 'local' ? store : undefined });
      catalogue = createCatalogueRepository(servicePool);
      await app.register(weeklyRoutes, { weekly, photos: deps.photos ?? photoProofs(photoDeps), clock, onEvents: () => relay.kick() });
      await app.register(weeklyAdminRoutes, { catalogue });
      await app.register(weeklyFriendsRoutes, { pool: servicePool });
    },
    consumers: ({ bus, prisma }) => [
      consume(bus, prisma, 'quests-player-registry', UserRegistered, registerPlayer),
      consume(bus, prisma, 'quests-player-profile', ProfileUpdated, updatePlayerProfile),
      consume(bus, prisma, 'quests-entitlement', EntitlementChanged, updateEntitlement),
      consume(bus, prisma, 'quests-user-erasure', UserDeleted, async (tx, e) => {
        await forgetPlayer(tx, e);
        await forgetFriends(tx, e.userId);
      }),
      consume(bus, prisma, 'quests-photo-erasure', UserDeleted, erasePhotos(store)),
      consume(bus, prisma, 'quests-friends', FriendshipChanged, applyFriendship),
    ],
  });

  const dailyReset = () => runDailyReset(pool!, todos!, clock());
  const weeklyRotation = () => rotateMissingWeeks(catalogue!, clock());
  const recompute = () => recomputeStreaks(pool!, clock());
  const photoSweep = () => sweepUnattachedPhotos(photoDeps!, (err, key) => deps.logger.warn({ err, key }, 'could not delete an unattached photo'));
  let scheduler: Scheduler | undefined;
  return {
    name: handle.name,
    app: handle.app,
    get scheduler() {
      return scheduler;
    },
    dailyReset,
    weeklyRotation,
    recomputeStreaks: recompute,
    sweepPhotos: photoSweep,
    async start() {
      await handle.start();
      scheduler = await startScheduler({
        pool: pool!, logger: deps.logger, dailyReset, pollingIntervalSeconds: deps.jobPollingIntervalSeconds,
        weekly: { rotate: weeklyRotation, recomputeStreaks: recompute }, photoSweep,
      });
      if (deps.rotateOnStart !== false) {
        // Safe on every replica at once (see CatalogueRepository.rotate); the job retries on its own schedule.
        await weeklyRotation().catch((err: unknown) => deps.logger.error({ err }, 'weekly rotation at start failed'));
      }
    },
    async close() {
      await scheduler?.stop();
      scheduler = undefined;
      await handle.close();
      if (store.kind === 's3') store.client.destroy();
    },
  };
}
