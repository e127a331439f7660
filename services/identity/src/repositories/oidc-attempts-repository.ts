import type { Db } from './db';

/** What the callback needs to finish a sign-in it did not start. */
export interface OidcAttempt {
  /** SHA-256 of the `state` sent to the provider (the state itself is only in the browser's cookie). */
  stateHash: string;
  provider: string;
  nonce: string;
  codeVerifier: string;
  /** A same-app path, checked before it was stored. */
  returnTo: string;
  /** The app's return target (one of the allowed native redirects); null: the web's /auth/callback. */
  appRedirect: string | null;
  expiresAt: Date;
}

/** Data access for started OpenID Connect sign-ins: no rules here. */
export interface OidcAttemptsRepository {
  create(tx: Db, attempt: OidcAttempt): Promise<void>;
  /** Deletes the attempts that expired before `now`. */
  deleteExpired(tx: Db, now: Date): Promise<void>;
  /** Removes and returns the attempt with this state hash: of two callbacks with one state, one gets it. */
  take(db: Db, stateHash: string): Promise<OidcAttempt | null>;
}

export function createOidcAttemptsRepository(): OidcAttemptsRepository {
  return {
    async create(tx, attempt) {
      await tx.oidcLoginAttempt.create({ data: attempt });
    },
    async deleteExpired(tx, now) {
      await tx.oidcLoginAttempt.deleteMany({ where: { expiresAt: { lt: now } } });
    },
    async take(db, stateHash) {
      // The delete is the claim: of two callbacks with the same state, the second finds no row (P2025).
      try {
        const { createdAt: _created, ...attempt } = await db.oidcLoginAttempt.delete({ where: { stateHash } });
        return attempt;
      } catch (err) {
        if ((err as { code?: unknown }).code === 'P2025') return null;
        throw err;
      }
    },
  };
}
