import {
  AssignWeekBodySchema,
  ChallengeListQuerySchema,
  ChallengeListSchema,
  ChallengeParamsSchema,
  ChallengeSchema,
  CreateChallengeBodySchema,
  RotateBodySchema,
  UpdateChallengeBodySchema,
  WeekAssignmentSchema,
  WeekParamsSchema,
  type AssignWeekBody,
  type ChallengeListQuery,
  type ChallengeParams,
  type CreateChallengeBody,
  type RotateBody,
  type UpdateChallengeBody,
  type WeekParams,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import {
  assignWeek,
  createChallenge,
  deactivateChallenge,
  listChallenges,
  rotateToNext,
  updateChallenge,
} from '../use-cases/weekly-admin';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Spec §6 challenge management, for access tokens with the admin role only. */
export async function weeklyAdminRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  const admin = { onRequest: app.requireAdmin };
  const base = { tags: ['weekly admin'], security: [{ bearer: [] }] };

  app.get<{ Querystring: ChallengeListQuery }>(
    '/api/quests/admin/challenges',
    {
      ...admin,
      schema: {
        ...base,
        summary: 'The challenge catalogue in rotation order',
        querystring: ChallengeListQuerySchema,
        response: { 200: ChallengeListSchema, ...errors },
      },
    },
    async (request) => listChallenges(deps, request.query.includeInactive ?? false),
  );

  app.post<{ Body: CreateChallengeBody }>(
    '/api/quests/admin/challenges',
    {
      ...admin,
      schema: {
        ...base,
        summary: 'Add a challenge (last in rotation order)',
        body: CreateChallengeBodySchema,
        response: { 201: ChallengeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createChallenge(deps, request.body)),
  );

  app.patch<{ Params: ChallengeParams; Body: UpdateChallengeBody }>(
    '/api/quests/admin/challenges/:id',
    {
      ...admin,
      schema: {
        ...base,
        summary: 'Change a challenge',
        params: ChallengeParamsSchema,
        body: UpdateChallengeBodySchema,
        response: { 200: ChallengeSchema, ...errors },
      },
    },
    async (request) => updateChallenge(deps, request.params.id, request.body),
  );

  app.delete<{ Params: ChallengeParams }>(
    '/api/quests/admin/challenges/:id',
    {
      ...admin,
      schema: {
        ...base,
        summary: 'Retire a challenge (is_active = false)',
        params: ChallengeParamsSchema,
        response: { 200: ChallengeSchema, ...errors },
      },
    },
    async (request) => deactivateChallenge(deps, request.params.id),
  );

  app.put<{ Params: WeekParams; Body: AssignWeekBody }>(
    '/api/quests/admin/weeks/:weekNumber/challenge',
    {
      ...admin,
      schema: {
        ...base,
        summary: 'Assign a challenge to a week (week 0 starts Sunday 1970-01-04)',
        params: WeekParamsSchema,
        body: AssignWeekBodySchema,
        response: { 200: WeekAssignmentSchema, ...errors },
      },
    },
    async (request) => assignWeek(deps, request.params.weekNumber, request.body.challengeId),
  );

  app.post<{ Body: RotateBody }>(
    '/api/quests/admin/rotations',
    {
      ...admin,
      schema: {
        ...base,
        summary: 'Assign the next challenge in sequence to a week without one',
        body: RotateBodySchema,
        response: { 201: WeekAssignmentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await rotateToNext(deps, request.body.targetWeekNumber)),
  );
}
