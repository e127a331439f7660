import { outboxRecord, uniqueViolation, type DomainEvent, type EventMeta } from '@vere/service-kit';
import type { PrismaClient, User } from '../generated/prisma/client';

export type { User } from '../generated/prisma/client';

export interface NewUser {
  id: string;
  email: string;
  name: string;
  username: string | null;
  passwordHash: string;
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
  /** Inserts the user and its event in one transaction (the outbox relay publishes the event). */
  createWithEvent(user: NewUser, event: DomainEvent<EventMeta>): Promise<User>;
  findByEmail(email: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
}

export function createUsersRepository(prisma: PrismaClient, onEventsWritten: () => void): UsersRepository {
  return {
    async createWithEvent(data, event) {
      try {
        const user = await prisma.$transaction(async (tx) => {
          const created = await tx.user.create({ data });
          await tx.outboxEvent.create({ data: outboxRecord(event) });
          return created;
        });
        onEventsWritten();
        return user;
      } catch (err) {
        const fields = uniqueViolation(err);
        if (fields?.includes('email')) throw new TakenError('email');
        if (fields?.includes('username')) throw new TakenError('username');
        throw err;
      }
    },
    findByEmail: (email) => prisma.user.findUnique({ where: { email } }),
    findById: (id) => prisma.user.findUnique({ where: { id } }),
  };
}
