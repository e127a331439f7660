import { createHash, randomBytes } from 'node:crypto';
import type { StreamQuery, StreamTicket } from '@vere/contracts';
import { AppError, type ServiceApp } from '@vere/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PodsDeps } from '../deps';
import type { TicketScope } from './live-repository';
import { isChatMessage, type AnyLiveMessage } from './messages';

/*
 * Server-sent-event streams: a ticket to open one with EventSource (which cannot send the bearer
 * header), the stream itself, and what each viewer gets of the live messages.
 */

/** A stream ticket is valid this long, and for one stream (EventSource opens right after asking for it). */
export const TICKET_TTL_MS = 60_000;

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
const podNotFound = () => new AppError('POD_NOT_FOUND', 'No such pod.');

/** A ticket for a pod's stream (members only), for all the user's pods (podId null), or for their chats. */
export async function issueTicket(
  deps: PodsDeps,
  userId: string,
  podId: string | null,
  scope: TicketScope = 'pods',
): Promise<StreamTicket> {
  if (podId !== null && !(await deps.pods.isMember(deps.db, podId, userId))) throw podNotFound();
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await deps.transaction((tx) => deps.live.insertTicket(tx, { hash: hash(ticket), userId, podId, scope, expiresAt }));
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Who opens the stream: the `ticket` (for EventSource; valid 60 s and once, for that pod, for the user's
 * pods when issued by /me, or for their chats) or else the bearer token. A pod's stream is for its
 * members only (404 to anyone else).
 */
export async function streamViewer(
  app: ServiceApp,
  deps: PodsDeps,
  request: FastifyRequest<{ Querystring: StreamQuery }>,
  podId: string | null,
  scope: TicketScope = 'pods',
): Promise<string> {
  const viewer = await ticketHolder(app, deps, request, podId, scope);
  if (podId !== null && !(await deps.pods.isMember(deps.db, podId, viewer))) throw podNotFound();
  return viewer;
}

async function ticketHolder(
  app: ServiceApp,
  deps: PodsDeps,
  request: FastifyRequest<{ Querystring: StreamQuery }>,
  podId: string | null,
  scope: TicketScope,
): Promise<string> {
  const ticket = request.query.ticket;
  if (ticket === undefined) {
    await app.authenticate(request);
    return request.userId;
  }
  // Single use: a ticket leaked through a URL (a log, a proxy, the history) opens nothing more.
  const found = await deps.live.consumeTicket(deps.db, hash(ticket));
  if (!found || found.podId !== podId || found.scope !== scope)
    throw new AppError(
      'UNAUTHENTICATED',
      'This stream ticket has expired or was already used. Please ask for a new one.',
    );
  return found.userId;
}

/** What a stream does with one live message: send it (as this event and data), skip it, or end the stream. */
export type StreamVerdict = { send: { event: string; data: unknown } } | 'skip' | 'end';
export type StreamSelector = (message: AnyLiveMessage) => Promise<StreamVerdict>;

/**
 * A pod's stream (podId) or the stream of all the viewer's pods (null): the pod messages the viewer
 * may see (a member of the pod, not hiding the entry's author). A pod's stream ends when the viewer
 * is no longer a member.
 */
export function podSelector(deps: PodsDeps, viewer: string, podId: string | null): StreamSelector {
  return async (message) => {
    if (isChatMessage(message)) return 'skip';
    if (podId !== null && message.podId !== podId) return 'skip';
    if (message.onlyFor && !message.onlyFor.includes(viewer)) return 'skip';
    const seen = await deps.live
      .podVisibility(deps.db, viewer, message.podId, message.authorId)
      .catch(() => ({ member: false, hidden: true }));
    if (!seen.member && podId !== null) return 'end'; // left or removed: the pod's stream ends
    if (!seen.member || seen.hidden) return 'skip';
    return { send: { event: message.kind, data: { podId: message.podId, ...message.data } } };
  };
}

/**
 * The viewer's chat stream: messages they sent or received, unless they now hide the other user,
 * and `chat-closed` when a friendship of theirs ends (the open chat turns into its clear message).
 */
export function chatSelector(deps: PodsDeps, viewer: string): StreamSelector {
  return async (message) => {
    if (!isChatMessage(message) || !message.participants.includes(viewer)) return 'skip';
    const other = message.participants[0] === viewer ? message.participants[1] : message.participants[0];
    if (message.kind === 'chat-closed') return { send: { event: 'chat-closed', data: { friendId: other } } };
    if (message.kind === 'chat-read') return { send: { event: 'chat-read', data: message.data } };
    return (await deps.live.isHidden(deps.db, viewer, other))
      ? 'skip'
      : { send: { event: 'chat-message', data: message.data } };
  };
}

/** Streams already open on this instance, ended before the server closes (they would hold it open). */
export type OpenStreams = Set<() => void>;

/**
 * Opens a server-sent-events stream: named events with JSON data, a comment line as heartbeat.
 * `select` decides, message by message and in order, what this viewer gets.
 */
export function openStream(
  deps: Pick<PodsDeps, 'hub' | 'heartbeatMs'>,
  open: OpenStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  select: StreamSelector,
): void {
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
