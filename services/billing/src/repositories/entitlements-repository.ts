import type { Prisma, PrismaClient } from '../generated/prisma/client';

export interface EntitlementRecord {
  isPro: boolean;
  source: string;
  expiresAt: Date | null;
}

/** Data access for entitlements: no rules here (see use-cases/). */
export interface EntitlementsRepository {
  findByUser(userId: string): Promise<EntitlementRecord | null>;
  exportOf(userId: string): Promise<(EntitlementRecord & { productId: string | null }) | null>;
}

export function createEntitlementsRepository(prisma: PrismaClient): EntitlementsRepository {
  return {
    findByUser: (userId) =>
      prisma.entitlement.findUnique({ where: { userId }, select: { isPro: true, source: true, expiresAt: true } }),
    exportOf: (userId) =>
      prisma.entitlement.findUnique({ where: { userId }, select: { isPro: true, source: true, productId: true, expiresAt: true } }),
  };
}

/** Inside the consumer's transaction: the account is gone, so is its entitlement. */
export async function eraseEntitlement(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.entitlement.deleteMany({ where: { userId } });
}
