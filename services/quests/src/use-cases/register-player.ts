import type {
  EntitlementChangedPayload,
  ProfileUpdatedPayload,
  UserDeletedPayload,
  UserRegisteredPayload,
} from '@vere/contracts';
import { DEFAULT_TIME_ZONE, isTimeZone, shownPhotoUrl } from '@vere/domain';
import { MalformedEventError, type PgTx } from '@vere/service-kit';
import type { QuestsDeps } from './deps';

type PlayerDeps = Pick<QuestsDeps, 'players' | 'entitlements'>;

/** A zone from an event, if it is one this runtime knows (identity checks it; a bad one must not break days). */
const zoneOrNull = (zone: string | null | undefined) => (zone && isTimeZone(zone) ? zone : null);

/**
 * Effect of identity.user.registered.v1: a new player at 0 XP, in the zone the user signed up in.
 * The consumer's inbox makes a redelivery a no-op. A profile event for the user may have arrived
 * first (consumers keep no order between subjects): then the player exists already and stays as it
 * is. An account deleted before its registration arrived stays gone.
 */
export async function registerPlayer(deps: PlayerDeps, tx: PgTx, e: UserRegisteredPayload): Promise<void> {
  if (await deps.players.isErased(tx, e.userId)) return;
  await deps.players.insert(tx, {
    userId: e.userId,
    name: e.name,
    username: e.username,
    timeZone: zoneOrNull(e.timeZone) ?? DEFAULT_TIME_ZONE,
  });
}

/**
 * Effect of identity.profile.updated.v1: the leaderboard's name, username and avatar, and the
 * user's zone (a profile without a known zone keeps the held one). An event older than the one
 * applied (redelivered or reordered) changes nothing.
 */
export async function updatePlayerProfile(deps: PlayerDeps, tx: PgTx, e: ProfileUpdatedPayload): Promise<void> {
  if (await deps.players.isErased(tx, e.userId)) return;
  const zone = zoneOrNull(e.timeZone);
  await deps.players.applyProfile(tx, {
    userId: e.userId,
    name: e.name,
    username: e.username,
    // Only a photo Vere serves itself is kept: every viewer's browser loads it (decision 0035).
    photoUrl: shownPhotoUrl(e.photoUrl),
    avatarConfig: e.avatarConfig,
    timeZone: zone ?? DEFAULT_TIME_ZONE,
    keepTimeZone: zone === null,
    profileAt: new Date(e.occurredAt),
  });
}

/** Effect of billing.entitlement.changed.v1: the Pro read model (newest version wins). */
export async function updateEntitlement(deps: PlayerDeps, tx: PgTx, e: EntitlementChangedPayload): Promise<void> {
  if (await deps.players.isErased(tx, e.userId)) return;
  const expiresAt = e.expirationDate === null ? null : new Date(e.expirationDate);
  if (expiresAt !== null && Number.isNaN(expiresAt.getTime()))
    throw new MalformedEventError(`expirationDate ${e.expirationDate} is not a date`);
  await deps.entitlements.apply(tx, {
    userId: e.userId,
    version: e.version,
    isActive: e.isActive,
    expiresAt,
    at: new Date(e.occurredAt),
  });
}

/** Effect of identity.user.deleted.v1: the player is erased; only the bare id is kept, as a tombstone. */
export async function forgetPlayer(deps: PlayerDeps, tx: PgTx, e: UserDeletedPayload): Promise<void> {
  await deps.players.erase(tx, e.userId);
}
