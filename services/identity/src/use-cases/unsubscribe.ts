import { DEFAULT_TIME_ZONE, defaultNotificationPreferences } from '@vere/domain';
import { AppError } from '@vere/service-kit';
import { readUnsubscribeToken, type MailKind } from '../unsubscribe-token';
import type { IdentityDeps } from './deps';

/*
 * The one-click unsubscribe (RFC 8058; decision 0043): the signed token in the mail's link is the
 * whole authority, no session. Checking it changes nothing (a GET, which mail scanners follow, only
 * shows a button); the POST turns that kind's e-mail off and nothing else.
 */

/** What the page says about each mailed kind. */
export const MAIL_KIND_LABEL: Record<MailKind, string> = {
  weekly_announcement: 'the weekly challenge mail',
  pod_digest: 'the weekly pod digest',
};

const invalid = () =>
  new AppError(
    'UNSUBSCRIBE_LINK_INVALID',
    'This unsubscribe link does not work (it was changed, or it is too old). Turn e-mails off in Settings › Notifications instead.',
  );

/** The user and kind of a valid link, or 400 UNSUBSCRIBE_LINK_INVALID (forged, altered, expired, no such user). */
export async function checkUnsubscribeLink(
  deps: Pick<IdentityDeps, 'db' | 'mail'>,
  token: string,
): Promise<{ userId: string; kind: MailKind }> {
  const found = readUnsubscribeToken(await deps.mail.secret(), token, new Date());
  if (!found) throw invalid();
  if (!(await deps.db.user.findUnique({ where: { id: found.userId }, select: { id: true } }))) throw invalid();
  return found;
}

/** Turns the link's kind off for the link's user (idempotent). */
export async function unsubscribeByLink(deps: IdentityDeps, token: string): Promise<{ kind: MailKind }> {
  const { userId, kind } = await checkUnsubscribeLink(deps, token);
  const updated = await deps.transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
    if (!user) return false;
    const d = defaultNotificationPreferences(user.timeZone ?? DEFAULT_TIME_ZONE);
    await deps.notifications.turnOffMail(
      tx,
      userId,
      kind === 'weekly_announcement' ? 'emailWeeklyAnnouncements' : 'emailPodDigest',
      {
        challengeReminders: d.challengeReminders,
        weeklyAnnouncements: d.weeklyAnnouncements,
        streakReminders: d.streakReminders,
        podActivities: d.podActivities,
        preferredTime: d.preferredTime,
        timeZone: d.timeZone,
        quietHoursEnabled: d.quietHours.enabled,
        quietHoursStart: d.quietHours.start,
        quietHoursEnd: d.quietHours.end,
        channelInApp: d.channels.inApp,
        channelPush: d.channels.push,
        channelEmail: d.channels.email,
      },
      new Date(),
    );
    return true;
  });
  if (!updated) throw invalid();
  return { kind };
}
