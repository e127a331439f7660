import {
  PodParamsSchema,
  StreamQuerySchema,
  StreamTicketSchema,
  type PodParams,
  type StreamQuery,
} from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { PodsDeps } from '../deps';
import { TICKET_TTL_MS, issueTicket, openStream, podSelector, streamViewer, type OpenStreams } from '../live/streams';

const err = { $ref: 'ErrorBody#' };
const bearer = [{ bearer: [] }];

/** The pods' live streams (server-sent events; the stream code is in src/live/). */
export async function liveRoutes(app: ServiceApp, deps: PodsDeps & { open: OpenStreams }): Promise<void> {
  app.post<{ Params: PodParams }>(
    '/api/pods/pods/:podId/stream-ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['live'],
        summary: `A single-use ticket (valid ${TICKET_TTL_MS / 1000} s) to open the pod's event stream with EventSource (members only)`,
        security: bearer,
        params: PodParamsSchema,
        response: { 201: StreamTicketSchema, 400: err, 401: err, 404: err },
      },
    },
    async (request, reply) => reply.code(201).send(await issueTicket(deps, request.userId, request.params.podId)),
  );

  app.post(
    '/api/pods/me/stream-ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['live'],
        summary: `A single-use ticket (valid ${TICKET_TTL_MS / 1000} s) to open the stream of all the user's pods with EventSource`,
        security: bearer,
        response: { 201: StreamTicketSchema, 401: err },
      },
    },
    async (request, reply) => reply.code(201).send(await issueTicket(deps, request.userId, null)),
  );

  app.get<{ Params: PodParams; Querystring: StreamQuery }>(
    '/api/pods/pods/:podId/events',
    {
      schema: {
        tags: ['live'],
        summary:
          'Server-sent events of the pod: pod-log-added, pod-streak-updated (members only; ?ticket= or a bearer token)',
        security: bearer,
        params: PodParamsSchema,
        querystring: StreamQuerySchema,
        response: { 400: err, 401: err, 404: err },
      },
    },
    async (request, reply) => {
      const viewer = await streamViewer(app, deps, request, request.params.podId);
      openStream(deps, deps.open, request, reply, podSelector(deps, viewer, request.params.podId));
    },
  );

  app.get<{ Querystring: StreamQuery }>(
    '/api/pods/me/events',
    {
      schema: {
        tags: ['live'],
        summary: 'Server-sent events of every pod the user is in (?ticket= or a bearer token)',
        security: bearer,
        querystring: StreamQuerySchema,
        response: { 400: err, 401: err },
      },
    },
    async (request, reply) => {
      const viewer = await streamViewer(app, deps, request, null);
      openStream(deps, deps.open, request, reply, podSelector(deps, viewer, null));
    },
  );
}
