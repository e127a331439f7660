import type { RefreshToken } from '../generated/prisma/client';
import type { Db } from './db';

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
  create(db: Db, token: NewRefreshToken): Promise<void>;
  findById(db: Db, id: string): Promise<RefreshToken | null>;
  /**
   * Marks `id` replaced at `now` if it is still live (not replaced, revoked or expired); false when
   * another request got there first (or it is dead). One conditional UPDATE: two concurrent
   * refreshes with the same token cannot both claim it.
   */
  claim(tx: Db, id: string, now: Date): Promise<boolean>;
  /** Revokes the family's tokens; false when it was revoked already. */
  revokeFamily(db: Db, familyId: string, now: Date): Promise<boolean>;
  /** Revokes every live token of the user: all their sessions end. Answers the families it revoked. */
  revokeAllOf(tx: Db, userId: string, now: Date): Promise<string[]>;
  /** Whether the family (a session) was revoked. */
  familyRevoked(db: Db, familyId: string): Promise<boolean>;
  /** Every session (token family) of the user, oldest first: when it started, ends, and ended. */
  familiesOf(db: Db, userId: string): Promise<Array<{ startedAt: Date; expiresAt: Date; endedAt: Date | null }>>;
}

export function createRefreshTokensRepository(): RefreshTokensRepository {
  return {
    async create(db, token) {
      await db.refreshToken.create({ data: token });
    },
    findById: (db, id) => db.refreshToken.findUnique({ where: { id } }),
    async claim(tx, id, now) {
      const { count } = await tx.refreshToken.updateMany({
        where: { id, replacedAt: null, revokedAt: null, expiresAt: { gt: now }, familyExpiresAt: { gt: now } },
        data: { replacedAt: now },
      });
      return count === 1;
    },
    async revokeFamily(db, familyId, now) {
      const { count } = await db.refreshToken.updateMany({
        where: { familyId, revokedAt: null },
        data: { revokedAt: now },
      });
      return count > 0;
    },
    async revokeAllOf(tx, userId, now) {
      const live = await tx.refreshToken.findMany({
        where: { userId, revokedAt: null },
        select: { familyId: true },
        distinct: ['familyId'],
      });
      await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
      return live.map((row) => row.familyId);
    },
    familyRevoked: async (db, familyId) =>
      (await db.refreshToken.count({ where: { familyId, revokedAt: { not: null } } })) > 0,
    async familiesOf(db, userId) {
      const rows = await db.refreshToken.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
      const families = new Map<string, { startedAt: Date; expiresAt: Date; endedAt: Date | null }>();
      for (const row of rows) {
        const family = families.get(row.familyId) ?? {
          startedAt: row.createdAt,
          expiresAt: row.familyExpiresAt,
          endedAt: null,
        };
        family.endedAt = row.revokedAt ?? family.endedAt;
        families.set(row.familyId, family);
      }
      return [...families.values()];
    },
  };
}
