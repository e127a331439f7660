import {
  CreateInviteBodySchema,
  CreatePodBodySchema,
  InviteCodeParamsSchema,
  InvitePreviewSchema,
  JoinResultSchema,
  PodDetailSchema,
  PodInviteParamsSchema,
  PodInviteSchema,
  PodLogPageSchema,
  PodLogQuerySchema,
  PodMemberParamsSchema,
  PodParamsSchema,
  UpdatePodBodySchema,
  type CreateInviteBody,
  type CreatePodBody,
  type InviteCodeParams,
  type PodInviteParams,
  type PodLogQuery,
  type PodMemberParams,
  type PodParams,
  type UpdatePodBody,
} from '@vere/contracts';
import { POD_RULE } from '@vere/domain';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import {
  createInvite,
  createPod,
  joinByCode,
  leavePod,
  previewInvite,
  readLog,
  removeMember,
  removePod,
  revokeInvite,
  rotateInvite,
  showPod,
  updatePodDetails,
} from '../use-cases/pods';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];
const noContent = { type: 'null' } as const;
/** The invite body is optional: no body reads as `{}` (no expiry). */
const emptyBodyAsObject = async (request: { body: unknown }) => {
  request.body ??= {};
};

export async function podRoutes(app: ServiceApp, deps: PodsDeps): Promise<void> {
  app.post<{ Body: CreatePodBody }>(
    '/api/pods/pods',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: `Create a pod (${POD_RULE})`,
        security: bearer,
        body: CreatePodBodySchema,
        response: { 201: PodDetailSchema, 400: err, 401: err, 409: err },
      },
    },
    async (request, reply) => reply.code(201).send(await createPod(deps, request.userId, request.body)),
  );

  app.get<{ Params: PodParams }>(
    '/api/pods/pods/:podId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'A pod: members and the newest log entries (members only; 404 to anyone else)',
        security: bearer,
        params: PodParamsSchema,
        response: { 200: PodDetailSchema, 400: err, 401: err, 404: err },
      },
    },
    async (request) => showPod(deps, request.params.podId, request.userId),
  );

  app.get<{ Params: PodParams; Querystring: PodLogQuery }>(
    '/api/pods/pods/:podId/log',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'The pod log, newest first, paged by cursor (members only)',
        security: bearer,
        params: PodParamsSchema,
        querystring: PodLogQuerySchema,
        response: { 200: PodLogPageSchema, 400: err, 401: err, 404: err },
      },
    },
    async (request) => readLog(deps, request.params.podId, request.userId, request.query),
  );

  app.patch<{ Params: PodParams; Body: UpdatePodBody }>(
    '/api/pods/pods/:podId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Rename the pod or change its description (creator)',
        security: bearer,
        params: PodParamsSchema,
        body: UpdatePodBodySchema,
        response: { 200: PodDetailSchema, 400: err, 401: err, 403: err, 404: err },
      },
    },
    async (request) => updatePodDetails(deps, request.params.podId, request.userId, request.body),
  );

  app.delete<{ Params: PodParams }>(
    '/api/pods/pods/:podId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Delete the pod with its members, invites and log (creator)',
        security: bearer,
        params: PodParamsSchema,
        response: { 204: noContent, 400: err, 401: err, 403: err, 404: err },
      },
    },
    async (request, reply) => {
      await removePod(deps, request.params.podId, request.userId);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: PodParams }>(
    '/api/pods/pods/:podId/leave',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Leave the pod (the creator deletes it instead)',
        security: bearer,
        params: PodParamsSchema,
        response: { 204: noContent, 400: err, 401: err, 404: err, 409: err },
      },
    },
    async (request, reply) => {
      await leavePod(deps, request.params.podId, request.userId);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: PodMemberParams }>(
    '/api/pods/pods/:podId/members/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Remove a member (creator)',
        security: bearer,
        params: PodMemberParamsSchema,
        response: { 204: noContent, 400: err, 401: err, 403: err, 404: err, 409: err },
      },
    },
    async (request, reply) => {
      await removeMember(deps, request.params.podId, request.userId, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: PodParams; Body: CreateInviteBody }>(
    '/api/pods/pods/:podId/invites',
    {
      onRequest: app.authenticate,
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['pods'],
        summary: 'A new invite code, optionally expiring (creator)',
        security: bearer,
        params: PodParamsSchema,
        body: CreateInviteBodySchema,
        response: { 201: PodInviteSchema, 400: err, 401: err, 403: err, 404: err },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createInvite(deps, request.params.podId, request.userId, request.body.expiresInHours)),
  );

  app.post<{ Params: PodParams; Body: CreateInviteBody }>(
    '/api/pods/pods/:podId/invites/rotate',
    {
      onRequest: app.authenticate,
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['pods'],
        summary: 'Revoke every invite code and give out a new one (creator)',
        security: bearer,
        params: PodParamsSchema,
        body: CreateInviteBodySchema,
        response: { 201: PodInviteSchema, 400: err, 401: err, 403: err, 404: err },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rotateInvite(deps, request.params.podId, request.userId, request.body.expiresInHours)),
  );

  app.delete<{ Params: PodInviteParams }>(
    '/api/pods/pods/:podId/invites/:code',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Revoke an invite code (creator)',
        security: bearer,
        params: PodInviteParamsSchema,
        response: { 204: noContent, 400: err, 401: err, 403: err, 404: err },
      },
    },
    async (request, reply) => {
      await revokeInvite(deps, request.params.podId, request.userId, request.params.code);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: InviteCodeParams }>(
    '/api/pods/invites/:code',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'What an invite code leads to (the join screen)',
        security: bearer,
        params: InviteCodeParamsSchema,
        response: { 200: InvitePreviewSchema, 400: err, 401: err, 404: err, 410: err },
      },
    },
    async (request) => previewInvite(deps, request.params.code, request.userId),
  );

  app.post<{ Params: InviteCodeParams }>(
    '/api/pods/invites/:code/join',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Join a pod with an invite code (atomic against the member cap)',
        security: bearer,
        params: InviteCodeParamsSchema,
        response: { 200: JoinResultSchema, 400: err, 401: err, 404: err, 409: err, 410: err },
      },
    },
    async (request) => joinByCode(deps, request.params.code, request.userId),
  );
}
