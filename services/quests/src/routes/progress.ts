import { PlayerProgressSchema, QuestsExportSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { PlayersRepository } from '../repositories/players-repository';
import { getProgress } from '../use-cases/get-progress';
import { exportPhotos, type PhotoDeps } from '../use-cases/photos';

export async function progressRoutes(
  app: ServiceApp,
  opts: {
    players: PlayersRepository;
    /** The weekly streak shown now (issue 9). */
    weeklyStreak?: (userId: string) => Promise<number>;
    /** The user's uploads, listed in the export with links to fetch them. */
    photos?: PhotoDeps;
  },
): Promise<void> {
  app.get('/api/quests/me/progress', {
    onRequest: app.authenticate,
    schema: {
      tags: ['progress'],
      summary: "The signed-in player's level and XP progress",
      security: [{ bearer: [] }],
      response: { 200: PlayerProgressSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => {
    const progress = await getProgress(opts.players, request.userId);
    return { ...progress, weeklyStreak: (await opts.weeklyStreak?.(request.userId)) ?? 0 };
  });

  app.get('/api/quests/me/export', {
    onRequest: app.authenticate,
    schema: {
      tags: ['progress'], summary: 'Everything quests holds about the signed-in user', security: [{ bearer: [] }],
      response: { 200: QuestsExportSchema, 401: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => {
    const [player, activity, photos] = await Promise.all([
      opts.players.exportOf(request.userId), opts.players.exportActivityOf(request.userId),
      opts.photos ? exportPhotos(opts.photos, request.userId) : [],
    ]);
    return {
      service: 'quests' as const,
      player: player && { ...player, createdAt: player.createdAt.toISOString() },
      todos: activity.todos.map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), completedAt: t.completedAt?.toISOString() ?? null })),
      xpAwards: activity.xpAwards.map((a) => ({ ...a, awardedAt: a.awardedAt.toISOString() })),
      weeklyChallenges: activity.weeklyChallenges.map((w) => ({
        ...w, acceptedAt: w.acceptedAt?.toISOString() ?? null, completedAt: w.completedAt?.toISOString() ?? null,
      })),
      photos,
    };
  });
}
