import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail, validateEmail, validatePassword } from '@vere/domain';
import { AppError, escapeHtml } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail';
import { hashPassword } from '../passwords';
import type { PasswordResetsRepository } from '../repositories/password-resets-repository';
import type { UsersRepository } from '../repositories/users-repository';
import { check } from './accounts';

export const RESET_LINK_TTL_MS = 60 * 60_000;

export interface PasswordResetDeps {
  users: UsersRepository;
  resets: PasswordResetsRepository;
  mailer: Mailer;
  /** The app's public origin, e.g. https://vere.app: never taken from the request (Host can be forged). */
  appUrl: () => string;
  logger: FastifyBaseLogger;
  linkTtlMs?: number;
}

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
 * Sends a reset link to the address if it has an account. The caller learns nothing either way:
 * the answer is the same, and the mail is sent after the answer, so timing does not tell either.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, rawEmail: string): Promise<void> {
  check(validateEmail(rawEmail), 'email');
  const email = normalizeEmail(rawEmail);
  setImmediate(() => {
    void (async () => {
      const user = await deps.users.findByEmail(email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      await deps.resets.create(user.id, tokenHash(token), new Date(Date.now() + (deps.linkTtlMs ?? RESET_LINK_TTL_MS)));
      const link = `${deps.appUrl().replace(/\/$/, '')}/reset-password?token=${token}`;
      await deps.mailer.send({ to: user.email, ...resetEmail(user.name, link) });
    })().catch((err: unknown) => deps.logger.error({ err }, 'password reset mail failed'));
  });
}

/** Sets the new password with a valid link, and ends every session of the account. */
export async function resetPassword(deps: PasswordResetDeps, token: string, newPassword: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalidLink();
  check(validatePassword(newPassword), 'newPassword');
  const userId = await deps.resets.redeem(tokenHash(token), await hashPassword(newPassword));
  if (!userId) throw invalidLink();
}

const invalidLink = () => new AppError('RESET_LINK_INVALID', 'This reset link is invalid or has expired. Please request a new one.');
