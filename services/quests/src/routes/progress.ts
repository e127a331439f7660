import { LevelProgressSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { Players } from '../players';

export async function progressRoutes(app: ServiceApp, opts: { players: Players }): Promise<void> {
  app.get('/api/quests/me/progress', {
    onRequest: app.authenticate,
    schema: {
      tags: ['progress'],
      summary: "The signed-in player's level and XP progress",
      security: [{ bearer: [] }],
      response: { 200: LevelProgressSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
    },
  }, async (request) => opts.players.progress(request.userId));
}
