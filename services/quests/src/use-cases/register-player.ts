import type { UserRegisteredPayload } from '@vere/contracts';
import type { Prisma } from '../generated/prisma/client';
import { insertPlayer } from '../repositories/players-repository';

/**
 * Effect of identity.user.registered.v1: a new player at 0 XP. A plain insert: the consumer's inbox
 * is what makes a redelivery a no-op (a second insert would fail loudly, not hide a bug).
 */
export function registerPlayer(tx: Prisma.TransactionClient, e: UserRegisteredPayload): Promise<void> {
  return insertPlayer(tx, e);
}
