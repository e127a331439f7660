/**
 * Account field rules shared by the sign-up form and the identity service, so the
 * browser's hints and the server's verdict can never disagree.
 */

import { isOwnPhotoUrl } from './profile-photos';

export type FieldVerdict = { ok: true } | { ok: false; reason: string };

const ok: FieldVerdict = { ok: true };
const fail = (reason: string): FieldVerdict => ({ ok: false, reason });

export const DISPOSABLE_EMAIL_DOMAINS: readonly string[] = [
  '10minutemail.com',
  'dispostable.com',
  'emailondeck.com',
  'fakeinbox.com',
  'getnada.com',
  'guerrillamail.com',
  'mailinator.com',
  'maildrop.cc',
  'mailnesia.com',
  'mintemail.com',
  'mohmal.com',
  'sharklasers.com',
  'spamgourmet.com',
  'tempail.com',
  'temp-mail.org',
  'tempmail.com',
  'throwawaymail.com',
  'trashmail.com',
  'yopmail.com',
];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateEmail(raw: string): FieldVerdict {
  const email = normalizeEmail(raw);
  if (email.length === 0) return fail('Please enter your email address');
  if (email.length > 254) return fail('Email address is too long');
  if (/\s/.test(email)) return fail('Email address cannot contain spaces');
  const parts = email.split('@');
  if (parts.length !== 2) return fail('Please enter a valid email address');
  const [local, domain] = parts as [string, string];
  if (!local || !domain) return fail('Please enter a valid email address');
  if (email.includes('..')) return fail('Email address cannot contain consecutive periods');
  if (local.startsWith('.') || local.endsWith('.') || domain.startsWith('.') || domain.endsWith('.')) {
    return fail('Email address cannot start or end with a period');
  }
  if (!/^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
    return fail('Please enter a valid email address');
  }
  if (DISPOSABLE_EMAIL_DOMAINS.includes(domain)) return fail('Disposable email addresses are not allowed');
  return ok;
}

export type PasswordStrength = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** The four password rules; each met rule scores one point. */
export const PASSWORD_RULES: readonly { label: string; test: (password: string) => boolean }[] = [
  { label: '8+ characters', test: (p) => p.length >= 8 },
  { label: 'Lowercase letter', test: (p) => /[a-z]/.test(p) },
  { label: 'Number', test: (p) => /[0-9]/.test(p) },
  { label: 'Special character', test: (p) => /[^A-Za-z0-9]/.test(p) },
];

export function passwordScore(password: string): number {
  return PASSWORD_RULES.filter((rule) => rule.test(password)).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score < 2) return 'Weak';
  if (score === 2) return 'Fair';
  if (score === 3) return 'Good';
  return 'Strong';
}

export const PASSWORD_MAX_LENGTH = 128;

export function validatePassword(password: string): FieldVerdict {
  if (password.length > PASSWORD_MAX_LENGTH) return fail(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  if (passwordScore(password) < 4) {
    return fail(
      'Password must be at least 8 characters and include a lowercase letter, a number and a special character',
    );
  }
  return ok;
}

export function validateName(raw: string): FieldVerdict {
  const name = raw.trim();
  if (name.length < 2 || name.length > 40) return fail('Name must be 2 to 40 characters');
  if (!/^[\p{L}\p{M} -]+$/u.test(name)) return fail('Name can only contain letters, spaces and hyphens');
  return ok;
}

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export function validateUsername(raw: string): FieldVerdict {
  const username = normalizeUsername(raw);
  if (username.length < 3 || username.length > 20) return fail('Username must be 3 to 20 characters');
  if (!/^[a-z0-9_]+$/.test(username)) return fail('Username can only contain letters, numbers and underscores');
  if (username.startsWith('_') || username.endsWith('_'))
    return fail('Username cannot start or end with an underscore');
  if (username.includes('__')) return fail('Username cannot contain two underscores in a row');
  return ok;
}

/**
 * A username for an account that did not choose one: the name's letters (accents dropped) and a
 * four-digit suffix, always valid by `validateUsername`. `random` returns [0, 1).
 */
export function suggestUsername(name: string, random: () => number = Math.random): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 15)
    .replace(/_+$/, '');
  const suffix = String(Math.floor(random() * 10_000)).padStart(4, '0');
  return `${base.length >= 2 ? base : 'vere'}_${suffix}`;
}

export const DISPLAY_NAME_MAX_LENGTH = 40;
export const BIO_MAX_LENGTH = 160;
export const PHOTO_URL_MAX_LENGTH = 2048;

// Control characters (bar newline in a bio), the bidi overrides that can disguise text, and lone
// surrogates (not text at all: storing them would silently turn them into U+FFFD).
const HIDDEN_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/u;

/** True when the text has no control characters, bidi overrides or lone surrogates. */
export const isPlainText = (text: string) => !HIDDEN_CHARACTERS.test(text.replace(/\n/g, ' '));

export function validateDisplayName(raw: string): FieldVerdict {
  const name = raw.trim();
  if (name.length === 0 || name.length > DISPLAY_NAME_MAX_LENGTH) {
    return fail(`Display name must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters`);
  }
  if (HIDDEN_CHARACTERS.test(name) || name.includes('\n'))
    return fail('Display name contains characters that are not allowed');
  return ok;
}

export function validateBio(raw: string): FieldVerdict {
  if (raw.trim().length > BIO_MAX_LENGTH) return fail(`Bio must be at most ${BIO_MAX_LENGTH} characters`);
  if (HIDDEN_CHARACTERS.test(raw)) return fail('Bio contains characters that are not allowed');
  return ok;
}

/** A profile photo is one Vere serves itself, never a link to another site (decision 0035). */
export function validatePhotoUrl(raw: string): FieldVerdict {
  const value = raw.trim();
  if (value.length > PHOTO_URL_MAX_LENGTH) return fail('Photo link is too long');
  if (!isOwnPhotoUrl(value)) return fail('Photos from other sites can’t be used: your avatar is shown instead');
  return ok;
}

// Its own module: web-session (on every page's first paint) needs it, and none of the form rules.
export { shownName } from './names';
