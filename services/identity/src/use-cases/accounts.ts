import { randomUUID } from 'node:crypto';
import { UserRegistered, type SignUpBody, type User as UserBody } from '@vere/contracts';
import {
  normalizeEmail, normalizeUsername, validateEmail, validateName, validatePassword, validateUsername,
} from '@vere/domain';
import { AppError, newEvent } from '@vere/service-kit';
import { hashPassword, verifyPassword } from '../passwords';
import { TakenError, type User, type UsersRepository } from '../repositories/users-repository';

export const toUserBody = (u: User): UserBody => ({
  id: u.id, email: u.email, name: u.name, username: u.username, createdAt: u.createdAt.toISOString(),
});

function check(verdict: { ok: true } | { ok: false; reason: string }, field: string): void {
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, field);
}

/** Creates the account (rules of libs/domain) and its `identity.user.registered.v1` event together. */
export async function signUp(users: UsersRepository, body: SignUpBody): Promise<User> {
  check(validateName(body.name), 'name');
  check(validateEmail(body.email), 'email');
  check(validatePassword(body.password), 'password');
  const username = body.username?.trim() ? normalizeUsername(body.username) : null;
  if (username !== null) check(validateUsername(username), 'username');

  const id = randomUUID();
  const name = body.name.trim().replace(/\s+/g, ' ');
  const passwordHash = await hashPassword(body.password);
  try {
    return await users.createWithEvent(
      { id, email: normalizeEmail(body.email), name, username, passwordHash },
      newEvent(UserRegistered.subject, id, { name, username }),
    );
  } catch (err) {
    if (err instanceof TakenError && err.field === 'email') {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', 'email');
    }
    if (err instanceof TakenError) throw new AppError('USERNAME_TAKEN', 'Username is already taken', 'username');
    throw err;
  }
}

/** The same answer, after the same work, whether the email is unknown or the password wrong. */
export async function signIn(users: UsersRepository, email: string, password: string): Promise<User> {
  const user = validateEmail(email).ok ? await users.findByEmail(normalizeEmail(email)) : null;
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.');
  return user;
}

export async function getAccount(users: UsersRepository, userId: string): Promise<User> {
  const user = await users.findById(userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return user;
}
