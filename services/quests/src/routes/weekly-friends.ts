import { WeeklyFriendsSchema, WeeklyParamsSchema, type WeeklyParams } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { friendsDoingThis } from '../use-cases/friends';

const err = { $ref: 'ErrorBody#' };

export async function weeklyFriendsRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get<{ Params: WeeklyParams }>(
    '/api/quests/me/weekly/:id/friends',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['weekly'],
        summary: '"Friends doing this": up to 12 friends who accepted the weekly challenge, and how many did',
        security: [{ bearer: [] }],
        params: WeeklyParamsSchema,
        response: { 200: WeeklyFriendsSchema, 400: err, 401: err, 404: err },
      },
    },
    async (request) => friendsDoingThis(deps, request.userId, request.params.id),
  );
}
