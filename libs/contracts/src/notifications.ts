import { CLOCK_TIME } from '@vere/domain';
import { Type, type Static } from 'typebox';
import { SingleLine } from './text';

// Issue 25: notification preferences (spec accounts-shell-billing.md §3, §9) and the in-app centre.

const ClockTime = Type.String({ pattern: CLOCK_TIME.source, description: 'HH:MM, 24-hour, local' });
const ClockTimeIn = SingleLine(5, { description: 'HH:MM, 24-hour, local' });

const QuietHoursSchema = Type.Object({ enabled: Type.Boolean(), start: ClockTime, end: ClockTime });
const ChannelsSchema = Type.Object({ inApp: Type.Boolean(), push: Type.Boolean(), email: Type.Boolean() });
/**
 * Each mailed kind on its own, under the e-mail channel (decision 0043): the one-click unsubscribe
 * in a mail turns its kind off here.
 */
const EmailKindsSchema = Type.Object(
  { weeklyAnnouncements: Type.Boolean(), podDigest: Type.Boolean() },
  { additionalProperties: false },
);

/** GET/PUT /api/identity/me/notifications/preferences: the defaults until the user saves. */
export const NotificationPreferencesSchema = Type.Object({
  challengeReminders: Type.Boolean(),
  weeklyAnnouncements: Type.Boolean(),
  streakReminders: Type.Boolean(),
  podActivities: Type.Boolean(),
  preferredTime: ClockTime,
  timeZone: Type.String({ description: 'IANA zone' }),
  quietHours: QuietHoursSchema,
  channels: ChannelsSchema,
  emailKinds: EmailKindsSchema,
  /** False until the user saved once (the defaults are shown, with the device's zone). */
  saved: Type.Boolean(),
  updatedAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type NotificationPreferencesBody = Static<typeof NotificationPreferencesSchema>;

/** PUT body: every field, so one save states the whole choice (times and zone checked by the service). */
export const UpdateNotificationPreferencesBodySchema = Type.Object(
  {
    challengeReminders: Type.Boolean(),
    weeklyAnnouncements: Type.Boolean(),
    streakReminders: Type.Boolean(),
    podActivities: Type.Boolean(),
    preferredTime: ClockTimeIn,
    timeZone: SingleLine(64),
    quietHours: Type.Object(
      { enabled: Type.Boolean(), start: ClockTimeIn, end: ClockTimeIn },
      { additionalProperties: false },
    ),
    channels: Type.Object(
      { inApp: Type.Boolean(), push: Type.Boolean(), email: Type.Boolean() },
      { additionalProperties: false },
    ),
    /** Absent: each mailed kind keeps what it was (clients from before it existed). */
    emailKinds: Type.Optional(EmailKindsSchema),
  },
  { additionalProperties: false },
);
export type UpdateNotificationPreferencesBody = Static<typeof UpdateNotificationPreferencesBodySchema>;

/** libs/domain NOTIFICATION_KINDS (contracts.test.ts checks the two lists agree). */
export const NotificationKindSchema = Type.Union([
  Type.Literal('challenge_reminder'),
  Type.Literal('streak_at_risk'),
  Type.Literal('weekly_announcement'),
  Type.Literal('pod_activity'),
  Type.Literal('friend_request'),
  Type.Literal('friend_accepted'),
  Type.Literal('chat_message'),
]);

/** One item of the in-app centre. */
export const NotificationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: NotificationKindSchema,
  title: Type.String(),
  body: Type.String(),
  /** Where a tap leads (spec §2 routes). */
  route: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  readAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type NotificationItem = Static<typeof NotificationSchema>;

/** GET /api/identity/me/notifications?cursor=&limit= : newest first. */
export const NotificationsQuerySchema = Type.Object(
  {
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_-]+$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);
export type NotificationsQuery = Static<typeof NotificationsQuerySchema>;

export const NotificationsPageSchema = Type.Object({
  notifications: Type.Array(NotificationSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  unread: Type.Integer({ minimum: 0 }),
});
export type NotificationsPage = Static<typeof NotificationsPageSchema>;

/** GET /api/identity/me/notifications/unread-count (the bell). */
export const UnreadCountSchema = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Static<typeof UnreadCountSchema>;

export const NotificationParamsSchema = Type.Object(
  { notificationId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
