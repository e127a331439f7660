import type { PrismaClient } from '../generated/prisma/client';

export interface EntitlementRecord {
  isPro: boolean;
  source: string;
  expiresAt: Date | null;
}

/** Data access for entitlements: no rules here (see use-cases/). */
export interface EntitlementsRepository {
  findByUser(userId: string): Promise<EntitlementRecord | null>;
}

export function createEntitlementsRepository(prisma: PrismaClient): EntitlementsRepository {
  return {
    findByUser: (userId) =>
      prisma.entitlement.findUnique({ where: { userId }, select: { isPro: true, source: true, expiresAt: true } }),
  };
}
