import { randomUUID } from 'node:crypto';
import type { Db } from './db';

/** Data access for password-reset links: no rules here (see use-cases/password-reset.ts). */
export interface PasswordResetsRepository {
  create(tx: Db, link: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void>;
  /** Marks every unused link of the user used at `now`: none of them works any more. */
  endUnused(tx: Db, userId: string, now: Date): Promise<void>;
  /**
   * Marks the unused link with this hash that is still valid at `now` used, and resolves its user id;
   * null when there is none (unknown, used, expired). One conditional UPDATE: of two concurrent
   * requests only one claims the row.
   */
  claim(tx: Db, tokenHash: string, now: Date): Promise<string | null>;
}

export function createPasswordResetsRepository(): PasswordResetsRepository {
  return {
    async create(tx, { userId, tokenHash, expiresAt }) {
      await tx.passwordResetToken.create({ data: { id: randomUUID(), userId, tokenHash, expiresAt } });
    },
    async endUnused(tx, userId, now) {
      await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    },
    async claim(tx, tokenHash, now) {
      const claimed = await tx.passwordResetToken.updateManyAndReturn({
        where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
        select: { userId: true },
      });
      return claimed[0]?.userId ?? null;
    },
  };
}
