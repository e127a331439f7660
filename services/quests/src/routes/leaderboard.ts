import { LeaderboardQuerySchema, LeaderboardSchema, type LeaderboardQuery } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { getLeaderboard } from '../use-cases/leaderboard';

export async function leaderboardRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get<{ Querystring: LeaderboardQuery }>(
    '/api/quests/leaderboard',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['leaderboard'],
        summary: 'Top players by total XP (default 10) and the caller’s own rank',
        security: [{ bearer: [] }],
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardSchema, 400: { $ref: 'ErrorBody#' }, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => getLeaderboard(deps, request.userId, request.query.limit ?? 10),
  );
}
