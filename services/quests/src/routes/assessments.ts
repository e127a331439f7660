import {
  AssessmentDashboardSchema,
  AssessmentDetailSchema,
  AssessmentListSchema,
  AssessmentParamsSchema,
  AssessmentResultParamsSchema,
  AssessmentResultSchema,
  InvitedRatersSchema,
  InviteRatersBodySchema,
  RaterCandidatesSchema,
  RatingRequestDetailSchema,
  RatingRequestListSchema,
  RatingRequestParamsSchema,
  RatingRequestSchema,
  SaveAssessmentAnswersBodySchema,
  SavedAnswersSchema,
  SubmitAssessmentBodySchema,
  SubmitRatingBodySchema,
  type AssessmentParams,
  type AssessmentResultParams,
  type InviteRatersBody,
  type RatingRequestParams,
  type SaveAssessmentAnswersBody,
  type SubmitAssessmentBody,
  type SubmitRatingBody,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import {
  getAssessment,
  getDashboard,
  getRatingRequest,
  getResult,
  inviteRaters,
  listAssessments,
  listRatingRequests,
  raterCandidates,
  saveAnswers,
  submitAssessment,
  submitRating,
} from '../use-cases/assessments';
import type { QuestsDeps } from '../use-cases/deps';

const errors = errorResponses(400, 401, 403, 404, 409);
const auth = (app: ServiceApp) => ({ onRequest: app.authenticate });
const base = { tags: ['assessments'], security: [{ bearer: [] }] };

export async function assessmentRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get(
    '/api/quests/assessments',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: "Every assessment with its length, whether it is Pro, and the caller's state",
        response: { 200: AssessmentListSchema, ...errors },
      },
    },
    async (request) => listAssessments(deps, request.userId),
  );

  app.get(
    '/api/quests/assessments/dashboard',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: "The caller's results over time, the change since the last take, and friends' view (3+ ratings)",
        response: { 200: AssessmentDashboardSchema, ...errors },
      },
    },
    async (request) => getDashboard(deps, request.userId),
  );

  app.get<{ Params: AssessmentResultParams }>(
    '/api/quests/assessments/results/:resultId',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: "One of the caller's takes: a 0–100 score, band and reading per dimension",
        params: AssessmentResultParamsSchema,
        response: { 200: AssessmentResultSchema, ...errors },
      },
    },
    async (request) => getResult(deps, request.userId, request.params.resultId),
  );

  app.get<{ Params: AssessmentParams }>(
    '/api/quests/assessments/:id',
    {
      ...auth(app),
      schema: {
        ...base,
        summary:
          "An assessment's intro and items with the caller's saved answers (Pro-only ones: 403 for free players)",
        params: AssessmentParamsSchema,
        response: { 200: AssessmentDetailSchema, ...errors },
      },
    },
    async (request) => getAssessment(deps, request.userId, request.params.id),
  );

  app.put<{ Params: AssessmentParams; Body: SaveAssessmentAnswersBody }>(
    '/api/quests/assessments/:id/answers',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: 'Save answers as the player goes (merged with the saved ones)',
        params: AssessmentParamsSchema,
        body: SaveAssessmentAnswersBodySchema,
        response: { 200: SavedAnswersSchema, ...errors },
      },
    },
    async (request) => saveAnswers(deps, request.userId, request.params.id, request.body.answers),
  );

  app.post<{ Params: AssessmentParams; Body: SubmitAssessmentBody }>(
    '/api/quests/assessments/:id/submit',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: 'Submit a take: scored here from the saved answers (every item must be answered)',
        params: AssessmentParamsSchema,
        body: SubmitAssessmentBodySchema,
        response: { 201: AssessmentResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitAssessment(deps, request.userId, request.params.id, request.body?.answers)),
  );

  app.get<{ Params: AssessmentParams }>(
    '/api/quests/assessments/:id/raters',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: "The caller's friends and whether each was asked to rate them on this assessment",
        params: AssessmentParamsSchema,
        response: { 200: RaterCandidatesSchema, ...errors },
      },
    },
    async (request) => raterCandidates(deps, request.userId, request.params.id),
  );

  app.post<{ Params: AssessmentParams; Body: InviteRatersBody }>(
    '/api/quests/assessments/:id/rating-invites',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: 'Ask friends to rate the caller on the same items (each friend once)',
        params: AssessmentParamsSchema,
        body: InviteRatersBodySchema,
        response: { 200: InvitedRatersSchema, ...errors },
      },
    },
    async (request) => inviteRaters(deps, request.userId, request.params.id, request.body),
  );

  app.get(
    '/api/quests/me/rating-requests',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: 'Friends who asked the caller to rate them',
        response: { 200: RatingRequestListSchema, ...errors },
      },
    },
    async (request) => listRatingRequests(deps, request.userId),
  );

  app.get<{ Params: RatingRequestParams }>(
    '/api/quests/rating-requests/:requestId',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: 'One rating request with the items phrased about the friend (its rater only)',
        params: RatingRequestParamsSchema,
        response: { 200: RatingRequestDetailSchema, ...errors },
      },
    },
    async (request) => getRatingRequest(deps, request.userId, request.params.requestId),
  );

  app.post<{ Params: RatingRequestParams; Body: SubmitRatingBody }>(
    '/api/quests/rating-requests/:requestId',
    {
      ...auth(app),
      schema: {
        ...base,
        summary: 'Rate a friend on every item, once; the friend only ever sees averages over 3+ ratings',
        params: RatingRequestParamsSchema,
        body: SubmitRatingBodySchema,
        response: { 200: RatingRequestSchema, ...errors },
      },
    },
    async (request) => submitRating(deps, request.userId, request.params.requestId, request.body.answers),
  );
}
