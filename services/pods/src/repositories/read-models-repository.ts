import type {
  EntitlementChangedPayload,
  LevelReachedPayload,
  ProfileUpdatedPayload,
  UserRegisteredPayload,
} from '@vere/contracts';
import type { CapStanding } from '@vere/domain';
import type { Queryable } from '@vere/service-kit';

/**
 * Data access for the read models pods keeps from other services' events (profile, entitlement,
 * level, erased users), written inside the consumer's unit of work (the inbox row commits with the
 * effect): no rules here (see use-cases/read-models.ts). Consumers keep no order between subjects,
 * so each write tolerates arriving before or after the others.
 */
export interface ReadModelsRepository {
  /** identity.user.registered.v1: a profile row, unless a profile event created it first. */
  insertProfile(tx: Queryable, e: UserRegisteredPayload): Promise<void>;
  /**
   * identity.profile.updated.v1: the whole public profile after the change. An event older than the
   * one applied (redelivered or reordered) changes nothing.
   */
  applyProfile(tx: Queryable, e: ProfileUpdatedPayload): Promise<void>;
  /** billing.entitlement.changed.v1 (its expiry as a date): a version older than (or equal to) the one held changes nothing. */
  applyEntitlement(tx: Queryable, e: EntitlementChangedPayload, expires: Date | null): Promise<void>;
  /** quests.level.reached.v1: levels only rise, so the highest level seen wins (reorders are harmless). */
  applyLevel(tx: Queryable, e: LevelReachedPayload): Promise<void>;
  isErased(tx: Queryable, userId: string): Promise<boolean>;
  /**
   * Forgets every read model row, friendship, block, report and chat message (sent or received: the
   * conversation goes with the account) of the user and keeps the bare id as a tombstone (idempotent).
   */
  eraseUser(tx: Queryable, userId: string): Promise<void>;
  /**
   * Pro now (active, and not past its expiry, so a lapse takes effect on time even before billing
   * says so), the level (1 for a user pods has heard nothing about) and the pods they created.
   */
  standingOf(db: Queryable, userId: string): Promise<CapStanding & { podsCreated: number }>;
}

export function createReadModelsRepository(): ReadModelsRepository {
  return {
    async insertProfile(tx, e) {
      await tx.query(
        `INSERT INTO pods.profile (user_id, name, username, time_zone, updated_at)
         VALUES ($1::uuid, $2, $3, $4, now())
         ON CONFLICT (user_id) DO UPDATE SET time_zone = COALESCE(pods.profile.time_zone, EXCLUDED.time_zone)`,
        [e.userId, e.name, e.username?.toLowerCase() ?? null, e.timeZone ?? null],
      );
    },

    async applyProfile(tx, e) {
      const avatar = e.avatarConfig === null ? null : JSON.stringify(e.avatarConfig);
      await tx.query(
        `INSERT INTO pods.profile (user_id, name, username, display_name, photo_url, avatar_config, time_zone, profile_at, updated_at)
         VALUES ($1::uuid, $2, $3, $4, $5, $6::jsonb, $7, $8::timestamptz, now())
         ON CONFLICT (user_id) DO UPDATE SET
           name = EXCLUDED.name, username = EXCLUDED.username, display_name = EXCLUDED.display_name,
           photo_url = EXCLUDED.photo_url, avatar_config = EXCLUDED.avatar_config,
           time_zone = COALESCE(EXCLUDED.time_zone, pods.profile.time_zone),
           profile_at = EXCLUDED.profile_at, updated_at = now()
         WHERE pods.profile.profile_at IS NULL OR pods.profile.profile_at < EXCLUDED.profile_at`,
        [
          e.userId,
          e.name,
          e.username.toLowerCase(),
          e.displayName,
          e.photoUrl,
          avatar,
          e.timeZone ?? null,
          new Date(e.occurredAt),
        ],
      );
    },

    async applyEntitlement(tx, e, expires) {
      await tx.query(
        `INSERT INTO pods.entitlement (user_id, version, is_active, expiration_date, updated_at)
         VALUES ($1::uuid, $2, $3, $4::timestamptz, now())
         ON CONFLICT (user_id) DO UPDATE SET
           version = EXCLUDED.version, is_active = EXCLUDED.is_active, expiration_date = EXCLUDED.expiration_date, updated_at = now()
         WHERE pods.entitlement.version < EXCLUDED.version`,
        [e.userId, e.version, e.isActive, expires],
      );
    },

    async applyLevel(tx, e) {
      await tx.query(
        `INSERT INTO pods.user_level (user_id, level, updated_at) VALUES ($1::uuid, $2, now())
         ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, updated_at = now()
         WHERE pods.user_level.level < EXCLUDED.level`,
        [e.userId, e.level],
      );
    },

    async isErased(tx, userId) {
      return ((await tx.query('SELECT 1 FROM pods.erased_user WHERE user_id = $1', [userId])).rowCount ?? 0) > 0;
    },

    async eraseUser(tx, userId) {
      await tx.query('DELETE FROM pods.chat_message WHERE sender_id = $1 OR recipient_id = $1', [userId]);
      await tx.query('DELETE FROM pods.profile WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM pods.entitlement WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM pods.user_level WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM pods.friendship WHERE user_low = $1 OR user_high = $1', [userId]);
      await tx.query('DELETE FROM pods.user_block WHERE blocker_id = $1 OR blocked_id = $1', [userId]);
      await tx.query('DELETE FROM pods.report WHERE reporter_id = $1', [userId]);
      await tx.query('INSERT INTO pods.erased_user (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
    },

    async standingOf(db, userId) {
      const { rows } = await db.query<CapStanding & { podsCreated: number }>({
        name: 'pods-standing',
        text: `SELECT
                 EXISTS (SELECT 1 FROM pods.entitlement e WHERE e.user_id = $1 AND e.is_active
                         AND (e.expiration_date IS NULL OR e.expiration_date > now())) AS "isPro",
                 COALESCE((SELECT l.level FROM pods.user_level l WHERE l.user_id = $1), 1) AS level,
                 (SELECT count(*)::int FROM pods.pod p WHERE p.created_by = $1) AS "podsCreated"`,
        values: [userId],
      });
      return rows[0]!;
    },
  };
}
