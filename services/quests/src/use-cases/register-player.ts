import type { UserDeletedPayload, UserRegisteredPayload } from '@vere/contracts';
import type { Prisma } from '../generated/prisma/client';
import { erasePlayer, insertPlayer, isErased } from '../repositories/players-repository';

/**
 * Effect of identity.user.registered.v1: a new player at 0 XP. A plain insert: the consumer's inbox
 * is what makes a redelivery a no-op (a second insert would fail loudly, not hide a bug). An account
 * deleted before its registration arrived (separate consumers, so no order between them) stays gone.
 */
export async function registerPlayer(tx: Prisma.TransactionClient, e: UserRegisteredPayload): Promise<void> {
  if (await isErased(tx, e.userId)) return;
  await insertPlayer(tx, e);
}

/** Effect of identity.user.deleted.v1: the player is erased; only the bare id is kept, as a tombstone. */
export function forgetPlayer(tx: Prisma.TransactionClient, e: UserDeletedPayload): Promise<void> {
  return erasePlayer(tx, e.userId);
}
