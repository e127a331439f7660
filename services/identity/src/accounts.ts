import { randomUUID } from 'node:crypto';
import { UserRegistered, type SignUpBody, type User as UserBody } from '@vere/contracts';
import {
  normalizeEmail, normalizeUsername, validateEmail, validateName, validatePassword, validateUsername,
} from '@vere/domain';
import { AppError, newEvent, outboxRecord, uniqueViolation } from '@vere/service-kit';
import type { PrismaClient, User } from './generated/prisma/client';
import { hashPassword, verifyPassword } from './passwords';

export const toUserBody = (u: User): UserBody => ({
  id: u.id, email: u.email, name: u.name, username: u.username, createdAt: u.createdAt.toISOString(),
});

function check(verdict: { ok: true } | { ok: false; reason: string }, field: string): void {
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, field);
}

export class Accounts {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly onEventsWritten: () => void,
  ) {}

  /** Creates the account and its `identity.user.registered.v1` event in one transaction. */
  async signUp(body: SignUpBody): Promise<User> {
    check(validateName(body.name), 'name');
    check(validateEmail(body.email), 'email');
    check(validatePassword(body.password), 'password');
    const username = body.username?.trim() ? normalizeUsername(body.username) : null;
    if (username !== null) check(validateUsername(username), 'username');

    const id = randomUUID();
    const name = body.name.trim().replace(/\s+/g, ' ');
    const passwordHash = await hashPassword(body.password);
    try {
      const user = await this.prisma.$transaction(async (tx) => {
        const created = await tx.user.create({
          data: { id, email: normalizeEmail(body.email), name, username, passwordHash },
        });
        const event = newEvent(UserRegistered.subject, id, { name, username });
        await tx.outboxEvent.create({ data: outboxRecord(event) });
        return created;
      });
      this.onEventsWritten();
      return user;
    } catch (err) {
      const fields = uniqueViolation(err);
      if (fields?.includes('email')) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', 'email');
      if (fields?.includes('username')) throw new AppError('USERNAME_TAKEN', 'Username is already taken', 'username');
      throw err;
    }
  }

  async signIn(email: string, password: string): Promise<User> {
    const user = validateEmail(email).ok
      ? await this.prisma.user.findUnique({ where: { email: normalizeEmail(email) } })
      : null;
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.');
    return user;
  }

  async get(userId: string): Promise<User> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return user;
  }
}
