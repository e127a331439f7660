import { uniqueViolation } from '@vere/service-kit';
import type { User } from '../generated/prisma/client';
import type { Db } from './db';
import type { ExternalIdentityRef } from './users-repository';

/** The provider identity is linked to an account already (a concurrent sign-in linked it first). */
export class IdentityLinkedError extends Error {
  override name = 'IdentityLinkedError';
}

/** Data access for provider identities (Google accounts) of Vere accounts: no rules here. */
export interface ExternalIdentitiesRepository {
  /** The account this provider identity signs in to, if it is linked. */
  findUser(db: Db, provider: string, subject: string): Promise<User | null>;
  /** Links the identity to the account; rejects with IdentityLinkedError when it is linked already. */
  link(tx: Db, userId: string, identity: ExternalIdentityRef): Promise<void>;
}

export function createExternalIdentitiesRepository(): ExternalIdentitiesRepository {
  return {
    async findUser(db, provider, subject) {
      const found = await db.externalIdentity.findUnique({
        where: { provider_subject: { provider, subject } },
        include: { user: true },
      });
      return found?.user ?? null;
    },
    async link(tx, userId, identity) {
      try {
        await tx.externalIdentity.create({ data: { ...identity, userId } });
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw new IdentityLinkedError('identity linked already');
        throw err;
      }
    },
  };
}
