import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SessionRevoked } from '@vere/contracts';
import {
  AppError,
  TOKEN_AUDIENCE_SERVICES,
  newEvent,
  serviceAudience,
  writeOutbox,
  type RevokableToken,
} from '@vere/service-kit';
import { createSigner } from 'fast-jwt';
import type { Db } from '../repositories/db';
import type { NewRefreshToken } from '../repositories/refresh-tokens-repository';
import type { IdentityDeps } from './deps';

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  /** Cookie value `<token id>.<secret>`; absent when the request keeps the cookie it has (a concurrent tab). */
  refreshToken?: string;
  refreshExpiresAt?: Date;
  userId: string;
}

export const DEFAULT_FAMILY_LIFETIME_MS = 90 * 86_400_000;
export const DEFAULT_REUSE_GRACE_MS = 10_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `<token id (a UUID)>.<43 base64url characters>`; anything else is not one of ours and never reaches a query. */
const REFRESH_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function parseRefreshToken(value: string): { id: string; secret: string } | undefined {
  const match = REFRESH_TOKEN.exec(value);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

/**
 * A short-lived ES256 access token, for every service (`aud`), naming the user in `sub`, the session
 * (refresh-token family) in `sid`, so it can be revoked with it (decision 0034), and their role, if
 * any, in `role` (read at every issue, so a grant or removal applies at the next refresh).
 */
async function signAccessToken(deps: IdentityDeps, userId: string, sessionId: string): Promise<string> {
  const { kid, privatePem } = deps.keys.current;
  const role = (await deps.users.findById(deps.db, userId))?.role ?? null;
  return createSigner({
    algorithm: 'ES256',
    key: privatePem,
    kid,
    iss: deps.sessions.issuer,
    expiresIn: deps.sessions.accessTtlSeconds * 1000,
    aud: TOKEN_AUDIENCE_SERVICES.map(serviceAudience),
  })({ sub: userId, sid: sessionId, ...(role ? { role } : {}) });
}

function newToken(deps: IdentityDeps, userId: string, familyId: string, familyExpiresAt: Date) {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(
    Math.min(Date.now() + deps.sessions.refreshTtlDays * 86_400_000, familyExpiresAt.getTime()),
  );
  return {
    row: { id, familyId, userId, secretHash: sha256(secret), expiresAt, familyExpiresAt },
    cookie: `${id}.${secret}`,
  };
}

async function session(
  deps: IdentityDeps,
  userId: string,
  sessionId: string,
  refresh?: { cookie: string; expiresAt: Date },
): Promise<IssuedSession> {
  return {
    accessToken: await signAccessToken(deps, userId, sessionId),
    expiresIn: deps.sessions.accessTtlSeconds,
    ...(refresh ? { refreshToken: refresh.cookie, refreshExpiresAt: refresh.expiresAt } : {}),
    userId,
  };
}

/** A new session: a new refresh-token family, ending `familyLifetimeMs` from now at the latest. */
export async function startSession(deps: IdentityDeps, userId: string): Promise<IssuedSession> {
  const token = newToken(deps, userId, randomUUID(), new Date(Date.now() + deps.sessions.familyLifetimeMs));
  await deps.tokens.create(deps.db, token.row);
  return session(deps, userId, token.row.familyId, { cookie: token.cookie, expiresAt: token.row.expiresAt });
}

/**
 * Exchanges a refresh token for its successor in the same family; claiming the old one and storing
 * the new one is one transaction. A token already rotated is presented again:
 * - within `reuseGraceMs` (two tabs reloading at once): the request is answered with an access token
 *   and keeps the cookie the winner set, so the family has one successor and nobody is signed out;
 * - later: reuse of a stolen token — the whole family is revoked.
 */
export async function rotateSession(deps: IdentityDeps, cookieValue: string | undefined): Promise<IssuedSession> {
  const expired = () => new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
  const parsed = cookieValue ? parseRefreshToken(cookieValue) : undefined;
  if (!parsed) throw expired();
  const row = await deps.tokens.findById(deps.db, parsed.id);
  if (!row || !timingSafeEqual(Buffer.from(sha256(parsed.secret)), Buffer.from(row.secretHash))) throw expired();

  const now = new Date();
  if (row.revokedAt || row.familyExpiresAt <= now) throw expired();
  const token = newToken(deps, row.userId, row.familyId, row.familyExpiresAt);
  if (!row.replacedAt && (await rotate(deps, row.id, now, token.row))) {
    return session(deps, row.userId, row.familyId, { cookie: token.cookie, expiresAt: token.row.expiresAt });
  }
  // Rotated before (or just now, by a concurrent request): a second tab, or a replay.
  const current = row.replacedAt ? row : await deps.tokens.findById(deps.db, row.id);
  if (
    current?.replacedAt &&
    !current.revokedAt &&
    now.getTime() - current.replacedAt.getTime() <= deps.sessions.reuseGraceMs
  ) {
    return session(deps, row.userId, row.familyId);
  }
  if (current?.replacedAt) await revokeSession(deps, row.userId, row.familyId, now);
  throw expired();
}

/** Claims the token and stores its successor in one transaction; false when it was no longer live. */
function rotate(deps: IdentityDeps, id: string, now: Date, successor: NewRefreshToken): Promise<boolean> {
  return deps.transaction(async (tx) => {
    if (!(await deps.tokens.claim(tx, id, now))) return false;
    await deps.tokens.create(tx, successor);
    return true;
  });
}

/** Sign-out: ends the family of the presented token, if it is a real one. */
export async function endSession(deps: IdentityDeps, cookieValue: string | undefined): Promise<void> {
  const parsed = cookieValue ? parseRefreshToken(cookieValue) : undefined;
  if (!parsed) return;
  const row = await deps.tokens.findById(deps.db, parsed.id);
  if (row && timingSafeEqual(Buffer.from(sha256(parsed.secret)), Buffer.from(row.secretHash))) {
    await revokeSession(deps, row.userId, row.familyId, new Date());
  }
}

/** Ends one session: its refresh tokens, and (through the event) its access tokens at every service. */
async function revokeSession(deps: IdentityDeps, userId: string, familyId: string, now: Date): Promise<void> {
  await deps.transaction(async (tx) => {
    if (await deps.tokens.revokeFamily(tx, familyId, now)) await publishEndedSessions(tx, userId, [familyId], now);
  });
}

/** Ends every session of the user inside the caller's transaction (password reset, account take-over). */
export async function endAllSessions(deps: IdentityDeps, tx: Db, userId: string, now: Date): Promise<void> {
  const ended = await deps.tokens.revokeAllOf(tx, userId, now);
  await publishEndedSessions(tx, userId, ended, now);
}

/** identity.session.revoked.v1 for each ended session: every other service refuses its access tokens. */
function publishEndedSessions(tx: object, userId: string, sessionIds: string[], now: Date): Promise<void> {
  return writeOutbox(
    tx,
    ...sessionIds.map((sessionId) =>
      newEvent(SessionRevoked.subject, userId, { sessionId, revokedAt: now.toISOString() }),
    ),
  );
}

/**
 * identity's own revocation check, on its tables (it owns the sessions): the user still exists and
 * the token's session was not ended. One or two indexed reads per request that is not remembered.
 */
export async function accessTokenRevoked(
  deps: Pick<IdentityDeps, 'db' | 'users' | 'tokens'>,
  token: RevokableToken,
): Promise<boolean> {
  if (!(await deps.users.findById(deps.db, token.userId))) return true;
  return token.sessionId !== undefined && (await deps.tokens.familyRevoked(deps.db, token.sessionId));
}
