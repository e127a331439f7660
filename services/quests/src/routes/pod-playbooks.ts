import {
  PlaybookParamsSchema,
  PodParamsSchema,
  PodPlaybookParamsSchema,
  PodPlaybookRunSchema,
  SharePlaybookBodySchema,
  SharePlaybookResultSchema,
  StartPodPlaybookBodySchema,
  UpdatePodPlaybookBodySchema,
  type PlaybookParams,
  type PodParams,
  type PodPlaybookParams,
  type SharePlaybookBody,
  type StartPodPlaybookBody,
  type UpdatePodPlaybookBody,
} from '@vere/contracts';
import { errorResponses, type ServiceApp } from '@vere/service-kit';
import type { QuestsDeps } from '../use-cases/deps';
import { getPodPlaybook, setPodPlaybookMode, sharePlaybook, startPodPlaybook } from '../use-cases/pod-playbooks';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Pod playbooks (decision 0041): a pod's run of a playbook, and sharing a finished one to one's pods. */
export async function podPlaybookRoutes(app: ServiceApp, deps: QuestsDeps): Promise<void> {
  app.post<{ Params: PodParams; Body: StartPodPlaybookBody }>(
    '/api/quests/pods/:podId/playbooks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: 'Start a playbook for the pod (members only; "majority" is the creator’s choice)',
        security: [{ bearer: [] }],
        params: PodParamsSchema,
        body: StartPodPlaybookBodySchema,
        response: { 200: PodPlaybookRunSchema, 201: PodPlaybookRunSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { created, run } = await startPodPlaybook(deps, request.userId, request.params.podId, request.body);
      return reply.status(created ? 201 : 200).send(run);
    },
  );

  app.get<{ Params: PodPlaybookParams }>(
    '/api/quests/pods/:podId/playbooks/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: "The pod's run of a playbook: its mode and open week (members only)",
        security: [{ bearer: [] }],
        params: PodPlaybookParamsSchema,
        response: { 200: PodPlaybookRunSchema, ...errors },
      },
    },
    async (request) => getPodPlaybook(deps, request.userId, request.params.podId, request.params.id),
  );

  app.patch<{ Params: PodPlaybookParams; Body: UpdatePodPlaybookBody }>(
    '/api/quests/pods/:podId/playbooks/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: 'The pod’s creator chooses who the pod waits for: every member, or a majority',
        security: [{ bearer: [] }],
        params: PodPlaybookParamsSchema,
        body: UpdatePodPlaybookBodySchema,
        response: { 200: PodPlaybookRunSchema, ...errors },
      },
    },
    async (request) =>
      setPodPlaybookMode(deps, request.userId, request.params.podId, request.params.id, request.body.mode),
  );

  app.post<{ Params: PlaybookParams; Body: SharePlaybookBody }>(
    '/api/quests/playbooks/:id/share',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['playbooks'],
        summary: 'Share a finished playbook to some of the caller’s pods (a pod log entry in each)',
        security: [{ bearer: [] }],
        params: PlaybookParamsSchema,
        body: SharePlaybookBodySchema,
        response: { 202: SharePlaybookResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sharePlaybook(deps, request.userId, request.params.id, request.body.podIds)),
  );
}
