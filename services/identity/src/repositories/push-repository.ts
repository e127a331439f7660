import { randomUUID } from 'node:crypto';
import { PUSH_DEVICES_PER_USER, type NotificationKind, type PushPlatform } from '@vere/domain';
import type { PushSubscription, VapidKey } from '../generated/prisma/client';
import type { Db } from './db';

export type { PushSubscription, VapidKey };

/** One push to send, as a dispatcher claimed it: the notification, the device, the user's quiet hours. */
export interface ClaimedPush {
  notificationId: string;
  subscriptionId: string;
  attempts: number;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  route: string;
  platform: PushPlatform;
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  timeZone: string;
  quietEnabled: boolean;
  quietStart: string;
  quietEnd: string;
  pushOn: boolean;
}

/** Devices that receive pushes (web subscriptions, iOS tokens), the push queue, the embedded VAPID key. */
export function createPushRepository() {
  return {
    /**
     * Keeps one device for the user: a device already known (the same endpoint or token) moves to
     * this user with its new keys; past PUSH_DEVICES_PER_USER the oldest of the user's are forgotten.
     */
    async subscribe(
      db: Db,
      userId: string,
      device: { platform: PushPlatform; endpoint: string; p256dh?: string; auth?: string },
      now: Date,
    ): Promise<void> {
      const p256dh = device.p256dh ?? null;
      const auth = device.auth ?? null;
      await db.$executeRaw`
        INSERT INTO "identity"."push_subscription" (id, user_id, platform, endpoint, p256dh, auth, created_at)
        VALUES (${randomUUID()}::uuid, ${userId}::uuid, ${device.platform}, ${device.endpoint}, ${p256dh}, ${auth}, ${now})
        ON CONFLICT (platform, endpoint) DO UPDATE
          SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
              created_at = CASE WHEN push_subscription.user_id = EXCLUDED.user_id
                                THEN push_subscription.created_at ELSE EXCLUDED.created_at END`;
      await db.$executeRaw`
        DELETE FROM "identity"."push_subscription" WHERE id IN (
          SELECT id FROM "identity"."push_subscription" WHERE user_id = ${userId}::uuid
           ORDER BY created_at DESC, id OFFSET ${PUSH_DEVICES_PER_USER})`;
    },

    /** Forgets one of the user's devices; someone else's or an unknown one is left alone. */
    unsubscribe: (db: Db, userId: string, platform: PushPlatform, endpoint: string) =>
      db.pushSubscription.deleteMany({ where: { userId, platform, endpoint } }),

    ofUser: (db: Db, userId: string): Promise<PushSubscription[]> =>
      db.pushSubscription.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),

    /** A device its push service says is gone (404/410, APNs Unregistered): it and its queued pushes. */
    remove: (db: Db, subscriptionId: string) => db.pushSubscription.deleteMany({ where: { id: subscriptionId } }),

    /**
     * Leases up to `limit` due pushes: their next attempt moves `leaseMs` ahead, so another
     * dispatcher skips them (SKIP LOCKED while this one claims, the lease after) and a crashed one's
     * come back when it runs out.
     */
    claim: (db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedPush[]> => db.$queryRaw<ClaimedPush[]>`
      WITH picked AS (
        SELECT notification_id, subscription_id FROM "identity"."push_delivery"
         WHERE next_attempt_at <= ${now}
         ORDER BY next_attempt_at LIMIT ${limit}
         FOR UPDATE SKIP LOCKED
      ), leased AS (
        UPDATE "identity"."push_delivery" d
           SET next_attempt_at = ${now}::timestamptz + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1
          FROM picked p
         WHERE d.notification_id = p.notification_id AND d.subscription_id = p.subscription_id
        RETURNING d.notification_id, d.subscription_id, d.attempts
      )
      SELECT l.notification_id AS "notificationId", l.subscription_id AS "subscriptionId", l.attempts,
             n.user_id AS "userId", n.kind, n.title, n.body, n.route,
             s.platform, s.endpoint, s.p256dh, s.auth,
             COALESCE(p.time_zone, u.time_zone, 'UTC') AS "timeZone",
             COALESCE(p.quiet_hours_enabled, true) AS "quietEnabled",
             COALESCE(p.quiet_hours_start, '22:00') AS "quietStart",
             COALESCE(p.quiet_hours_end, '08:00') AS "quietEnd",
             COALESCE(p.channel_push, true) AS "pushOn"
        FROM leased l
        JOIN "identity"."notification" n ON n.id = l.notification_id
        JOIN "identity"."push_subscription" s ON s.id = l.subscription_id
        JOIN "identity"."user" u ON u.id = n.user_id
        LEFT JOIN "identity"."notification_preferences" p ON p.user_id = n.user_id`,

    /** The push service answered (or the push was dropped): nothing more to do for this one. */
    async finish(db: Db, push: Pick<ClaimedPush, 'notificationId' | 'subscriptionId'>, sentAt: Date | null) {
      await db.pushDelivery.deleteMany({
        where: { notificationId: push.notificationId, subscriptionId: push.subscriptionId },
      });
      if (sentAt)
        await db.pushSubscription.updateMany({ where: { id: push.subscriptionId }, data: { lastSentAt: sentAt } });
    },

    /** Try again at `at` (back-off after a failure, or the end of quiet hours). */
    retryAt: (db: Db, push: Pick<ClaimedPush, 'notificationId' | 'subscriptionId'>, at: Date, countAttempt: boolean) =>
      db.pushDelivery.updateMany({
        where: { notificationId: push.notificationId, subscriptionId: push.subscriptionId },
        data: { nextAttemptAt: at, ...(countAttempt ? {} : { attempts: { decrement: 1 } }) },
      }),

    vapidKey: (db: Db): Promise<VapidKey | null> => db.vapidKey.findUnique({ where: { id: 1 } }),

    /** Stores the pair unless another replica stored one first (then that one is kept). */
    async keepVapidKey(db: Db, key: Omit<VapidKey, 'id' | 'createdAt'>): Promise<void> {
      await db.$executeRaw`
        INSERT INTO "identity"."vapid_key" (id, public_key, private_key, encrypted)
        VALUES (1, ${key.publicKey}, ${key.privateKey}, ${key.encrypted})
        ON CONFLICT (id) DO NOTHING`;
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
