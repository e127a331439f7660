import {
  BadgeListSchema,
  DeckShapingBodySchema,
  DeckShapingSchema,
  PackDetailSchema,
  PackListSchema,
  PackParamsSchema,
  PackSummarySchema,
  ProStatsSchema,
  RecommendationsSchema,
  type DeckShapingBody,
  type PackParams,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import {
  addPack,
  getPack,
  getProStats,
  getRecommendations,
  listBadges,
  listPacks,
  setDeckShaping,
} from '../use-cases/packs';

const errors = errorResponses(400, 401, 403, 404);

/** Challenge packs, badges, and the deck shaped by assessment results (issue 24, decisions 0051 and 0052). */
export async function packRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get(
    '/api/quests/packs',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'Every challenge pack with the caller’s access and progress',
        security: [{ bearer: [] }],
        response: { 200: PackListSchema, ...errors },
      },
    },
    async (request) => listPacks(deps, request.userId),
  );

  app.get(
    '/api/quests/packs/pro',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'The Pro-only packs (/pro/challenges and the Pro hub)',
        security: [{ bearer: [] }],
        response: { 200: PackListSchema, ...errors },
      },
    },
    async (request) => listPacks(deps, request.userId, true),
  );

  app.get<{ Params: PackParams }>(
    '/api/quests/packs/:packId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'One pack with its dares and which the caller has done',
        security: [{ bearer: [] }],
        params: PackParamsSchema,
        response: { 200: PackDetailSchema, ...errors },
      },
    },
    async (request) => getPack(deps, request.userId, request.params.packId),
  );

  app.put<{ Params: PackParams }>(
    '/api/quests/me/packs/:packId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary:
          'Add a pack: its dares come first in the deck (within the daily limits); 403 for a locked or Pro-only pack',
        security: [{ bearer: [] }],
        params: PackParamsSchema,
        response: { 200: PackSummarySchema, ...errors },
      },
    },
    async (request) => addPack(deps, request.userId, request.params.packId),
  );

  app.get(
    '/api/quests/me/badges',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'The badges the caller earned',
        security: [{ bearer: [] }],
        response: { 200: BadgeListSchema, ...errors },
      },
    },
    async (request) => listBadges(deps, request.userId),
  );

  app.get(
    '/api/quests/me/pro-stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'The Pro hub’s numbers: swipes today and in all, packs, badges, Pro since',
        security: [{ bearer: [] }],
        response: { 200: ProStatsSchema, ...errors },
      },
    },
    async (request) => getProStats(deps, request.userId),
  );

  app.get(
    '/api/quests/me/recommendations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'A pack and a playbook for the caller’s newest assessment results, with the reason',
        security: [{ bearer: [] }],
        response: { 200: RecommendationsSchema, ...errors },
      },
    },
    async (request) => getRecommendations(deps, request.userId),
  );

  app.put<{ Body: DeckShapingBody }>(
    '/api/quests/me/settings/deck-shaping',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'Turn on or off whether assessment results shape the deck and the recommendations',
        security: [{ bearer: [] }],
        body: DeckShapingBodySchema,
        response: { 200: DeckShapingSchema, ...errors },
      },
    },
    async (request) => setDeckShaping(deps, request.userId, request.body.enabled),
  );
}
