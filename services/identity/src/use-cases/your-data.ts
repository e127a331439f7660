import { UserDeleted, type IdentityExport } from '@vere/contracts';
import { AppError, newEvent } from '@vere/service-kit';
import { verifyPassword } from '../passwords';
import type { RefreshTokensRepository } from '../repositories/refresh-tokens-repository';
import type { UsersRepository } from '../repositories/users-repository';
import { getAccount, toUserBody } from './accounts';

/** What identity holds about the user: the account (never the password hash) and its sessions. */
export async function exportIdentityData(
  users: UsersRepository, tokens: RefreshTokensRepository, userId: string,
): Promise<IdentityExport> {
  const account = toUserBody(await getAccount(users, userId));
  const sessions = (await tokens.familiesOf(userId)).map((s) => ({
    startedAt: s.startedAt.toISOString(), expiresAt: s.expiresAt.toISOString(), endedAt: s.endedAt?.toISOString() ?? null,
  }));
  return { service: 'identity', account, sessions };
}

/**
 * Deletes the account after the password is typed again, and publishes `identity.user.deleted.v1`
 * in the same transaction: quests, pods and billing erase what they hold about the user when they
 * see it. Sessions end with the row; access tokens already issued expire within their TTL.
 */
export async function deleteAccount(users: UsersRepository, userId: string, password: string): Promise<void> {
  const user = await getAccount(users, userId);
  // A Google-only account has no password: it sets one with "Forgot password?" first.
  if (!(await verifyPassword(user.passwordHash ?? undefined, password))) {
    throw new AppError('PASSWORD_INCORRECT', 'That password is not right.', 'password');
  }
  await users.deleteWithEvent(userId, newEvent(UserDeleted.subject, userId, {}));
}
