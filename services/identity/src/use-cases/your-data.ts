import { UserDeleted, type IdentityExport } from '@vere/contracts';
import { AppError, newEvent, writeOutbox } from '@vere/service-kit';
import { verifyPassword } from '../passwords';
import { getAccount, toUserBody } from './accounts';
import type { IdentityDeps } from './deps';
import { getNotificationPreferences, toNotificationItem } from './notifications';
import { toPushDevice } from './push';

/** What identity holds about the user: the account (never the password hash), its sessions, notification preferences, notifications and push devices. */
export async function exportIdentityData(deps: IdentityDeps, userId: string): Promise<IdentityExport> {
  const user = await getAccount(deps, userId);
  // The user's own file, shown to nobody: it keeps a photo link that is no longer shown (decision 0035).
  const account = { ...toUserBody(user), photoUrl: user.photoUrl };
  const sessions = (await deps.tokens.familiesOf(deps.db, userId)).map((s) => ({
    startedAt: s.startedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
  }));
  const saved = await deps.notifications.preferences(deps.db, userId);
  const notificationPreferences = saved ? await getNotificationPreferences(deps, userId) : null;
  const notifications = (await deps.notifications.all(deps.db, userId)).map(toNotificationItem);
  const pushDevices = (await deps.push.ofUser(deps.db, userId)).map(toPushDevice);
  return { service: 'identity', account, sessions, notificationPreferences, notifications, pushDevices };
}

/**
 * Deletes the account after the password is typed again, and publishes `identity.user.deleted.v1`
 * in the same transaction: quests, pods and billing erase what they hold about the user when they
 * see it. Sessions end with the row; every service refuses the user's access tokens from then on
 * (identity at once, the others when the event reaches them; decision 0034).
 */
export async function deleteAccount(deps: IdentityDeps, userId: string, password: string): Promise<void> {
  const user = await getAccount(deps, userId);
  // A Google-only account has no password: it sets one with "Forgot password?" first.
  if (!(await verifyPassword(user.passwordHash ?? undefined, password))) {
    throw new AppError('PASSWORD_INCORRECT', 'That password is not right.', 'password');
  }
  await deps.transaction(async (tx) => {
    if (await deps.users.delete(tx, userId)) await writeOutbox(tx, newEvent(UserDeleted.subject, userId, {}));
  });
}
