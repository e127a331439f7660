import { PlayerProgressSchema, QuestsExportSchema } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { getProgress } from '../use-cases/get-progress';
import { exportUserData } from '../use-cases/your-data';

export async function progressRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get(
    '/api/quests/me/progress',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['progress'],
        summary: "The signed-in player's level and XP progress",
        security: [{ bearer: [] }],
        response: { 200: PlayerProgressSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => getProgress(deps, request.userId),
  );

  app.get(
    '/api/quests/me/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['progress'],
        summary: 'Everything quests holds about the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: QuestsExportSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => exportUserData(deps, request.userId),
  );
}
