import { createHash, randomBytes } from 'node:crypto';
import {
  PodParamsSchema, StreamQuerySchema, StreamTicketSchema, type PodParams, type StreamQuery, type StreamTicket,
} from '@vere/contracts';
import { AppError, type ServiceApp } from '@vere/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveHub } from '../live';
import { isChatMessage, type AnyLiveMessage } from '../repositories/live-messages';
import type { LiveMessage } from '../repositories/streak-store';
import type { Queryable } from '../repositories/sql';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];

/** A stream ticket is valid this long (EventSource opens right after asking for it). */
export const TICKET_TTL_MS = 60_000;

export interface LiveDeps {
  pool: Queryable;
  hub: LiveHub;
  /** Comment lines keep proxies and browsers from dropping an idle stream. */
  heartbeatMs: number;
}

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
const notFound = () => new AppError('POD_NOT_FOUND', 'No such pod.');

async function isMember(db: Queryable, podId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2', [podId, userId]);
  return rowCount === 1;
}

/** What a ticket opens: the pods streams (one pod, or all when podId is null) or the user's chats. */
export type TicketScope = 'pods' | 'chats';

export async function issueTicket(db: Queryable, userId: string, podId: string | null, scope: TicketScope = 'pods'): Promise<StreamTicket> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await db.query('DELETE FROM pods.stream_ticket WHERE expires_at < now()');
  await db.query(
    'INSERT INTO pods.stream_ticket (ticket_hash, user_id, pod_id, scope, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hash(ticket), userId, podId, scope, expiresAt],
  );
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Who opens the stream: the `ticket` (for EventSource; valid 60 s, for that pod, or for the
 * user's pods when issued by /me) or else the bearer token.
 */
export async function streamUser(
  app: ServiceApp, db: Queryable, request: FastifyRequest<{ Querystring: StreamQuery }>, podId: string | null, scope: TicketScope = 'pods',
): Promise<string> {
  const ticket = request.query.ticket;
  if (ticket === undefined) {
    await app.authenticate(request);
    return request.userId;
  }
  const { rows } = await db.query<{ userId: string; podId: string | null; scope: TicketScope }>(
    'SELECT user_id AS "userId", pod_id AS "podId", scope FROM pods.stream_ticket WHERE ticket_hash = $1 AND expires_at > now()',
    [hash(ticket)],
  );
  const found = rows[0];
  if (!found || found.podId !== podId || found.scope !== scope) throw new AppError('UNAUTHENTICATED', 'This stream ticket has expired. Please ask for a new one.');
  return found.userId;
}

/** May `viewer` see this message? A member of its pod, and (for an entry) not hiding its author. */
async function visibility(db: Queryable, viewer: string, message: LiveMessage): Promise<{ member: boolean; hidden: boolean }> {
  const { rows } = await db.query<{ member: boolean; hidden: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2) AS member,
            ($3::uuid IS NOT NULL AND pods.is_hidden($2, $3::uuid)) AS hidden`,
    [message.podId, viewer, message.authorId],
  );
  return rows[0] ?? { member: false, hidden: true };
}

/** What a stream does with one live message: send it (as this event and data), skip it, or end the stream. */
export type StreamVerdict = { send: { event: string; data: unknown } } | 'skip' | 'end';
export type StreamSelector = (message: AnyLiveMessage) => Promise<StreamVerdict>;

/** A pod stream (podId) or the stream of all the viewer's pods (null): pod messages the viewer may see. */
function podSelector(deps: LiveDeps, viewer: string, podId: string | null): StreamSelector {
  return async (message) => {
    if (isChatMessage(message)) return 'skip';
    if (podId !== null && message.podId !== podId) return 'skip';
    const seen = await visibility(deps.pool, viewer, message).catch(() => ({ member: false, hidden: true }));
    if (!seen.member && podId !== null) return 'end'; // left or removed: the pod's stream ends
    if (!seen.member || seen.hidden) return 'skip';
    return { send: { event: message.kind, data: { podId: message.podId, ...message.data } } };
  };
}

/** Streams already open on this instance, ended before the server closes (they would hold it open). */
export type OpenStreams = Set<() => void>;

/**
 * Opens a server-sent-events stream: named events with JSON data, a comment line as heartbeat.
 * `select` decides, message by message and in order, what this viewer gets.
 */
export function openStream(deps: Pick<LiveDeps, 'hub' | 'heartbeatMs'>, open: OpenStreams, request: FastifyRequest, reply: FastifyReply, select: StreamSelector): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // The stream only ends when the client leaves, the viewer leaves the pod, or the service stops:
    // the connection goes with it (a kept-alive socket would hold a closing server for its timeout).
    connection: 'close',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n: connected\n\n');
  let ended = false;
  let unsubscribe = () => {};
  let stopHeartbeat = () => {};
  const end = () => {
    if (ended) return;
    ended = true;
    stopHeartbeat();
    unsubscribe();
    // Nothing more goes over this connection: let it go at once (a proxy may not hang up by itself).
    res.end(() => res.destroy());
  };
  let queue = Promise.resolve();
  const deliver = (message: AnyLiveMessage) => {
    queue = queue.then(async () => {
      if (ended) return;
      const verdict = await select(message).catch((): StreamVerdict => 'skip');
      if (verdict === 'end') return end();
      if (verdict === 'skip' || ended) return;
      res.write(`event: ${verdict.send.event}\ndata: ${JSON.stringify(verdict.send.data)}\n\n`);
    });
  };
  unsubscribe = deps.hub.subscribe(deliver);
  const heartbeat = setInterval(() => res.write(': ping\n\n'), deps.heartbeatMs);
  stopHeartbeat = () => clearInterval(heartbeat);
  request.raw.on('close', end);
  open.add(end);
  res.on('close', () => {
    open.delete(end);
    end();
  });
}

export async function liveRoutes(app: ServiceApp, deps: LiveDeps & { open: OpenStreams }): Promise<void> {
  const { open } = deps;

  app.post<{ Params: PodParams }>('/api/pods/pods/:podId/stream-ticket', {
    onRequest: app.authenticate,
    schema: {
      tags: ['live'], summary: 'A ticket (valid 60 s) to open the pod\'s event stream with EventSource (members only)', security: bearer,
      params: PodParamsSchema, response: { 201: StreamTicketSchema, 400: err, 401: err, 404: err },
    },
  }, async (request, reply) => {
    if (!(await isMember(deps.pool, request.params.podId, request.userId))) throw notFound();
    return reply.code(201).send(await issueTicket(deps.pool, request.userId, request.params.podId));
  });

  app.post('/api/pods/me/stream-ticket', {
    onRequest: app.authenticate,
    schema: {
      tags: ['live'], summary: 'A ticket (valid 60 s) to open the stream of all the user\'s pods with EventSource', security: bearer,
      response: { 201: StreamTicketSchema, 401: err },
    },
  }, async (request, reply) => reply.code(201).send(await issueTicket(deps.pool, request.userId, null)));

  app.get<{ Params: PodParams; Querystring: StreamQuery }>('/api/pods/pods/:podId/events', {
    schema: {
      tags: ['live'],
      summary: 'Server-sent events of the pod: pod-log-added, pod-streak-updated (members only; ?ticket= or a bearer token)',
      security: bearer, params: PodParamsSchema, querystring: StreamQuerySchema,
      response: { 400: err, 401: err, 404: err },
    },
  }, async (request, reply) => {
    const viewer = await streamUser(app, deps.pool, request, request.params.podId);
    if (!(await isMember(deps.pool, request.params.podId, viewer))) throw notFound();
    openStream(deps, open, request, reply, podSelector(deps, viewer, request.params.podId));
  });

  app.get<{ Querystring: StreamQuery }>('/api/pods/me/events', {
    schema: {
      tags: ['live'], summary: 'Server-sent events of every pod the user is in (?ticket= or a bearer token)',
      security: bearer, querystring: StreamQuerySchema, response: { 400: err, 401: err },
    },
  }, async (request, reply) => {
    const viewer = await streamUser(app, deps.pool, request, null);
    openStream(deps, open, request, reply, podSelector(deps, viewer, null));
  });
}
