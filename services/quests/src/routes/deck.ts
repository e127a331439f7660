import {
  AcceptResultSchema,
  DeckQuerySchema,
  DeckSchema,
  LimitsSchema,
  SidequestListQuerySchema,
  SidequestListSchema,
  SkipResultSchema,
  SwipeBodySchema,
  type DeckQuery,
  type SidequestListQuery,
  type SwipeBody,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { acceptSidequest, dealDeck, getLimits, listSidequests, skipSidequest } from '../use-cases/swipes';

const errors = errorResponses(400, 401, 404, 409);

export async function deckRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get<{ Querystring: SidequestListQuery }>(
    '/api/quests/sidequests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deck'],
        summary: 'The sidequest catalogue, newest first (daily, weekend or both)',
        security: [{ bearer: [] }],
        querystring: SidequestListQuerySchema,
        response: { 200: SidequestListSchema, ...errors },
      },
    },
    async (request) => listSidequests(deps, request.query.type),
  );

  app.get<{ Querystring: DeckQuery }>(
    '/api/quests/me/deck',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deck'],
        summary:
          "The user's deck for their local today: no card accepted or skipped today, cards unseen for 30 days first",
        security: [{ bearer: [] }],
        querystring: DeckQuerySchema,
        response: { 200: DeckSchema, ...errors },
      },
    },
    async (request) => dealDeck(deps, request.userId, request.query.type),
  );

  app.get(
    '/api/quests/me/limits',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deck'],
        summary: "Today's swipes and skips, used and allowed, in the user's time zone",
        security: [{ bearer: [] }],
        response: { 200: LimitsSchema, ...errors },
      },
    },
    async (request) => getLimits(deps, request.userId),
  );

  app.post<{ Body: SwipeBody }>(
    '/api/quests/me/swipes/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deck'],
        summary: 'Accept a sidequest: counts a swipe and adds a to-do due 24 h later',
        security: [{ bearer: [] }],
        body: SwipeBodySchema,
        response: { 201: AcceptResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await acceptSidequest(deps, request.userId, request.body.sidequestId)),
  );

  app.post<{ Body: SwipeBody }>(
    '/api/quests/me/swipes/skip',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deck'],
        summary: 'Skip a sidequest: counts a skip',
        security: [{ bearer: [] }],
        body: SwipeBodySchema,
        response: { 200: SkipResultSchema, ...errors },
      },
    },
    async (request) => skipSidequest(deps, request.userId, request.body.sidequestId),
  );
}
