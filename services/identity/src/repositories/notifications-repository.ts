import type { NotificationPreferences as PreferencesRow, Notification } from '../generated/prisma/client';
import type { Db } from './db';

export type { Notification } from '../generated/prisma/client';
export type { PreferencesRow };

/** The columns of a saved choice (spec §3), as use-cases/notifications.ts maps them. */
export type PreferencesColumns = Omit<
  PreferencesRow,
  'userId' | 'updatedAt' | 'emailWeeklyAnnouncements' | 'emailPodDigest'
> &
  Partial<Pick<PreferencesRow, 'emailWeeklyAnnouncements' | 'emailPodDigest'>>;

export interface NewNotification {
  id: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  route: string;
  /** (user, kind, key) at most once; null: no such limit. */
  dedupeKey: string | null;
  createdAt: Date;
}

/** Notification preferences and the in-app centre's rows. */
export function createNotificationsRepository() {
  return {
    preferences: (db: Db, userId: string): Promise<PreferencesRow | null> =>
      db.notificationPreferences.findUnique({ where: { userId } }),

    savePreferences: (db: Db, userId: string, columns: PreferencesColumns, now: Date): Promise<PreferencesRow> =>
      db.notificationPreferences.upsert({
        where: { userId },
        create: { userId, ...columns, updatedAt: now },
        update: { ...columns, updatedAt: now },
      }),

    /**
     * Turns one mailed kind's e-mail off (the one-click unsubscribe). A user who never saved gets
     * `defaults` with that kind off, so nothing else changes for them.
     */
    turnOffMail: (
      db: Db,
      userId: string,
      column: 'emailWeeklyAnnouncements' | 'emailPodDigest',
      defaults: PreferencesColumns,
      now: Date,
    ): Promise<PreferencesRow> =>
      db.notificationPreferences.upsert({
        where: { userId },
        create: { userId, ...defaults, [column]: false, updatedAt: now },
        update: { [column]: false, updatedAt: now },
      }),

    /** Adds one; false when (user, kind, dedupeKey) is there already (the unique index decides, so races add one). */
    async add(db: Db, row: NewNotification): Promise<boolean> {
      const added = await db.$executeRaw`
        INSERT INTO "identity"."notification" (id, user_id, kind, title, body, route, dedupe_key, created_at)
        VALUES (${row.id}::uuid, ${row.userId}::uuid, ${row.kind}, ${row.title}, ${row.body}, ${row.route},
                ${row.dedupeKey}, ${row.createdAt})
        ON CONFLICT (user_id, kind, dedupe_key) DO NOTHING`;
      return added === 1;
    },

    /** Newest first; `before` is the last row of the previous page. */
    page: (db: Db, userId: string, limit: number, before?: { createdAt: Date; id: string }): Promise<Notification[]> =>
      db.notification.findMany({
        where: {
          userId,
          ...(before
            ? {
                OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }],
              }
            : {}),
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      }),

    all: (db: Db, userId: string): Promise<Notification[]> =>
      db.notification.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),

    unread: (db: Db, userId: string): Promise<number> => db.notification.count({ where: { userId, readAt: null } }),

    /** Marks one of the user's own; false when it is not theirs or does not exist. */
    async markRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
      const found = await db.notification.findFirst({ where: { id, userId }, select: { readAt: true } });
      if (!found) return false;
      if (!found.readAt)
        await db.notification.updateMany({ where: { id, userId, readAt: null }, data: { readAt: now } });
      return true;
    },

    markAllRead: (db: Db, userId: string, now: Date) =>
      db.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: now } }),
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
