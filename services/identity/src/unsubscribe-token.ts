import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * One-click unsubscribe links (RFC 8058; decision 0043). The token names one user and one mailed
 * kind and is signed with HMAC-SHA256, so it works without a session and cannot be turned into
 * another user's or another kind's link. It expires (a link in a mail kept for months still works
 * for UNSUBSCRIBE_LINK_TTL_MS; the mail after it carries a fresh one).
 */

/** The kinds that are mailed, each with an unsubscribe of its own. */
export const MAIL_KINDS = ['weekly_announcement', 'pod_digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** How long a link in a mail works: long enough for a mail read late, short enough that a leaked one dies. */
export const UNSUBSCRIBE_LINK_TTL_MS = 90 * 86_400_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sign = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(`vere-unsubscribe:${payload}`).digest('base64url');

/** `v1.<user>.<kind>.<expires, unix seconds>.<signature>`: URL-safe as it is. */
export function unsubscribeToken(secret: Buffer, userId: string, kind: MailKind, now: Date): string {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_LINK_TTL_MS) / 1000);
  const payload = `v1.${userId}.${kind}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The user and kind a token names, or null when it is malformed, altered, forged or expired. */
export function readUnsubscribeToken(
  secret: Buffer,
  token: string,
  now: Date,
): { userId: string; kind: MailKind } | null {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, userId, kind, expires, signature] = parts as [string, string, string, string, string];
  if (!UUID.test(userId) || !(MAIL_KINDS as readonly string[]).includes(kind) || !/^\d{1,12}$/.test(expires))
    return null;
  const expected = Buffer.from(sign(secret, `v1.${userId}.${kind}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { userId, kind: kind as MailKind };
}

/** A new random key for the links (kept in `mail_secret` when UNSUBSCRIBE_SECRET is not set). */
export const newUnsubscribeSecret = (): Buffer => randomBytes(32);
