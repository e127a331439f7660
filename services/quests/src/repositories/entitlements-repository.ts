import type { EntitlementChangedPayload } from '@vere/contracts';
import { MalformedEventError } from '@vere/service-kit';
import type { Prisma } from '../generated/prisma/client';

/**
 * Keeps the newest entitlement per user from billing.entitlement.changed.v1: a version older than
 * (or equal to) the one held is a redelivery or a reorder and changes nothing.
 */
export async function applyEntitlement(tx: Prisma.TransactionClient, e: EntitlementChangedPayload): Promise<void> {
  const expires = e.expirationDate === null ? null : new Date(e.expirationDate);
  if (expires !== null && Number.isNaN(expires.getTime())) throw new MalformedEventError(`expirationDate ${e.expirationDate} is not a date`);
  await tx.$executeRaw`
    INSERT INTO quests.entitlement (user_id, version, is_active, expiration_date, updated_at)
    VALUES (${e.userId}::uuid, ${e.version}, ${e.isActive}, ${expires}, now())
    ON CONFLICT (user_id) DO UPDATE SET
      version = EXCLUDED.version, is_active = EXCLUDED.is_active, expiration_date = EXCLUDED.expiration_date, updated_at = now()
    WHERE quests.entitlement.version < EXCLUDED.version`;
}
