import type { PrismaClient } from '../generated/prisma/client';

/** What the callback needs to finish a sign-in it did not start. */
export interface OidcAttempt {
  /** SHA-256 of the `state` sent to the provider (the state itself is only in the browser's cookie). */
  stateHash: string;
  provider: string;
  nonce: string;
  codeVerifier: string;
  /** A same-app path, checked before it was stored. */
  returnTo: string;
  expiresAt: Date;
}

/** Data access for started OpenID Connect sign-ins: no rules here. */
export interface OidcAttemptsRepository {
  /** Stores a started sign-in (and forgets expired ones, so the table stays small). */
  create(attempt: OidcAttempt): Promise<void>;
  /** Removes and returns the attempt with this state hash: of two callbacks with one state, one gets it. */
  take(stateHash: string): Promise<OidcAttempt | null>;
}

export function createOidcAttemptsRepository(prisma: PrismaClient): OidcAttemptsRepository {
  return {
    async create(attempt) {
      await prisma.$transaction([
        prisma.oidcLoginAttempt.deleteMany({ where: { expiresAt: { lt: new Date() } } }),
        prisma.oidcLoginAttempt.create({ data: attempt }),
      ]);
    },
    async take(stateHash) {
      // The delete is the claim: of two callbacks with the same state, the second finds no row (P2025).
      try {
        const { createdAt: _created, ...attempt } = await prisma.oidcLoginAttempt.delete({ where: { stateHash } });
        return attempt;
      } catch (err) {
        if ((err as { code?: unknown }).code === 'P2025') return null;
        throw err;
      }
    },
  };
}
