import { uniqueViolation } from '@vere/service-kit';
import type { PrismaClient, User } from '../generated/prisma/client';
import type { ExternalIdentityRef } from './users-repository';

/** The provider identity is linked to an account already (a concurrent sign-in linked it first). */
export class IdentityLinkedError extends Error {
  override name = 'IdentityLinkedError';
}

/** Data access for provider identities (Google accounts) of Vere accounts: no rules here. */
export interface ExternalIdentitiesRepository {
  /** The account this provider identity signs in to, if it is linked. */
  findUser(provider: string, subject: string): Promise<User | null>;
  /**
   * In one transaction: links the identity to the account, removes the account's password, and
   * ends its sessions and unused reset links (use-cases/google-sign-in.ts says why). Rejects with
   * IdentityLinkedError when the identity is linked already.
   */
  linkTakingOver(userId: string, identity: ExternalIdentityRef): Promise<void>;
}

export function createExternalIdentitiesRepository(prisma: PrismaClient): ExternalIdentitiesRepository {
  return {
    async findUser(provider, subject) {
      const found = await prisma.externalIdentity.findUnique({
        where: { provider_subject: { provider, subject } }, include: { user: true },
      });
      return found?.user ?? null;
    },
    async linkTakingOver(userId, identity) {
      try {
        await prisma.$transaction(async (tx) => {
          const now = new Date();
          await tx.externalIdentity.create({ data: { ...identity, userId } });
          await tx.user.update({ where: { id: userId }, data: { passwordHash: null } });
          await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
          await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
        });
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw new IdentityLinkedError('identity linked already');
        throw err;
      }
    },
  };
}
