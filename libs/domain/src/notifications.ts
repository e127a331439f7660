/**
 * Notifications (issue 25; spec accounts-shell-billing.md §3, §9): the four kinds a user can turn
 * off, the channels, the defaults, quiet hours, and where a tap leads (spec §2).
 */

/** The four preference types of the spec's user_notification_preferences table. */
export const NOTIFICATION_TYPES = [
  'challengeReminders',
  'weeklyAnnouncements',
  'streakReminders',
  'podActivities',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification may reach the user. */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What the centre shows; each kind belongs to one preference type (friend requests to none: always in-app). */
export const NOTIFICATION_KINDS = [
  'challenge_reminder',
  'streak_at_risk',
  'weekly_announcement',
  'pod_activity',
  'friend_request',
  'friend_accepted',
  'chat_message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const KIND_TYPE: Record<NotificationKind, NotificationType | null> = {
  challenge_reminder: 'challengeReminders',
  streak_at_risk: 'streakReminders',
  weekly_announcement: 'weeklyAnnouncements',
  pod_activity: 'podActivities',
  friend_request: null,
  friend_accepted: null,
  // A friend's chat is social activity: the spec's table has no fifth type (decision 0056).
  chat_message: 'podActivities',
};

/** "HH:MM", 24-hour clock. */
export const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const isClockTime = (value: string): boolean => CLOCK_TIME.test(value);

export interface QuietHours {
  enabled: boolean;
  /** HH:MM local: quiet from here… */
  start: string;
  /** …until here (may be on the next day: 22:00 → 08:00). */
  end: string;
}

export interface NotificationPreferences {
  challengeReminders: boolean;
  weeklyAnnouncements: boolean;
  streakReminders: boolean;
  podActivities: boolean;
  /** HH:MM local: when the daily challenge reminder comes. */
  preferredTime: string;
  /** IANA zone the times above are in. */
  timeZone: string;
  quietHours: QuietHours;
  channels: Record<NotificationChannel, boolean>;
}

/** Spec §9: four types on, 09:00, quiet hours on 22:00–08:00, the device's zone; in-app and push on, e-mail on. */
export function defaultNotificationPreferences(timeZone: string): NotificationPreferences {
  return {
    challengeReminders: true,
    weeklyAnnouncements: true,
    streakReminders: true,
    podActivities: true,
    preferredTime: '09:00',
    timeZone,
    quietHours: { enabled: true, start: '22:00', end: '08:00' },
    channels: { inApp: true, push: true, email: true },
  };
}

const minutesOf = new Map<string, number>();

/** Minutes since local midnight of an HH:MM time (remembered: a scheduler tick asks for the same few). */
export function clockMinutes(time: string): number {
  let minutes = minutesOf.get(time);
  if (minutes === undefined) {
    minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    if (minutesOf.size < 2_000) minutesOf.set(time, minutes);
  }
  return minutes;
}

/**
 * Whether local minute-of-day `minute` falls in the quiet window. The window includes its start and
 * excludes its end; a start after the end wraps past midnight; start = end is an empty window.
 */
export function inQuietHours(quiet: QuietHours, minute: number): boolean {
  if (!quiet.enabled) return false;
  const start = clockMinutes(quiet.start);
  const end = clockMinutes(quiet.end);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Spec §2: where tapping a notification of this kind leads. */
export function notificationRoute(kind: NotificationKind, targetId?: string | null): string {
  // `targetId`: the pod of a pod_activity, the friend of a chat_message (the page /chat/<friendId>).
  switch (kind) {
    case 'challenge_reminder':
    case 'streak_at_risk':
    case 'weekly_announcement':
      return '/challenges';
    case 'pod_activity':
      return targetId ? `/pods/${targetId}` : '/pods';
    case 'friend_request':
    case 'friend_accepted':
      return '/connect';
    case 'chat_message':
      return targetId ? `/chat/${targetId}` : '/connect';
  }
}

/** The centre pages this many at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
