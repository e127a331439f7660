import type { EntitlementChangedPayload, LevelReachedPayload, ProfileUpdatedPayload, UserRegisteredPayload } from '@vere/contracts';
import { MalformedEventError } from '@vere/service-kit';
import type { Prisma } from '../generated/prisma/client';

/*
 * Read models pods keeps from other services' events, written inside the consumer's transaction
 * (the inbox row commits with the effect). Consumers keep no order between subjects, so each
 * write tolerates arriving before or after the others.
 */

/** identity.user.registered.v1: a profile row, unless a profile event created it first. */
export async function insertProfile(tx: Prisma.TransactionClient, e: UserRegisteredPayload): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO pods.profile (user_id, name, username, time_zone, updated_at)
    VALUES (${e.userId}::uuid, ${e.name}, ${e.username?.toLowerCase() ?? null}, ${e.timeZone ?? null}, now())
    ON CONFLICT (user_id) DO UPDATE SET time_zone = COALESCE(pods.profile.time_zone, EXCLUDED.time_zone)`;
}

/**
 * identity.profile.updated.v1: the whole public profile after the change. An event older than the
 * one applied (redelivered or reordered) changes nothing.
 */
export async function applyProfile(tx: Prisma.TransactionClient, e: ProfileUpdatedPayload): Promise<void> {
  const avatar = e.avatarConfig === null ? null : JSON.stringify(e.avatarConfig);
  await tx.$executeRaw`
    INSERT INTO pods.profile (user_id, name, username, display_name, photo_url, avatar_config, time_zone, profile_at, updated_at)
    VALUES (${e.userId}::uuid, ${e.name}, ${e.username.toLowerCase()}, ${e.displayName}, ${e.photoUrl}, ${avatar}::jsonb,
            ${e.timeZone ?? null}, ${new Date(e.occurredAt)}, now())
    ON CONFLICT (user_id) DO UPDATE SET
      name = EXCLUDED.name, username = EXCLUDED.username, display_name = EXCLUDED.display_name,
      photo_url = EXCLUDED.photo_url, avatar_config = EXCLUDED.avatar_config,
      time_zone = COALESCE(EXCLUDED.time_zone, pods.profile.time_zone),
      profile_at = EXCLUDED.profile_at, updated_at = now()
    WHERE pods.profile.profile_at IS NULL OR pods.profile.profile_at < EXCLUDED.profile_at`;
}

/** billing.entitlement.changed.v1: a version older than (or equal to) the one held changes nothing. */
export async function applyEntitlement(tx: Prisma.TransactionClient, e: EntitlementChangedPayload): Promise<void> {
  const expires = e.expirationDate === null ? null : new Date(e.expirationDate);
  if (expires !== null && Number.isNaN(expires.getTime())) throw new MalformedEventError(`expirationDate ${e.expirationDate} is not a date`);
  await tx.$executeRaw`
    INSERT INTO pods.entitlement (user_id, version, is_active, expiration_date, updated_at)
    VALUES (${e.userId}::uuid, ${e.version}, ${e.isActive}, ${expires}, now())
    ON CONFLICT (user_id) DO UPDATE SET
      version = EXCLUDED.version, is_active = EXCLUDED.is_active, expiration_date = EXCLUDED.expiration_date, updated_at = now()
    WHERE pods.entitlement.version < EXCLUDED.version`;
}

/** quests.level.reached.v1: levels only rise, so the highest level seen wins (reorders are harmless). */
export async function applyLevel(tx: Prisma.TransactionClient, e: LevelReachedPayload): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO pods.user_level (user_id, level, updated_at) VALUES (${e.userId}::uuid, ${e.level}, now())
    ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, updated_at = now()
    WHERE pods.user_level.level < EXCLUDED.level`;
}

export async function isErased(tx: Prisma.TransactionClient, userId: string): Promise<boolean> {
  return (await tx.erasedUser.count({ where: { userId } })) > 0;
}

/**
 * Forgets every read model row, friendship, block and chat message (sent or received: the
 * conversation goes with the account) of the user and keeps the bare id as a tombstone (idempotent).
 */
export async function eraseReadModels(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.chatMessage.deleteMany({ where: { OR: [{ senderId: userId }, { recipientId: userId }] } });
  await tx.profile.deleteMany({ where: { userId } });
  await tx.entitlement.deleteMany({ where: { userId } });
  await tx.userLevel.deleteMany({ where: { userId } });
  await tx.friendship.deleteMany({ where: { OR: [{ userLow: userId }, { userHigh: userId }] } });
  await tx.userBlock.deleteMany({ where: { OR: [{ blockerId: userId }, { blockedId: userId }] } });
  await tx.report.deleteMany({ where: { reporterId: userId } });
  await tx.erasedUser.createMany({ data: [{ userId }], skipDuplicates: true });
}
