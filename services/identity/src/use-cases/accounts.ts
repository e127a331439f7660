import { createHash, randomUUID } from 'node:crypto';
import { UserRegistered, type SignUpBody, type User as UserBody } from '@vere/contracts';
import {
  normalizeEmail, normalizeUsername, validateEmail, validateName, validatePassword, validateUsername,
} from '@vere/domain';
import { AppError, newEvent } from '@vere/service-kit';
import { hashPassword, verifyPassword } from '../passwords';
import type { SignInThrottleRepository } from '../repositories/sign-in-throttle-repository';
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

export interface SignInLimit {
  throttle: SignInThrottleRepository;
  /** Failed attempts on one account, from any address, before it is locked for the window. */
  maxFailures: number;
  windowMs: number;
}

/** The throttle's key: the normalised email, hashed (so unknown addresses are counted without being stored). */
const accountKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');

/**
 * The same answer, after the same work, whether the email is unknown or the password wrong. An
 * account (known or not) with `maxFailures` failed attempts in the window answers 429 with
 * Retry-After until the window ends, whatever the password and whichever the address: guessing
 * from many addresses gains nothing. A successful sign-in clears the count.
 */
export async function signIn(users: UsersRepository, limit: SignInLimit, email: string, password: string): Promise<User> {
  const key = accountKey(email);
  const current = await limit.throttle.current(key, limit.windowMs);
  if (current && current.failures >= limit.maxFailures) {
    const seconds = (current.windowEndsAt.getTime() - Date.now()) / 1000;
    throw new AppError('RATE_LIMITED', `Too many attempts. Try again in ${Math.ceil(seconds / 60)} min.`, undefined, seconds);
  }
  const user = validateEmail(email).ok ? await users.findByEmail(normalizeEmail(email)) : null;
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await limit.throttle.recordFailure(key, limit.windowMs);
    throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.');
  }
  await limit.throttle.clear(key);
  return user;
}

export async function getAccount(users: UsersRepository, userId: string): Promise<User> {
  const user = await users.findById(userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return user;
}
