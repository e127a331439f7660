import {
  MyPodPlaybookParamsSchema,
  PodParamsSchema,
  PodPlaybookListSchema,
  type MyPodPlaybookParams,
  type PodParams,
} from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { myPodPlaybooks, podPlaybooks } from '../use-cases/pod-playbooks';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];

/** Pod playbooks (decision 0041): every member's progress, for the pod page and the playbook screen. */
export async function podPlaybookRoutes(app: ServiceApp, deps: PodsDeps): Promise<void> {
  app.get<{ Params: PodParams }>(
    '/api/pods/pods/:podId/playbooks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: "The pod's playbooks and every member's finished weeks (members only)",
        security: bearer,
        params: PodParamsSchema,
        response: { 200: PodPlaybookListSchema, 400: err, 401: err, 404: err },
      },
    },
    async (request) => podPlaybooks(deps, request.userId, request.params.podId),
  );

  app.get<{ Params: MyPodPlaybookParams }>(
    '/api/pods/me/playbooks/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: "The caller's pods running this playbook, with every member's finished weeks",
        security: bearer,
        params: MyPodPlaybookParamsSchema,
        response: { 200: PodPlaybookListSchema, 400: err, 401: err },
      },
    },
    async (request) => myPodPlaybooks(deps, request.userId, request.params.id),
  );
}
