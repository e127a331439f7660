import {
  AcceptWeeklyResultSchema,
  CompleteWeeklyBodySchema,
  CompleteWeeklyResultSchema,
  CurrentWeeklySchema,
  VictoriesQuerySchema,
  VictoriesSchema,
  WeeklyDetailSchema,
  WeeklyParamsSchema,
  type CompleteWeeklyBody,
  type VictoriesQuery,
  type WeeklyParams,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { acceptWeekly, completeWeekly, currentWeekly, recentVictories, weeklyDetail } from '../use-cases/weekly';

const errors = errorResponses(400, 401, 404, 409);

export async function weeklyRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get(
    '/api/quests/me/weekly',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['weekly'],
        summary: "This week's challenges (user's zone; else the latest 3) with progress and the weekly streak",
        security: [{ bearer: [] }],
        response: { 200: CurrentWeeklySchema, ...errors },
      },
    },
    async (request) => currentWeekly(deps, request.userId),
  );

  app.get<{ Params: WeeklyParams }>(
    '/api/quests/me/weekly/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['weekly'],
        summary: "One weekly challenge with the user's progress and, once completed, the proof",
        security: [{ bearer: [] }],
        params: WeeklyParamsSchema,
        response: { 200: WeeklyDetailSchema, ...errors },
      },
    },
    async (request) => weeklyDetail(deps, request.userId, request.params.id),
  );

  app.post<{ Params: WeeklyParams }>(
    '/api/quests/me/weekly/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['weekly'],
        summary: "Accept this week's challenge (idempotent)",
        security: [{ bearer: [] }],
        params: WeeklyParamsSchema,
        response: { 200: AcceptWeeklyResultSchema, ...errors },
      },
    },
    async (request) => acceptWeekly(deps, request.userId, request.params.id),
  );

  app.post<{ Params: WeeklyParams; Body: CompleteWeeklyBody }>(
    '/api/quests/me/weekly/:id/complete',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['weekly'],
        summary: "Complete this week's challenge with a note and photo: +120 XP once, the streak",
        security: [{ bearer: [] }],
        params: WeeklyParamsSchema,
        body: CompleteWeeklyBodySchema,
        response: { 200: CompleteWeeklyResultSchema, ...errors },
      },
    },
    async (request) => completeWeekly(deps, request.userId, request.params.id, request.body ?? {}),
  );

  app.get<{ Querystring: VictoriesQuery }>(
    '/api/quests/me/weekly/victories',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['weekly'],
        summary: "The user's completed weekly challenges with proof, newest first",
        security: [{ bearer: [] }],
        querystring: VictoriesQuerySchema,
        response: { 200: VictoriesSchema, ...errors },
      },
    },
    async (request) => recentVictories(deps, request.userId, request.query.limit ?? 8),
  );
}
