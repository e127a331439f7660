import {
  IosPushTokenBodySchema,
  VapidPublicKeySchema,
  WebPushSubscribeBodySchema,
  WebPushUnsubscribeBodySchema,
} from '@vere/contracts';
import { Type } from 'typebox';
import type { ServiceApp } from '@vere/service-kit';
import type { IdentityDeps } from '../use-cases/deps';
import {
  subscribeIosPush,
  subscribeWebPush,
  unsubscribeIosPush,
  unsubscribeWebPush,
  vapidPublicKey,
} from '../use-cases/push';

const errors = { 400: { $ref: 'ErrorBody#' }, 401: { $ref: 'ErrorBody#' } };
const common = { tags: ['push'], security: [{ bearer: [] }] };
const EMPTY = Type.Null();

/** Issue 25, part A: the devices that receive pushes (decision 0053). */
export async function pushRoutes(app: ServiceApp, opts: { deps: IdentityDeps }): Promise<void> {
  const { deps } = opts;

  app.get(
    '/api/identity/push/vapid-public-key',
    {
      schema: {
        tags: ['push'],
        summary: 'The VAPID application server key a browser subscribes with',
        response: { 200: VapidPublicKeySchema },
      },
    },
    async () => vapidPublicKey(deps),
  );

  app.post(
    '/api/identity/me/push/web',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Register this browser's push subscription (idempotent)",
        body: WebPushSubscribeBodySchema,
        response: { 201: EMPTY, ...errors },
      },
    },
    async (request, reply) => {
      await subscribeWebPush(deps, request.userId, request.body);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/api/identity/me/push/web',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Forget this browser's push subscription (idempotent)",
        body: WebPushUnsubscribeBodySchema,
        response: { 204: EMPTY, ...errors },
      },
    },
    async (request, reply) => {
      await unsubscribeWebPush(deps, request.userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/identity/me/push/ios',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Register this iPhone's APNs device token (idempotent)",
        body: IosPushTokenBodySchema,
        response: { 201: EMPTY, ...errors },
      },
    },
    async (request, reply) => {
      await subscribeIosPush(deps, request.userId, request.body);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/api/identity/me/push/ios',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Forget this iPhone's APNs device token (idempotent)",
        body: IosPushTokenBodySchema,
        response: { 204: EMPTY, ...errors },
      },
    },
    async (request, reply) => {
      await unsubscribeIosPush(deps, request.userId, request.body.token);
      return reply.status(204).send(null);
    },
  );
}
