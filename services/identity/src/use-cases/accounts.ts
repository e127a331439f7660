import { createHash, randomUUID } from 'node:crypto';
import {
  ProfileUpdated,
  TUTORIALS,
  UserRegistered,
  type AvatarConfigBody,
  type SignUpBody,
  type User as UserBody,
} from '@vere/contracts';
import {
  isAvatarConfig,
  isTimeZone,
  normalizeEmail,
  normalizeUsername,
  shownPhotoUrl,
  suggestUsername,
  validateEmail,
  validateName,
  validatePassword,
  validateUsername,
} from '@vere/domain';
import { AppError, newEvent, writeOutbox } from '@vere/service-kit';
import { hashPassword, verifyPassword } from '../passwords';
import { TakenError, type ExternalIdentityRef, type User } from '../repositories/users-repository';
import type { IdentityDeps } from './deps';

export const toUserBody = (u: User): UserBody => ({
  id: u.id,
  email: u.email,
  name: u.name,
  username: u.username,
  displayName: u.displayName,
  bio: u.bio,
  // A link to another site stored before decision 0035 is never handed out (nor published).
  photoUrl: shownPhotoUrl(u.photoUrl),
  avatarConfig: isAvatarConfig(u.avatarConfig) ? u.avatarConfig : null,
  timeZone: u.timeZone,
  createdAt: u.createdAt.toISOString(),
  hasCompletedOnboarding: u.onboardingCompletedAt !== null,
  tutorialsSeen: TUTORIALS.filter((t) => u.tutorialsSeen.includes(t)),
});

export function check(verdict: { ok: true } | { ok: false; reason: string }, field: string): void {
  if (!verdict.ok) throw new AppError('VALIDATION_FAILED', verdict.reason, field);
}

/** The avatar, if any, as the creator could have made it (known parts and options only). */
export function checkAvatar(avatar: AvatarConfigBody | null | undefined, field = 'avatarConfig'): void {
  if (avatar != null && !isAvatarConfig(avatar)) {
    throw new AppError('VALIDATION_FAILED', 'That avatar option does not exist', field);
  }
}

/** An IANA zone Intl knows (libs/domain isTimeZone), if given. */
export function checkTimeZone(timeZone: string | undefined, field = 'timeZone'): void {
  if (timeZone !== undefined && !isTimeZone(timeZone)) {
    throw new AppError('VALIDATION_FAILED', 'That time zone does not exist', field);
  }
}

/** Collapses runs of spaces, as names are shown. */
export const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

const GENERATED_USERNAME_ATTEMPTS = 5;

/**
 * Creates the account (rules of libs/domain) and its `identity.user.registered.v1` event together.
 * Without a username, one is generated from the name, with a new suffix if one is taken.
 */
export async function signUp(deps: IdentityDeps, body: SignUpBody): Promise<User> {
  check(validateName(body.name), 'name');
  check(validateEmail(body.email), 'email');
  check(validatePassword(body.password), 'password');
  const chosen = body.username?.trim() ? normalizeUsername(body.username) : null;
  if (chosen !== null) check(validateUsername(chosen), 'username');
  checkAvatar(body.avatarConfig);
  checkTimeZone(body.timeZone);
  return createAccount(deps, {
    email: normalizeEmail(body.email),
    name: tidyName(body.name),
    username: chosen,
    passwordHash: await hashPassword(body.password),
    avatarConfig: body.avatarConfig ?? null,
    timeZone: body.timeZone ?? null,
  });
}

export interface NewAccount {
  /** Normalised and valid. */
  email: string;
  /** Valid and tidied. */
  name: string;
  /** Null: generated from the name. */
  username: string | null;
  passwordHash: string | null;
  avatarConfig: AvatarConfigBody | null;
  /** A valid IANA zone (checked by the caller), or null. */
  timeZone?: string | null;
  /** The provider identity that signs in to the new account (Google sign-in). */
  identity?: ExternalIdentityRef;
}

/**
 * The one way an account is made (sign-up, Google sign-in): the user row, its
 * `identity.user.registered.v1` event and any provider identity in one transaction.
 */
export async function createAccount(deps: IdentityDeps, account: NewAccount): Promise<User> {
  const { email, name, username: chosen, passwordHash, avatarConfig, identity } = account;
  const timeZone = account.timeZone ?? null;
  for (let attempt = 1; ; attempt += 1) {
    const id = randomUUID();
    const username = chosen ?? suggestUsername(name);
    try {
      return await deps.transaction(async (tx) => {
        const user = await deps.users.create(tx, { id, email, name, username, passwordHash, avatarConfig, timeZone });
        if (identity) await deps.identities.link(tx, id, identity);
        // The registration, then the public profile as it starts (the avatar chosen at sign-up is
        // not in the registration's contract): read models show it before any later edit.
        await writeOutbox(
          tx,
          newEvent(UserRegistered.subject, id, { name, username, timeZone }),
          newEvent(ProfileUpdated.subject, id, {
            name,
            username,
            displayName: null,
            photoUrl: null,
            avatarConfig,
            timeZone,
          }),
        );
        return user;
      });
    } catch (err) {
      if (err instanceof TakenError && err.field === 'email') {
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.', 'email');
      }
      if (err instanceof TakenError && (chosen !== null || attempt === GENERATED_USERNAME_ATTEMPTS)) {
        throw new AppError('USERNAME_TAKEN', 'Username is already taken', 'username');
      }
      if (!(err instanceof TakenError)) throw err;
    }
  }
}

/** Failed sign-ins of one account, from any address, before it is locked for the window. */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

/** The throttle's key: the normalised email, hashed (so unknown addresses are counted without being stored). */
const accountKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');

/**
 * The same answer, after the same work, whether the email is unknown or the password wrong. An
 * account (known or not) with `maxFailures` failed attempts in the window answers 429 with
 * Retry-After until the window ends, whatever the password and whichever the address: guessing
 * from many addresses gains nothing. A successful sign-in clears the count.
 */
export async function signIn(deps: IdentityDeps, email: string, password: string): Promise<User> {
  const { maxFailures, windowMs } = deps.signInLimit;
  const key = accountKey(email);
  const counted = await deps.throttle.find(deps.db, key);
  // A window that has passed counts nothing (the next failure starts a new one).
  const windowEndsAt = counted ? counted.windowStartedAt.getTime() + windowMs : 0;
  if (counted && windowEndsAt > Date.now() && counted.failures >= maxFailures) {
    const seconds = (windowEndsAt - Date.now()) / 1000;
    throw new AppError(
      'RATE_LIMITED',
      `Too many attempts. Try again in ${Math.ceil(seconds / 60)} min.`,
      undefined,
      seconds,
    );
  }
  const user = validateEmail(email).ok ? await deps.users.findByEmail(deps.db, normalizeEmail(email)) : null;
  // An account made through Google has no password: it fails like a wrong one.
  const ok = await verifyPassword(user?.passwordHash ?? undefined, password);
  if (!user || !ok) {
    await deps.throttle.recordFailure(deps.db, key, windowMs);
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
  }
  await deps.throttle.clear(deps.db, key);
  return user;
}

export async function getAccount(deps: IdentityDeps, userId: string): Promise<User> {
  const user = await deps.users.findById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return user;
}
