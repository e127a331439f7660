import {
  ChatPageQuerySchema, ChatPageSchema, ChatParamsSchema, ChatSchema, ChatMessageSchema, ChatUnreadSchema, SendChatMessageBodySchema,
  StreamQuerySchema, StreamTicketSchema, type ChatPageQuery, type ChatParams, type SendChatMessageBody, type StreamQuery,
} from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { LiveHub } from '../live';
import { isChatMessage } from '../repositories/live-messages';
import type { Queryable } from '../repositories/sql';
import { markChatRead, openChat, readHistory, sendMessage, unreadCounts, type ChatDeps } from '../use-cases/chat';
import { issueTicket, openStream, streamUser, type OpenStreams, type StreamSelector } from './live';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];

export interface ChatRouteDeps extends ChatDeps {
  hub: LiveHub;
  heartbeatMs: number;
  open: OpenStreams;
}

/**
 * The viewer's chat stream: messages they sent or received, unless they now hide the other user,
 * and `chat-closed` when a friendship of theirs ends (the open chat turns into its clear message).
 */
function chatSelector(db: Queryable, viewer: string): StreamSelector {
  return async (message) => {
    if (!isChatMessage(message) || !message.participants.includes(viewer)) return 'skip';
    const other = message.participants[0] === viewer ? message.participants[1] : message.participants[0];
    if (message.kind === 'chat-closed') return { send: { event: 'chat-closed', data: { friendId: other } } };
    if (message.kind === 'chat-read') return { send: { event: 'chat-read', data: message.data } };
    const { rows } = await db.query<{ hidden: boolean }>('SELECT pods.is_hidden($1, $2) AS hidden', [viewer, other]);
    return rows[0]?.hidden === false ? { send: { event: 'chat-message', data: message.data } } : 'skip';
  };
}

export async function chatRoutes(app: ServiceApp, deps: ChatRouteDeps): Promise<void> {
  app.get('/api/pods/chats/unread', {
    onRequest: app.authenticate,
    schema: {
      tags: ['chat'], summary: 'Unread chat messages per friend and in total', security: bearer,
      response: { 200: ChatUnreadSchema, 401: err },
    },
  }, async (request) => unreadCounts(deps.pool, request.userId));

  app.post('/api/pods/chats/stream-ticket', {
    onRequest: app.authenticate,
    schema: {
      tags: ['chat'], summary: 'A ticket (valid 60 s) to open the chat event stream with EventSource', security: bearer,
      response: { 201: StreamTicketSchema, 401: err },
    },
  }, async (request, reply) => reply.code(201).send(await issueTicket(deps.pool, request.userId, null, 'chats')));

  app.get<{ Querystring: StreamQuery }>('/api/pods/chats/events', {
    schema: {
      tags: ['chat'], summary: 'Server-sent events: chat-message, for every message the user sends or receives (?ticket= or a bearer token)',
      security: bearer, querystring: StreamQuerySchema, response: { 400: err, 401: err },
    },
  }, async (request, reply) => {
    const viewer = await streamUser(app, deps.pool, request, null, 'chats');
    openStream(deps, deps.open, request, reply, chatSelector(deps.pool, viewer));
  });

  app.get<{ Params: ChatParams }>('/api/pods/chats/:friendId', {
    onRequest: app.authenticate,
    schema: {
      tags: ['chat'], summary: 'Open the chat with a friend: their card, the newest messages, the unread count', security: bearer,
      params: ChatParamsSchema, response: { 200: ChatSchema, 400: err, 401: err, 403: err, 409: err },
    },
  }, async (request) => openChat(deps.pool, request.userId, request.params.friendId));

  app.get<{ Params: ChatParams; Querystring: ChatPageQuery }>('/api/pods/chats/:friendId/messages', {
    onRequest: app.authenticate,
    schema: {
      tags: ['chat'], summary: 'The chat history, newest first, paged', security: bearer,
      params: ChatParamsSchema, querystring: ChatPageQuerySchema, response: { 200: ChatPageSchema, 400: err, 401: err, 403: err, 409: err },
    },
  }, async (request) => readHistory(deps.pool, request.userId, request.params.friendId, request.query));

  app.post<{ Params: ChatParams; Body: SendChatMessageBody }>('/api/pods/chats/:friendId/messages', {
    onRequest: app.authenticate,
    schema: {
      tags: ['chat'], summary: 'Send a friend a text message (1–1000 characters; 20 per 10 s)', security: bearer,
      params: ChatParamsSchema, body: SendChatMessageBodySchema,
      response: { 201: ChatMessageSchema, 400: err, 401: err, 403: err, 409: err, 429: err },
    },
  }, async (request, reply) => reply.code(201).send(await sendMessage(deps, request.userId, request.params.friendId, request.body.body)));

  app.post<{ Params: ChatParams }>('/api/pods/chats/:friendId/read', {
    onRequest: app.authenticate,
    schema: {
      tags: ['chat'], summary: 'Mark the friend’s messages as read', security: bearer,
      params: ChatParamsSchema, response: { 204: { type: 'null' }, 400: err, 401: err, 403: err, 409: err },
    },
  }, async (request, reply) => {
    await markChatRead(deps.pool, request.userId, request.params.friendId);
    return reply.code(204).send();
  });
}
