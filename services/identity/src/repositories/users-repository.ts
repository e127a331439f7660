import { outboxRecord, uniqueViolation, type DomainEvent, type EventMeta } from '@vere/service-kit';
import { Prisma, type PrismaClient, type User } from '../generated/prisma/client';

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
  /**
   * Inserts the user and its event in one transaction (the outbox relay publishes the event), and
   * the provider identity that signs in to it, when there is one.
   */
  createWithEvents(user: NewUser, events: DomainEvent<EventMeta>[], identity?: ExternalIdentityRef): Promise<User>;
  /**
   * Applies the changes and writes the event made from the changed row, in one transaction.
   * Resolves null when the user no longer exists.
   */
  updateWithEvent(id: string, changes: ProfileChanges, event: (updated: User) => DomainEvent<EventMeta>): Promise<User | null>;
  /**
   * Deletes the account (its sessions and reset links go with it) and writes the event, in one
   * transaction. Resolves false when the account was already gone.
   */
  deleteWithEvent(id: string, event: DomainEvent<EventMeta>): Promise<boolean>;
  /** Records that the user finished the intro (first time only). Resolves null when the user is gone. */
  markOnboardingCompleted(id: string): Promise<User | null>;
  /** Adds a tutorial to those seen, once however often or concurrently it is called. */
  markTutorialSeen(id: string, tutorial: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  usernameTaken(username: string): Promise<boolean>;
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

export function createUsersRepository(prisma: PrismaClient, onEventsWritten: () => void): UsersRepository {
  return {
    async createWithEvents({ avatarConfig, ...data }, events, identity) {
      try {
        const user = await prisma.$transaction(async (tx) => {
          const created = await tx.user.create({ data: { ...data, ...avatarColumn(avatarConfig) } });
          if (identity) await tx.externalIdentity.create({ data: { ...identity, userId: created.id } });
          await tx.outboxEvent.createMany({ data: events.map(outboxRecord) });
          return created;
        });
        onEventsWritten();
        return user;
      } catch (err) {
        return taken(err);
      }
    },
    async updateWithEvent(id, { avatarConfig, ...changes }, event) {
      try {
        const user = await prisma.$transaction(async (tx) => {
          const found = await tx.user.updateManyAndReturn({ where: { id }, data: { ...changes, ...avatarColumn(avatarConfig) } });
          const updated = found[0];
          if (!updated) return null;
          await tx.outboxEvent.create({ data: outboxRecord(event(updated)) });
          return updated;
        });
        if (user) onEventsWritten();
        return user;
      } catch (err) {
        return taken(err);
      }
    },
    async deleteWithEvent(id, event) {
      const deleted = await prisma.$transaction(async (tx) => {
        const { count } = await tx.user.deleteMany({ where: { id } });
        if (count === 1) await tx.outboxEvent.create({ data: outboxRecord(event) });
        return count === 1;
      });
      if (deleted) onEventsWritten();
      return deleted;
    },
    async markOnboardingCompleted(id) {
      await prisma.$executeRaw`UPDATE "identity"."user" SET "onboarding_completed_at" = COALESCE("onboarding_completed_at", now()) WHERE "id" = ${id}::uuid`;
      return prisma.user.findUnique({ where: { id } });
    },
    async markTutorialSeen(id, tutorial) {
      // One statement: two devices finishing the tour at once still record it once.
      await prisma.$executeRaw`UPDATE "identity"."user" SET "tutorials_seen" = array_append("tutorials_seen", ${tutorial})
        WHERE "id" = ${id}::uuid AND NOT (${tutorial} = ANY("tutorials_seen"))`;
      return prisma.user.findUnique({ where: { id } });
    },
    findByEmail: (email) => prisma.user.findUnique({ where: { email } }),
    findById: (id) => prisma.user.findUnique({ where: { id } }),
    usernameTaken: async (username) => (await prisma.user.count({ where: { username } })) > 0,
  };
}
