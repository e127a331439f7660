import {
  AddPodCommentBodySchema,
  MyNudgesSchema,
  PodCommentParamsSchema,
  PodCommentSchema,
  PodLogEntryParamsSchema,
  NudgeQuerySchema,
  PodMemberParamsSchema,
  PodNudgeSchema,
  PodReactionParamsSchema,
  PodReactionsSchema,
  type AddPodCommentBody,
  type PodCommentParams,
  type PodLogEntryParams,
  type NudgeQuery,
  type PodMemberParams,
  type PodReactionParams,
} from '@vere/contracts';
import { POD_COMMENT_MAX_LENGTH, POD_COMMENT_RATE_LIMIT, chatRateLimitText } from '@vere/domain';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { addComment, deleteComment, myNudges, nudgeMember, setReaction } from '../use-cases/feed';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];
const noContent = { type: 'null' } as const;

/** The two-way pod feed (decision 0038): reactions, comments and nudges. Members only. */
export async function feedRoutes(app: ServiceApp, deps: PodsDeps): Promise<void> {
  app.get(
    '/api/pods/me/nudges',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Nudges the signed-in user received today, in pods where they are not done this week',
        security: bearer,
        response: { 200: MyNudgesSchema, 401: err },
      },
    },
    async (request) => myNudges(deps, request.userId),
  );

  const reaction = {
    onRequest: app.authenticate,
    schema: {
      tags: ['pods'],
      security: bearer,
      params: PodReactionParamsSchema,
      response: { 200: PodReactionsSchema, 400: err, 401: err, 404: err },
    },
  };
  app.put<{ Params: PodReactionParams }>(
    '/api/pods/pods/:podId/log/:entryId/reactions/:kind',
    {
      ...reaction,
      schema: { ...reaction.schema, summary: 'React to a log entry (one of each kind per member; idempotent)' },
    },
    async (request) => setReaction(deps, request.userId, request.params, true),
  );
  app.delete<{ Params: PodReactionParams }>(
    '/api/pods/pods/:podId/log/:entryId/reactions/:kind',
    { ...reaction, schema: { ...reaction.schema, summary: 'Take back a reaction (idempotent)' } },
    async (request) => setReaction(deps, request.userId, request.params, false),
  );

  app.post<{ Params: PodLogEntryParams; Body: AddPodCommentBody }>(
    '/api/pods/pods/:podId/log/:entryId/comments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: `Comment on a log entry (one line, 1–${POD_COMMENT_MAX_LENGTH} characters; ${chatRateLimitText(POD_COMMENT_RATE_LIMIT)})`,
        security: bearer,
        params: PodLogEntryParamsSchema,
        body: AddPodCommentBodySchema,
        response: { 201: PodCommentSchema, 400: err, 401: err, 404: err, 429: err },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addComment(deps, request.userId, request.params, request.body.body)),
  );

  app.delete<{ Params: PodCommentParams }>(
    '/api/pods/pods/:podId/log/:entryId/comments/:commentId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary: 'Delete one of your own comments',
        security: bearer,
        params: PodCommentParamsSchema,
        response: { 204: noContent, 400: err, 401: err, 404: err },
      },
    },
    async (request, reply) => {
      await deleteComment(deps, request.userId, request.params);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: PodMemberParams; Querystring: NudgeQuery }>(
    '/api/pods/pods/:podId/members/:userId/nudge',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pods'],
        summary:
          'Nudge a member who has not completed this week’s challenge, or (?playbookId) the pod playbook’s open week (once a day per member)',
        security: bearer,
        params: PodMemberParamsSchema,
        querystring: NudgeQuerySchema,
        response: { 201: PodNudgeSchema, 400: err, 401: err, 404: err, 409: err },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await nudgeMember(deps, request.userId, { ...request.params, ...request.query })),
  );
}
