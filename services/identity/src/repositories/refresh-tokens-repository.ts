import type { PrismaClient, RefreshToken } from '../generated/prisma/client';

export type { RefreshToken } from '../generated/prisma/client';

export interface NewRefreshToken {
  id: string;
  familyId: string;
  userId: string;
  secretHash: string;
  expiresAt: Date;
  familyExpiresAt: Date;
}

/** Data access for refresh tokens: no rules here (see use-cases/sessions.ts). */
export interface RefreshTokensRepository {
  create(token: NewRefreshToken): Promise<void>;
  findById(id: string): Promise<RefreshToken | null>;
  /**
   * Marks `id` replaced and stores its successor, in one transaction, if `id` is still live (not
   * replaced, revoked or expired); false when another request got there first (or it is dead).
   */
  rotate(id: string, now: Date, successor: NewRefreshToken): Promise<boolean>;
  revokeFamily(familyId: string, now: Date): Promise<void>;
  /** Every session (token family) of the user, oldest first: when it started, ends, and ended. */
  familiesOf(userId: string): Promise<Array<{ startedAt: Date; expiresAt: Date; endedAt: Date | null }>>;
}

export function createRefreshTokensRepository(prisma: PrismaClient): RefreshTokensRepository {
  return {
    async create(token) {
      await prisma.refreshToken.create({ data: token });
    },
    findById: (id) => prisma.refreshToken.findUnique({ where: { id } }),
    rotate: (id, now, successor) =>
      prisma.$transaction(async (tx) => {
        // One conditional UPDATE: two concurrent refreshes with the same token cannot both claim it.
        const { count } = await tx.refreshToken.updateMany({
          where: { id, replacedAt: null, revokedAt: null, expiresAt: { gt: now }, familyExpiresAt: { gt: now } },
          data: { replacedAt: now },
        });
        if (count !== 1) return false;
        await tx.refreshToken.create({ data: successor });
        return true;
      }),
    async revokeFamily(familyId, now) {
      await prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
    },
    async familiesOf(userId) {
      const rows = await prisma.refreshToken.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
      const families = new Map<string, { startedAt: Date; expiresAt: Date; endedAt: Date | null }>();
      for (const row of rows) {
        const family = families.get(row.familyId) ?? { startedAt: row.createdAt, expiresAt: row.familyExpiresAt, endedAt: null };
        family.endedAt = row.revokedAt ?? family.endedAt;
        families.set(row.familyId, family);
      }
      return [...families.values()];
    },
  };
}
