import type { PrismaClient, RefreshToken } from '../generated/prisma/client';

export type { RefreshToken } from '../generated/prisma/client';

/** Data access for refresh tokens: no rules here (see use-cases/sessions.ts). */
export interface RefreshTokensRepository {
  create(token: { id: string; familyId: string; userId: string; secretHash: string; expiresAt: Date }): Promise<void>;
  findById(id: string): Promise<RefreshToken | null>;
  /** Marks the token replaced if it is still live; false when another request got there first (or it is dead). */
  claim(id: string, now: Date): Promise<boolean>;
  revokeFamily(familyId: string, now: Date): Promise<void>;
}

export function createRefreshTokensRepository(prisma: PrismaClient): RefreshTokensRepository {
  return {
    async create(token) {
      await prisma.refreshToken.create({ data: token });
    },
    findById: (id) => prisma.refreshToken.findUnique({ where: { id } }),
    async claim(id, now) {
      // One conditional UPDATE: two concurrent refreshes with the same token cannot both win.
      const { count } = await prisma.refreshToken.updateMany({
        where: { id, replacedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { replacedAt: now },
      });
      return count === 1;
    },
    async revokeFamily(familyId, now) {
      await prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
    },
  };
}
