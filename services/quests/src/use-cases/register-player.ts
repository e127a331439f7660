import type { EntitlementChangedPayload, ProfileUpdatedPayload, UserDeletedPayload, UserRegisteredPayload } from '@vere/contracts';
import type { Prisma } from '../generated/prisma/client';
import { applyEntitlement } from '../repositories/entitlements-repository';
import { applyProfile, erasePlayer, insertPlayer, isErased } from '../repositories/players-repository';

/**
 * Effect of identity.user.registered.v1: a new player at 0 XP, in the zone the user signed up in.
 * The consumer's inbox makes a redelivery a no-op. An account deleted before its registration
 * arrived (separate consumers, so no order between them) stays gone.
 */
export async function registerPlayer(tx: Prisma.TransactionClient, e: UserRegisteredPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await insertPlayer(tx, e);
}

/** Effect of identity.profile.updated.v1: the leaderboard's name, username and avatar, and the user's zone. */
export async function updatePlayerProfile(tx: Prisma.TransactionClient, e: ProfileUpdatedPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await applyProfile(tx, e);
}

/** Effect of billing.entitlement.changed.v1: the Pro read model (newest version wins). */
export async function updateEntitlement(tx: Prisma.TransactionClient, e: EntitlementChangedPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await applyEntitlement(tx, e);
}

/** Effect of identity.user.deleted.v1: the player is erased; only the bare id is kept, as a tombstone. */
export function forgetPlayer(tx: Prisma.TransactionClient, e: UserDeletedPayload): Promise<void> {
  return erasePlayer(tx, e.userId);
}
