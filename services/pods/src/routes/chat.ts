import {
  ChatPageQuerySchema,
  ChatPageSchema,
  ChatParamsSchema,
  ChatSchema,
  ChatMessageSchema,
  ChatUnreadSchema,
  SendChatMessageBodySchema,
  StreamQuerySchema,
  StreamTicketSchema,
  type ChatPageQuery,
  type ChatParams,
  type SendChatMessageBody,
  type StreamQuery,
} from '@vere/contracts';
import { CHAT_MESSAGE_MAX_LENGTH, chatRateLimitText } from '@vere/domain';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { TICKET_TTL_MS, chatSelector, issueTicket, openStream, streamViewer, type OpenStreams } from '../live/streams';
import { markChatRead, openChat, readHistory, sendMessage, unreadCounts } from '../use-cases/chat';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];

export async function chatRoutes(app: ServiceApp, deps: PodsDeps & { open: OpenStreams }): Promise<void> {
  app.get(
    '/api/pods/chats/unread',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: 'Unread chat messages per friend and in total',
        security: bearer,
        response: { 200: ChatUnreadSchema, 401: err },
      },
    },
    async (request) => unreadCounts(deps, request.userId),
  );

  app.post(
    '/api/pods/chats/stream-ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: `A single-use ticket (valid ${TICKET_TTL_MS / 1000} s) to open the chat event stream with EventSource`,
        security: bearer,
        response: { 201: StreamTicketSchema, 401: err },
      },
    },
    async (request, reply) => reply.code(201).send(await issueTicket(deps, request.userId, null, 'chats')),
  );

  app.get<{ Querystring: StreamQuery }>(
    '/api/pods/chats/events',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Server-sent events: chat-message, for every message the user sends or receives (?ticket= or a bearer token)',
        security: bearer,
        querystring: StreamQuerySchema,
        response: { 400: err, 401: err },
      },
    },
    async (request, reply) => {
      const viewer = await streamViewer(app, deps, request, null, 'chats');
      openStream(deps, deps.open, request, reply, chatSelector(deps, viewer));
    },
  );

  app.get<{ Params: ChatParams }>(
    '/api/pods/chats/:friendId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: 'Open the chat with a friend: their card, the newest messages, the unread count',
        security: bearer,
        params: ChatParamsSchema,
        response: { 200: ChatSchema, 400: err, 401: err, 403: err, 409: err },
      },
    },
    async (request) => openChat(deps, request.userId, request.params.friendId),
  );

  app.get<{ Params: ChatParams; Querystring: ChatPageQuery }>(
    '/api/pods/chats/:friendId/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: 'The chat history, newest first, paged',
        security: bearer,
        params: ChatParamsSchema,
        querystring: ChatPageQuerySchema,
        response: { 200: ChatPageSchema, 400: err, 401: err, 403: err, 409: err },
      },
    },
    async (request) => readHistory(deps, request.userId, request.params.friendId, request.query),
  );

  app.post<{ Params: ChatParams; Body: SendChatMessageBody }>(
    '/api/pods/chats/:friendId/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: `Send a friend a text message (1–${CHAT_MESSAGE_MAX_LENGTH} characters; ${chatRateLimitText(deps.chatRateLimit)})`,
        security: bearer,
        params: ChatParamsSchema,
        body: SendChatMessageBodySchema,
        response: { 201: ChatMessageSchema, 400: err, 401: err, 403: err, 409: err, 429: err },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(deps, request.userId, request.params.friendId, request.body.body)),
  );

  app.post<{ Params: ChatParams }>(
    '/api/pods/chats/:friendId/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: 'Mark the friend’s messages as read',
        security: bearer,
        params: ChatParamsSchema,
        response: { 204: { type: 'null' }, 400: err, 401: err, 403: err, 409: err },
      },
    },
    async (request, reply) => {
      await markChatRead(deps, request.userId, request.params.friendId);
      return reply.code(204).send();
    },
  );
}
