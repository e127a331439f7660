import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail, validateEmail, validatePassword } from '@vere/domain';
import { AppError, escapeHtml } from '@vere/service-kit';
import { hashPassword } from '../passwords';
import { check } from './accounts';
import type { IdentityDeps } from './deps';
import { endAllSessions } from './sessions';

export const RESET_LINK_TTL_MS = 60 * 60_000;
/** Reset mails one account gets per window, whoever asks: more would let anyone flood a victim's inbox. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_MAIL_WINDOW_MS = 60 * 60_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function resetEmail(name: string, link: string) {
  const text = [
    `Hi ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Vere account. Open this link to choose a new one:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>Someone (hopefully you) asked to reset the password of your Vere account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.</p>`;
  return { subject: 'Reset your Vere password', text, html };
}

/**
 * Sends a reset link to the address if it has an account, at most `mailsPerWindow` a window. The
 * caller learns nothing either way: the answer is the same (over the cap too), and the mail is sent
 * after the answer, so timing does not tell either.
 */
export async function requestPasswordReset(deps: IdentityDeps, rawEmail: string): Promise<void> {
  check(validateEmail(rawEmail), 'email');
  const email = normalizeEmail(rawEmail);
  const { mailer, appUrl, linkTtlMs, mailsPerWindow, mailWindowMs } = deps.passwordReset;
  setImmediate(() => {
    void (async () => {
      const user = await deps.users.findByEmail(deps.db, email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      const send = await deps.transaction(async (tx) => {
        if ((await deps.resets.countMail(tx, user.id, mailWindowMs)) > mailsPerWindow) return false;
        // A new link ends the user's older unused ones.
        const now = new Date();
        await deps.resets.endUnused(tx, user.id, now);
        await deps.resets.create(tx, {
          userId: user.id,
          tokenHash: tokenHash(token),
          expiresAt: new Date(now.getTime() + linkTtlMs),
        });
        return true;
      });
      if (!send) {
        deps.logger.info(
          { userId: user.id },
          'password reset mail not sent: the account had its mails for this window',
        );
        return;
      }
      const link = `${appUrl().replace(/\/$/, '')}/reset-password?token=${token}`;
      await mailer.send({ to: user.email, ...resetEmail(user.name, link) });
    })().catch((err: unknown) => deps.logger.error({ err }, 'password reset mail failed'));
  });
}

/**
 * Sets the new password with a valid link (unknown, used, expired or claimed by a concurrent
 * request: invalid), and in the same transaction ends every other link and every session of the account.
 */
export async function resetPassword(deps: IdentityDeps, token: string, newPassword: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalidLink();
  check(validatePassword(newPassword), 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const userId = await deps.transaction(async (tx) => {
    const now = new Date();
    const claimed = await deps.resets.claim(tx, tokenHash(token), now);
    if (!claimed) return null;
    await deps.users.setPasswordHash(tx, claimed, passwordHash);
    await deps.resets.endUnused(tx, claimed, now);
    await endAllSessions(deps, tx, claimed, now);
    return claimed;
  });
  if (!userId) throw invalidLink();
}

const invalidLink = () =>
  new AppError('RESET_LINK_INVALID', 'This reset link is invalid or has expired. Please request a new one.');
