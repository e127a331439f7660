import { randomUUID } from 'node:crypto';
import type {
  NotificationItem,
  NotificationPreferencesBody,
  NotificationsPage,
  NotificationsQuery,
  UpdateNotificationPreferencesBody,
} from '@vere/contracts';
import {
  DEFAULT_TIME_ZONE,
  defaultNotificationPreferences,
  isClockTime,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
} from '@vere/domain';
import { AppError } from '@vere/service-kit';
import type { Db } from '../repositories/db';
import type { Notification, PreferencesRow } from '../repositories/notifications-repository';
import { checkTimeZone, getAccount } from './accounts';
import type { IdentityDeps } from './deps';

/** Spec §8: a failed notification save names the missing user. */
const NOT_AUTHENTICATED = 'User not authenticated';

function toPreferencesBody(row: PreferencesRow): NotificationPreferencesBody {
  return {
    challengeReminders: row.challengeReminders,
    weeklyAnnouncements: row.weeklyAnnouncements,
    streakReminders: row.streakReminders,
    podActivities: row.podActivities,
    preferredTime: row.preferredTime,
    timeZone: row.timeZone,
    quietHours: { enabled: row.quietHoursEnabled, start: row.quietHoursStart, end: row.quietHoursEnd },
    channels: { inApp: row.channelInApp, push: row.channelPush, email: row.channelEmail },
    emailKinds: { weeklyAnnouncements: row.emailWeeklyAnnouncements, podDigest: row.emailPodDigest },
    saved: true,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The user's notification preferences: the saved row, or the spec's defaults (§9) in the profile's
 * zone (the device's zone, which the browser gave at sign-up) until the user saves.
 */
export async function getNotificationPreferences(
  deps: IdentityDeps,
  userId: string,
): Promise<NotificationPreferencesBody> {
  const row = await deps.notifications.preferences(deps.db, userId);
  if (row) return toPreferencesBody(row);
  const user = await getAccount(deps, userId);
  return {
    ...defaultNotificationPreferences(user.timeZone ?? DEFAULT_TIME_ZONE),
    emailKinds: { weeklyAnnouncements: true, podDigest: true },
    saved: false,
    updatedAt: null,
  };
}

function checkClock(value: string, field: string): void {
  if (!isClockTime(value)) throw new AppError('VALIDATION_FAILED', 'Use a time such as 09:00 (24-hour clock).', field);
}

/** Saves the whole choice (spec §7: upsert by user). Every field is checked before anything is written. */
export async function saveNotificationPreferences(
  deps: IdentityDeps,
  userId: string,
  body: UpdateNotificationPreferencesBody,
): Promise<NotificationPreferencesBody> {
  checkClock(body.preferredTime, 'preferredTime');
  checkClock(body.quietHours.start, 'quietHours.start');
  checkClock(body.quietHours.end, 'quietHours.end');
  checkTimeZone(body.timeZone);
  const row = await deps.transaction(async (tx) => {
    if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) return null;
    return deps.notifications.savePreferences(
      tx,
      userId,
      {
        challengeReminders: body.challengeReminders,
        weeklyAnnouncements: body.weeklyAnnouncements,
        streakReminders: body.streakReminders,
        podActivities: body.podActivities,
        preferredTime: body.preferredTime,
        timeZone: body.timeZone,
        quietHoursEnabled: body.quietHours.enabled,
        quietHoursStart: body.quietHours.start,
        quietHoursEnd: body.quietHours.end,
        channelInApp: body.channels.inApp,
        channelPush: body.channels.push,
        channelEmail: body.channels.email,
        ...(body.emailKinds && {
          emailWeeklyAnnouncements: body.emailKinds.weeklyAnnouncements,
          emailPodDigest: body.emailKinds.podDigest,
        }),
      },
      new Date(),
    );
  });
  if (!row) throw new AppError('UNAUTHENTICATED', NOT_AUTHENTICATED);
  return toPreferencesBody(row);
}

export function toNotificationItem(row: Notification): NotificationItem {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    route: row.route,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this list gave out.', 'cursor');
  }
  return { createdAt, id };
}

/** The centre, newest first, a page at a time, with the unread count. */
export async function listNotifications(
  deps: IdentityDeps,
  userId: string,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await deps.notifications.page(deps.db, userId, limit + 1, before);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    notifications: shown.map(toNotificationItem),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    unread: await deps.notifications.unread(deps.db, userId),
  };
}

export const unreadCount = async (deps: IdentityDeps, userId: string) => ({
  unread: await deps.notifications.unread(deps.db, userId),
});

/** Marks one read (idempotent); someone else's or an unknown id answers 404. */
export async function markNotificationRead(deps: IdentityDeps, userId: string, id: string) {
  if (!(await deps.notifications.markRead(deps.db, userId, id, new Date()))) {
    throw new AppError('NOT_FOUND', 'That notification does not exist.');
  }
  return unreadCount(deps, userId);
}

export async function markAllNotificationsRead(deps: IdentityDeps, userId: string) {
  await deps.notifications.markAllRead(deps.db, userId, new Date());
  return { unread: 0 };
}

export interface Notify {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  route: string;
  /** (user, kind, key) at most once: an event id, or a period such as a week. */
  dedupeKey: string | null;
  at?: Date;
}

/**
 * Puts one item in a user's centre, inside the caller's unit of work, unless the user turned the
 * in-app channel off or already has (user, kind, key). Returns whether it was added.
 */
export async function deliverInApp(deps: Pick<IdentityDeps, 'notifications'>, tx: Db, n: Notify): Promise<boolean> {
  const prefs = await deps.notifications.preferences(tx, n.userId);
  if (prefs && !prefs.channelInApp) return false;
  if (!(await tx.user.findUnique({ where: { id: n.userId }, select: { id: true } }))) return false;
  return deps.notifications.add(tx, {
    id: randomUUID(),
    userId: n.userId,
    kind: n.kind,
    title: n.title,
    body: n.body,
    route: n.route,
    dedupeKey: n.dedupeKey,
    createdAt: n.at ?? new Date(),
  });
}
