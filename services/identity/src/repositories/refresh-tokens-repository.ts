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
  revokeFamily(db: Db, familyId: string, now: Date): Promise<void>;
  /** Revokes every live token of the user: all their sessions end. */
  revokeAllOf(tx: Db, userId: string, now: Date): Promise<void>;
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
      await db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
    },
    async revokeAllOf(tx, userId, now) {
      await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    },
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
