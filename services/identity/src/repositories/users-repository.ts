import { uniqueViolation } from '@vere/service-kit';
import { Prisma, type User } from '../generated/prisma/client';
import type { Db } from './db';

export type { User } from '../generated/prisma/client';

export interface NewUser {
  id: string;
  email: string;
  name: string;
  username: string;
  /** Null for an account made through a sign-in provider: password sign-in fails until a reset sets one. */
  passwordHash: string | null;
  avatarConfig: Prisma.InputJsonObject | null;
  /** A valid IANA zone, or null. */
  timeZone?: string | null;
}

/** An account at a sign-in provider (provider + its stable subject id), linked to a Vere account. */
export interface ExternalIdentityRef {
  provider: string;
  subject: string;
  email: string;
}

/** Profile columns a user may change; `null` clears an optional one. */
export interface ProfileChanges {
  name?: string;
  username?: string;
  displayName?: string | null;
  bio?: string | null;
  photoUrl?: string | null;
  avatarConfig?: Prisma.InputJsonObject | null;
  timeZone?: string;
}

/** A unique value (email or username) belongs to another account already. */
export class TakenError extends Error {
  override name = 'TakenError';
  constructor(readonly field: 'email' | 'username') {
    super(`${field} is taken`);
  }
}

/** Data access for accounts: no rules here (see use-cases/). */
export interface UsersRepository {
  /** Inserts the user; rejects with TakenError when the email or username belongs to another account. */
  create(tx: Db, user: NewUser): Promise<User>;
  /** Applies the changes; TakenError for a username of another account; null when the user no longer exists. */
  update(tx: Db, id: string, changes: ProfileChanges): Promise<User | null>;
  /** Deletes the account (its sessions and reset links go with it); false when it was already gone. */
  delete(tx: Db, id: string): Promise<boolean>;
  setPasswordHash(tx: Db, id: string, passwordHash: string | null): Promise<void>;
  /** Records that the user finished the intro (first time only). Resolves null when the user is gone. */
  markOnboardingCompleted(db: Db, id: string): Promise<User | null>;
  /** Adds a tutorial to those seen, once however often or concurrently it is called. */
  markTutorialSeen(db: Db, id: string, tutorial: string): Promise<User | null>;
  findByEmail(db: Db, email: string): Promise<User | null>;
  findById(db: Db, id: string): Promise<User | null>;
  usernameTaken(db: Db, username: string): Promise<boolean>;
}

function taken(err: unknown): never {
  const fields = uniqueViolation(err);
  if (fields?.includes('email')) throw new TakenError('email');
  if (fields?.includes('username')) throw new TakenError('username');
  throw err;
}

/** The avatar column as Prisma writes JSON: `DbNull` stores SQL NULL, `undefined` leaves it. */
const avatarColumn = (value: Prisma.InputJsonObject | null | undefined) =>
  value === undefined ? {} : { avatarConfig: value === null ? Prisma.DbNull : value };

export function createUsersRepository(): UsersRepository {
  return {
    async create(tx, { avatarConfig, ...data }) {
      try {
        return await tx.user.create({ data: { ...data, ...avatarColumn(avatarConfig) } });
      } catch (err) {
        return taken(err);
      }
    },
    async update(tx, id, { avatarConfig, ...changes }) {
      try {
        const found = await tx.user.updateManyAndReturn({
          where: { id },
          data: { ...changes, ...avatarColumn(avatarConfig) },
        });
        return found[0] ?? null;
      } catch (err) {
        return taken(err);
      }
    },
    async delete(tx, id) {
      const { count } = await tx.user.deleteMany({ where: { id } });
      return count === 1;
    },
    async setPasswordHash(tx, id, passwordHash) {
      await tx.user.update({ where: { id }, data: { passwordHash } });
    },
    async markOnboardingCompleted(db, id) {
      await db.$executeRaw`UPDATE "identity"."user" SET "onboarding_completed_at" = COALESCE("onboarding_completed_at", now()) WHERE "id" = ${id}::uuid`;
      return db.user.findUnique({ where: { id } });
    },
    async markTutorialSeen(db, id, tutorial) {
      // One statement: two devices finishing the tour at once still record it once.
      await db.$executeRaw`UPDATE "identity"."user" SET "tutorials_seen" = array_append("tutorials_seen", ${tutorial})
        WHERE "id" = ${id}::uuid AND NOT (${tutorial} = ANY("tutorials_seen"))`;
      return db.user.findUnique({ where: { id } });
    },
    findByEmail: (db, email) => db.user.findUnique({ where: { email } }),
    findById: (db, id) => db.user.findUnique({ where: { id } }),
    usernameTaken: async (db, username) => (await db.user.count({ where: { username } })) > 0,
  };
}
