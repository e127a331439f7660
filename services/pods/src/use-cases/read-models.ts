import type { EntitlementChangedPayload, LevelReachedPayload, ProfileUpdatedPayload, UserDeletedPayload, UserRegisteredPayload } from '@vere/contracts';
import type { Prisma } from '../generated/prisma/client';
import { eraseMember } from '../repositories/pods-repository';
import { applyEntitlement, applyLevel, applyProfile, eraseReadModels, insertProfile, isErased } from '../repositories/read-models-repository';

/** Effect of identity.user.registered.v1 (an account deleted before this arrived stays gone). */
export async function registerProfile(tx: Prisma.TransactionClient, e: UserRegisteredPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await insertProfile(tx, e);
}

/** Effect of identity.profile.updated.v1: names, username and avatar shown in friends and pods. */
export async function updateProfile(tx: Prisma.TransactionClient, e: ProfileUpdatedPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await applyProfile(tx, e);
}

/** Effect of billing.entitlement.changed.v1: the Pro flag behind the pod caps. */
export async function updateEntitlement(tx: Prisma.TransactionClient, e: EntitlementChangedPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await applyEntitlement(tx, e);
}

/** Effect of quests.level.reached.v1: the level behind the pod-creation cap and shown on members. */
export async function updateLevel(tx: Prisma.TransactionClient, e: LevelReachedPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await applyLevel(tx, e);
}

/** Effect of identity.user.deleted.v1: the user leaves every pod and pods forgets them. */
export async function forgetUser(tx: Prisma.TransactionClient, e: UserDeletedPayload): Promise<void> {
  await eraseMember(tx, e.userId);
  await eraseReadModels(tx, e.userId);
}
