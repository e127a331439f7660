import {
  BlockListSchema,
  ReportBodySchema,
  ReportCreatedSchema,
  UserIdParamsSchema,
  type ReportBody,
  type UserIdParams,
} from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { blockedBy, blockUser, report, unblockUser } from '../use-cases/safety';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];

export async function safetyRoutes(app: ServiceApp, deps: PodsDeps): Promise<void> {
  app.get(
    '/api/pods/blocks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'Users the signed-in user blocked',
        security: bearer,
        response: { 200: BlockListSchema, 401: err },
      },
    },
    async (request) => blockedBy(deps, request.userId),
  );

  app.put<{ Params: UserIdParams }>(
    '/api/pods/blocks/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'Block a user: ends the friendship, hides each from the other, refuses requests both ways',
        security: bearer,
        params: UserIdParamsSchema,
        response: { 204: { type: 'null' }, 400: err, 401: err, 404: err },
      },
    },
    async (request, reply) => {
      await blockUser(deps, request.userId, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: UserIdParams }>(
    '/api/pods/blocks/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'Lift a block',
        security: bearer,
        params: UserIdParamsSchema,
        response: { 204: { type: 'null' }, 400: err, 401: err },
      },
    },
    async (request, reply) => {
      await unblockUser(deps, request.userId, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: ReportBody }>(
    '/api/pods/reports',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['safety'],
        summary: 'Report a user or a pod log entry for review (hides it from the reporter)',
        security: bearer,
        body: ReportBodySchema,
        response: { 200: ReportCreatedSchema, 201: ReportCreatedSchema, 400: err, 401: err, 404: err },
      },
    },
    async (request, reply) => {
      const { id, created } = await report(deps, request.userId, request.body);
      return reply.code(created ? 201 : 200).send({ id });
    },
  );
}
