import { LeaderboardQuerySchema, LeaderboardSchema, PodLeagueSchema, type LeaderboardQuery } from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { getLeaderboard, getPodLeague } from '../use-cases/leaderboard';

export async function leaderboardRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get<{ Querystring: LeaderboardQuery }>(
    '/api/quests/leaderboard',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['leaderboard'],
        summary:
          'Top players (default 10) by XP this week or all time, among friends, pods or everyone, and the caller’s own place',
        security: [{ bearer: [] }],
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardSchema, 400: { $ref: 'ErrorBody#' }, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => getLeaderboard(deps, request.userId, request.query),
  );

  app.get(
    '/api/quests/leaderboard/pods',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['leaderboard'],
        summary: 'The weekly pod league: pods ranked by the share of members who completed this week’s challenge',
        security: [{ bearer: [] }],
        response: { 200: PodLeagueSchema, 401: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => getPodLeague(deps, request.userId),
  );
}
