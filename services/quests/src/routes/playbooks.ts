import {
  CompletePlaybookStepBodySchema,
  CompletePlaybookStepResultSchema,
  PlaybookDetailSchema,
  PlaybookListSchema,
  PlaybookParamsSchema,
  PlaybookStepParamsSchema,
  PlaybookStepSchema,
  PlaybookUnlocksSchema,
  type CompletePlaybookStepBody,
  type PlaybookParams,
  type PlaybookStepParams,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import {
  completePlaybookStep,
  getPlaybook,
  getPlaybookStep,
  getPlaybookUnlocks,
  listPlaybooks,
  startPlaybook,
} from '../use-cases/playbooks';

const errors = errorResponses(400, 401, 403, 404, 409);

export async function playbookRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.get(
    '/api/quests/me/playbooks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['progress'],
        summary: "The playbook slots and which are unlocked (level ≥ the slot's level, or every one for Pro)",
        security: [{ bearer: [] }],
        response: { 200: PlaybookUnlocksSchema, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } },
      },
    },
    async (request) => getPlaybookUnlocks(deps, request.userId),
  );

  app.get(
    '/api/quests/playbooks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: "Every published playbook with the caller's state (locked, available, in progress, completed)",
        security: [{ bearer: [] }],
        response: { 200: PlaybookListSchema, ...errors },
      },
    },
    async (request) => listPlaybooks(deps, request.userId),
  );

  app.get<{ Params: PlaybookParams }>(
    '/api/quests/playbooks/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: "A playbook's overview, weeks and steps, on the version the caller started",
        security: [{ bearer: [] }],
        params: PlaybookParamsSchema,
        response: { 200: PlaybookDetailSchema, ...errors },
      },
    },
    async (request) => getPlaybook(deps, request.userId, request.params.id),
  );

  app.post<{ Params: PlaybookParams }>(
    '/api/quests/playbooks/:id/start',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: 'Start a playbook: pins its published version to the caller (again: no change)',
        security: [{ bearer: [] }],
        params: PlaybookParamsSchema,
        response: { 200: PlaybookDetailSchema, 201: PlaybookDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, playbook } = await startPlaybook(deps, request.userId, request.params.id);
      return reply.status(created ? 201 : 200).send(playbook);
    },
  );

  app.get<{ Params: PlaybookStepParams }>(
    '/api/quests/playbooks/:id/steps/:stepId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: "One step's screen (quiz answers and the caller's own reflection or proof once done)",
        security: [{ bearer: [] }],
        params: PlaybookStepParamsSchema,
        response: { 200: PlaybookStepSchema, ...errors },
      },
    },
    async (request) => getPlaybookStep(deps, request.userId, request.params.id, request.params.stepId),
  );

  app.post<{ Params: PlaybookStepParams; Body: CompletePlaybookStepBody }>(
    '/api/quests/playbooks/:id/steps/:stepId/complete',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: 'Complete a step (quiz answers scored here, reflection text, or challenge proof); XP once',
        security: [{ bearer: [] }],
        params: PlaybookStepParamsSchema,
        body: CompletePlaybookStepBodySchema,
        response: { 200: CompletePlaybookStepResultSchema, ...errors },
      },
    },
    async (request) =>
      completePlaybookStep(deps, request.userId, request.params.id, request.params.stepId, request.body),
  );
}
