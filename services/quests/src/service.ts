import {
  BlockChanged,
  EntitlementChanged,
  FriendshipChanged,
  MemberJoined,
  MemberLeft,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  type WeekAssignment,
} from '@vere/contracts';
import { DEFAULT_PHOTO_UPLOADS_PER_HOUR } from '@vere/domain';
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
import { systemClock, type Clock } from './clock';
import type { QuestsConfig } from './config';
import { defaultStorage, openPhotoStore } from './photo-store';
import { createPackCatalogue, loadPackDefinitions, type PackCatalogue } from './pack-catalogue';
import { createPlaybookCatalogue, loadPlaybookDefinitions, type PlaybookCatalogue } from './playbook-catalogue';
import { createPacksRepository } from './repositories/packs-repository';
import { createAssessmentCatalogue, loadAssessmentDefinitions, type AssessmentCatalogue } from './assessment-catalogue';
import { createAssessmentsRepository } from './repositories/assessments-repository';
import { assessmentRoutes } from './routes/assessments';
import { eraseAssessments } from './use-cases/assessments';
import { prismaDir } from './prisma-dir';
import { createCatalogueRepository } from './repositories/catalogue-repository';
import { createDailyResetsRepository } from './repositories/daily-resets-repository';
import { createDeckRepository } from './repositories/deck-repository';
import { createEntitlementsRepository } from './repositories/entitlements-repository';
import { createFriendsRepository } from './repositories/friends-repository';
import { createLeaderboardRepository } from './repositories/leaderboard-repository';
import { createPhotosRepository } from './repositories/photos-repository';
import { createPlaybooksRepository } from './repositories/playbooks-repository';
import { createPodPlaybooksRepository } from './repositories/pod-playbooks-repository';
import { createPlayersRepository } from './repositories/players-repository';
import { createStreakRepository } from './repositories/streak-repository';
import { createTodosRepository } from './repositories/todos-repository';
import { createWeeklyRepository } from './repositories/weekly-repository';
import { createXpRepository } from './repositories/xp-repository';
import { deckRoutes } from './routes/deck';
import { leaderboardRoutes } from './routes/leaderboard';
import { photoRoutes } from './routes/photos';
import { packRoutes } from './routes/packs';
import { playbookRoutes } from './routes/playbooks';
import { podPlaybookRoutes } from './routes/pod-playbooks';
import { progressRoutes } from './routes/progress';
import { todoRoutes } from './routes/todos';
import { weeklyRoutes } from './routes/weekly';
import { weeklyAdminRoutes } from './routes/weekly-admin';
import { weeklyFriendsRoutes } from './routes/weekly-friends';
import { createPlayerContextCache } from './use-cases/day-context';
import { DAILY_RESET_CRON, DAILY_RESET_JOB, runDailyReset, type DailyResetResult } from './use-cases/daily-reset';
import type { PhotoProofs, QuestsDeps } from './use-cases/deps';
import { applyFriendship, forgetFriends } from './use-cases/friends';
import { applyBlock, applyMembership, forgetBoards } from './use-cases/leaderboard';
import { erasePacks, seedPackDares } from './use-cases/packs';
import { erasePhotos, PHOTO_SWEEP_CRON, PHOTO_SWEEP_JOB, photoProofs, sweepUnattachedPhotos } from './use-cases/photos';
import { erasePlaybooks } from './use-cases/playbooks';
import { forgetPodPlaybooks, onMemberLeftPod, recordPodCreator } from './use-cases/pod-playbooks';
import { forgetPlayer, registerPlayer, updateEntitlement, updatePlayerProfile } from './use-cases/register-player';
import {
  recomputeStreaks,
  STREAK_RECOMPUTE_CRON,
  STREAK_RECOMPUTE_JOB,
  type RecomputeResult,
} from './use-cases/streaks';
import { rotateMissingWeeks, WEEKLY_ROTATION_CRON, WEEKLY_ROTATION_JOB } from './use-cases/weekly-admin';

/** What the process (runStandalone, the launcher, tests) gives quests beyond its configuration. */
export interface QuestsOptions {
  bus: EventBus;
  logger: FastifyBaseLogger;
  /** The time every rule reads (local dates, the weekend window, Pro expiry); the real clock by default. */
  clock?: Clock;
  /** Photo proof; default: the user's uploads (POST /api/quests/me/photos). */
  photos?: PhotoProofs;
  /** The playbooks' content; default: every file in content/playbooks (tests add versions of their own). */
  playbooks?: PlaybookCatalogue;
  /** The challenge packs' content; default: every file in content/packs. */
  packs?: PackCatalogue;
  /** The assessments' content; default: every file in content/assessments. */
  assessments?: AssessmentCatalogue;
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
  /** The scheduled jobs (pg-boss, schema quests_jobs), once start() has run. */
  readonly jobs: Jobs | undefined;
}

export async function createQuestsService(config: QuestsConfig, options: QuestsOptions): Promise<QuestsHandle> {
  const clock = options.clock ?? systemClock;
  const store = await openPhotoStore(config.storage ?? defaultStorage, clock);
  let wired: { deps: QuestsDeps; pool: ServiceContext<undefined>['pool'] } | undefined;
  /** The use cases' dependencies, built once from the assembled service's pool and relay. */
  const wire = ({ pool, relay }: ServiceContext<undefined>) => {
    if (wired) return wired.deps;
    const base = {
      transaction: pgTransactions(pool, { schema: 'quests', relay }),
      eventsWritten: () => relay?.kick(),
      db: pool,
      clock,
      players: createPlayersRepository(),
      contexts: createPlayerContextCache(),
      deck: createDeckRepository(),
      todos: createTodosRepository(),
      xp: createXpRepository(),
      dailyResets: createDailyResetsRepository(),
      weekly: createWeeklyRepository(),
      streaks: createStreakRepository(),
      catalogue: createCatalogueRepository(),
      leaderboard: createLeaderboardRepository(),
      friends: createFriendsRepository(),
      entitlements: createEntitlementsRepository(),
      photos: createPhotosRepository(),
      playbooks: createPlaybooksRepository(),
      podPlaybooks: createPodPlaybooksRepository(),
      playbookCatalogue: options.playbooks ?? createPlaybookCatalogue(loadPlaybookDefinitions()),
      packs: createPacksRepository(),
      packCatalogue: options.packs ?? createPackCatalogue(loadPackDefinitions()),
      assessments: createAssessmentsRepository(),
      assessmentCatalogue: options.assessments ?? createAssessmentCatalogue(loadAssessmentDefinitions()),
      store,
      photoUrlTtlSeconds: config.photoUrlTtlSeconds ?? 600,
      photoUploadsPerHour: config.photoUploadsPerHour ?? DEFAULT_PHOTO_UPLOADS_PER_HOUR,
    };
    wired = { deps: { ...base, proofs: options.photos ?? photoProofs(base) }, pool };
    return wired.deps;
  };

  const handle = await assembleService({
    name: 'quests',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    bus: options.bus,
    logger: options.logger,
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async (ctx) => {
      const deps = wire(ctx);
      const { app } = ctx;
      await app.register(progressRoutes, deps);
      await app.register(deckRoutes, deps);
      await app.register(playbookRoutes, deps);
      await app.register(packRoutes, deps);
      await app.register(podPlaybookRoutes, deps);
      await app.register(assessmentRoutes, deps);
      await app.register(todoRoutes, deps);
      await app.register(leaderboardRoutes, deps);
      await app.register(photoRoutes, { ...deps, local: store.kind === 'local' ? store : undefined });
      await app.register(weeklyRoutes, deps);
      await app.register(weeklyAdminRoutes, deps);
      await app.register(weeklyFriendsRoutes, deps);
    },
    consumers: (ctx) => {
      const deps = wire(ctx);
      const { transaction } = deps;
      return [
        consume(ctx.bus, transaction, 'quests-player-registry', UserRegistered, (tx, e) => registerPlayer(deps, tx, e)),
        consume(ctx.bus, transaction, 'quests-player-profile', ProfileUpdated, (tx, e) =>
          updatePlayerProfile(deps, tx, e),
        ),
        consume(ctx.bus, transaction, 'quests-entitlement', EntitlementChanged, (tx, e) =>
          updateEntitlement(deps, tx, e),
        ),
        consume(ctx.bus, transaction, 'quests-user-erasure', UserDeleted, async (tx, e) => {
          await forgetPlayer(deps, tx, e);
          await forgetFriends(deps, tx, e.userId);
          await forgetBoards(deps, tx, e.userId);
        }),
        consume(ctx.bus, transaction, 'quests-photo-erasure', UserDeleted, (tx, e) => erasePhotos(deps, tx, e)),
        consume(ctx.bus, transaction, 'quests-playbook-erasure', UserDeleted, (tx, e) =>
          erasePlaybooks(deps, tx, e.userId),
        ),
        consume(ctx.bus, transaction, 'quests-pack-erasure', UserDeleted, (tx, e) => erasePacks(deps, tx, e.userId)),
        consume(ctx.bus, transaction, 'quests-pod-playbook-erasure', UserDeleted, (tx, e) =>
          forgetPodPlaybooks(deps, tx, e.userId),
        ),
        consume(ctx.bus, transaction, 'quests-pod-creators', MemberJoined, (tx, e) => recordPodCreator(deps, tx, e)),
        consume(ctx.bus, transaction, 'quests-pod-playbook-leaves', MemberLeft, (tx, e) =>
          onMemberLeftPod(deps, tx, e),
        ),
        consume(ctx.bus, transaction, 'quests-assessment-erasure', UserDeleted, (tx, e) =>
          eraseAssessments(deps, tx, e.userId),
        ),
        consume(ctx.bus, transaction, 'quests-friends', FriendshipChanged, (tx, e) => applyFriendship(deps, tx, e)),
        consume(ctx.bus, transaction, 'quests-blocks', BlockChanged, (tx, e) => applyBlock(deps, tx, e)),
        consume(ctx.bus, transaction, 'quests-pod-joins', MemberJoined, (tx, e) => applyMembership(deps, tx, e, true)),
        consume(ctx.bus, transaction, 'quests-pod-leaves', MemberLeft, (tx, e) => applyMembership(deps, tx, e, false)),
      ];
    },
  });

  const dailyReset = () => runDailyReset(wired!.deps, clock());
  const weeklyRotation = () => rotateMissingWeeks(wired!.deps, clock());
  const recompute = () => recomputeStreaks(wired!.deps, clock());
  const photoSweep = () =>
    sweepUnattachedPhotos(wired!.deps, (err, key) =>
      options.logger.warn({ err, key }, 'could not delete an unattached photo'),
    );
  let jobs: Jobs | undefined;
  return {
    name: handle.name,
    app: handle.app,
    get jobs() {
      return jobs;
    },
    dailyReset,
    weeklyRotation,
    recomputeStreaks: recompute,
    sweepPhotos: photoSweep,
    async start() {
      await handle.start();
      // Pack dares are sidequest rows written from content/packs (decision 0051); idempotent on every replica.
      await seedPackDares(wired!.deps);
      jobs = await startJobs({
        pool: wired!.pool,
        schema: 'quests_jobs',
        logger: options.logger,
        pollingIntervalSeconds: options.jobPollingIntervalSeconds,
        jobs: [
          { name: DAILY_RESET_JOB, cron: DAILY_RESET_CRON, run: dailyReset },
          { name: WEEKLY_ROTATION_JOB, cron: WEEKLY_ROTATION_CRON, run: weeklyRotation },
          { name: STREAK_RECOMPUTE_JOB, cron: STREAK_RECOMPUTE_CRON, run: recompute },
          { name: PHOTO_SWEEP_JOB, cron: PHOTO_SWEEP_CRON, run: photoSweep },
        ],
      });
      if (options.rotateOnStart !== false) {
        // Safe on every replica at once (see rotate in use-cases/weekly-admin.ts); the job retries on its own schedule.
        await weeklyRotation().catch((err: unknown) =>
          options.logger.error({ err }, 'weekly rotation at start failed'),
        );
      }
    },
    async close() {
      await jobs?.stop();
      jobs = undefined;
      await handle.close();
      if (store.kind === 's3') store.client.destroy();
    },
  };
}
