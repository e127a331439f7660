import type { Db } from './db';

/** A finished sign-in waiting for the app to exchange its one-time code. */
export interface OidcAppCode {
  /** SHA-256 of the code (the code itself only travels in the app's redirect). */
  codeHash: string;
  userId: string;
  expiresAt: Date;
}

/** Data access for the iOS app's one-time sign-in codes (decision 0015): no rules here. */
export interface OidcAppCodesRepository {
  create(tx: Db, code: OidcAppCode): Promise<void>;
  /** Deletes the codes that expired before `now`. */
  deleteExpired(tx: Db, now: Date): Promise<void>;
  /** Removes and returns the code with this hash: of two exchanges of one code, one gets it. */
  take(db: Db, codeHash: string): Promise<OidcAppCode | null>;
}

export function createOidcAppCodesRepository(): OidcAppCodesRepository {
  return {
    async create(tx, code) {
      await tx.oidcAppCode.create({ data: code });
    },
    async deleteExpired(tx, now) {
      await tx.oidcAppCode.deleteMany({ where: { expiresAt: { lt: now } } });
    },
    async take(db, codeHash) {
      // The delete is the claim: of two exchanges with the same code, the second finds no row (P2025).
      try {
        const { createdAt: _created, ...code } = await db.oidcAppCode.delete({ where: { codeHash } });
        return code;
      } catch (err) {
        if ((err as { code?: unknown }).code === 'P2025') return null;
        throw err;
      }
    },
  };
}
