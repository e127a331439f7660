import {
  FriendListSchema,
  FriendRequestBodySchema,
  FriendRequestListSchema,
  FriendshipStateSchema,
  UserIdParamsSchema,
  UserSearchQuerySchema,
  UserSearchResultSchema,
  type FriendRequestBody,
  type UserIdParams,
  type UserSearchQuery,
} from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import {
  acceptRequest,
  cancelRequest,
  declineRequest,
  friendsOf,
  removeFriend,
  requestsOf,
  searchUsers,
  sendRequest,
} from '../use-cases/friends';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];

export async function friendRoutes(app: ServiceApp, deps: PodsDeps): Promise<void> {
  app.get<{ Querystring: UserSearchQuery }>(
    '/api/pods/users/search',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['friends'],
        summary: 'Find people by username prefix (never by e-mail), paged',
        security: bearer,
        querystring: UserSearchQuerySchema,
        response: { 200: UserSearchResultSchema, 400: err, 401: err },
      },
    },
    async (request) => searchUsers(deps, request.userId, request.query),
  );

  app.get(
    '/api/pods/friends',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['friends'],
        summary: 'The signed-in user’s friends',
        security: bearer,
        response: { 200: FriendListSchema, 401: err },
      },
    },
    async (request) => friendsOf(deps, request.userId),
  );

  app.get(
    '/api/pods/friends/requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['friends'],
        summary: 'Pending friend requests, both ways',
        security: bearer,
        response: { 200: FriendRequestListSchema, 401: err },
      },
    },
    async (request) => requestsOf(deps, request.userId),
  );

  app.post<{ Body: FriendRequestBody }>(
    '/api/pods/friends/requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['friends'],
        summary: 'Send a friend request (accepts theirs when they already asked)',
        security: bearer,
        body: FriendRequestBodySchema,
        response: { 200: FriendshipStateSchema, 201: FriendshipStateSchema, 400: err, 401: err, 404: err, 409: err },
      },
    },
    async (request, reply) => {
      const { created, state } = await sendRequest(deps, request.userId, request.body.userId);
      return reply.code(created ? 201 : 200).send(state);
    },
  );

  const pairAction = (
    url: string,
    method: 'post' | 'delete',
    summary: string,
    action: (d: PodsDeps, viewer: string, other: string) => Promise<void>,
  ) =>
    app[method]<{ Params: UserIdParams }>(
      url,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['friends'],
          summary,
          security: bearer,
          params: UserIdParamsSchema,
          response: { 204: { type: 'null' }, 400: err, 401: err, 404: err },
        },
      },
      async (request, reply) => {
        await action(deps, request.userId, request.params.userId);
        return reply.code(204).send();
      },
    );

  pairAction('/api/pods/friends/requests/:userId/accept', 'post', 'Accept the request this user sent', acceptRequest);
  pairAction(
    '/api/pods/friends/requests/:userId/decline',
    'post',
    'Decline the request this user sent',
    declineRequest,
  );
  pairAction('/api/pods/friends/requests/:userId', 'delete', 'Cancel the request sent to this user', cancelRequest);
  pairAction('/api/pods/friends/:userId', 'delete', 'Remove this friend', removeFriend);
}
