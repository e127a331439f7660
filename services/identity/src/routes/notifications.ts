import {
  NotificationParamsSchema,
  NotificationPreferencesSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  UnreadCountSchema,
  UpdateNotificationPreferencesBodySchema,
} from '@vere/contracts';
import type { ServiceApp } from '@vere/service-kit';
import type { IdentityDeps } from '../use-cases/deps';
import {
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  saveNotificationPreferences,
  unreadCount,
} from '../use-cases/notifications';

const errors = { 400: { $ref: 'ErrorBody#' }, 401: { $ref: 'ErrorBody#' }, 404: { $ref: 'ErrorBody#' } };
const common = { tags: ['notifications'], security: [{ bearer: [] }] };

/** Issue 25: notification preferences (spec §3, §7) and the in-app centre. */
export async function notificationRoutes(app: ServiceApp, opts: { deps: IdentityDeps }): Promise<void> {
  const { deps } = opts;

  app.get(
    '/api/identity/me/notifications/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "The signed-in user's notification preferences (the defaults until saved)",
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => getNotificationPreferences(deps, request.userId),
  );

  app.put(
    '/api/identity/me/notifications/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Save every notification preference at once',
        body: UpdateNotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => saveNotificationPreferences(deps, request.userId, request.body),
  );

  app.get(
    '/api/identity/me/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'The in-app centre, newest first, a page at a time',
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsPageSchema, ...errors },
      },
    },
    async (request) => listNotifications(deps, request.userId, request.query),
  );

  app.get(
    '/api/identity/me/notifications/unread-count',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Unread notifications (the bell)',
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => unreadCount(deps, request.userId),
  );

  app.post(
    '/api/identity/me/notifications/:notificationId/read',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Mark one notification read (idempotent)',
        params: NotificationParamsSchema,
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => markNotificationRead(deps, request.userId, request.params.notificationId),
  );

  app.post(
    '/api/identity/me/notifications/read-all',
    {
      onRequest: app.authenticate,
      schema: { ...common, summary: 'Mark every notification read', response: { 200: UnreadCountSchema, ...errors } },
    },
    async (request) => markAllNotificationsRead(deps, request.userId),
  );
}
