import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client';

/** Data access for password-reset links: no rules here (see use-cases/password-reset.ts). */
export interface PasswordResetsRepository {
  /** Stores a new link for the user; older unused links of theirs stop working. */
  create(userId: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /**
   * In one transaction: claims the unused, unexpired link with this hash, sets the new password
   * hash, ends every other link and every session of the user. Resolves the user id, or null
   * when no such link is usable (unknown, used, expired, or claimed by a concurrent request).
   */
  redeem(tokenHash: string, passwordHash: string): Promise<string | null>;
}

export function createPasswordResetsRepository(prisma: PrismaClient): PasswordResetsRepository {
  return {
    async create(userId, tokenHash, expiresAt) {
      await prisma.$transaction([
        prisma.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } }),
        prisma.passwordResetToken.create({ data: { id: randomUUID(), userId, tokenHash, expiresAt } }),
      ]);
    },
    redeem: (tokenHash, passwordHash) =>
      prisma.$transaction(async (tx) => {
        const now = new Date();
        // The conditional update is the claim: of two concurrent requests only one matches the row.
        const claimed = await tx.passwordResetToken.updateManyAndReturn({
          where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
          select: { userId: true },
        });
        const userId = claimed[0]?.userId;
        if (!userId) return null;
        await tx.user.update({ where: { id: userId }, data: { passwordHash } });
        await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
        await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
        return userId;
      }),
  };
}
