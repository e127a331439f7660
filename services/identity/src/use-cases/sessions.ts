import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, TOKEN_AUDIENCE_SERVICES, serviceAudience } from '@vere/service-kit';
import { createSigner } from 'fast-jwt';
import type { RefreshTokensRepository } from '../repositories/refresh-tokens-repository';
import type { SigningKeys } from '../signing-keys';

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  /** Cookie value: `<token id>.<secret>`. */
  refreshToken: string;
  refreshExpiresAt: Date;
  userId: string;
}

/** What the session rules need: where refresh tokens live, the signing key, and the lifetimes. */
export interface SessionDeps {
  tokens: RefreshTokensRepository;
  keys: SigningKeys;
  issuer: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `<token id (a UUID)>.<43 base64url characters>`; anything else is not one of ours and never reaches a query. */
const REFRESH_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function parseRefreshToken(value: string): { id: string; secret: string } | undefined {
  const match = REFRESH_TOKEN.exec(value);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

/** A short-lived ES256 access token, for every service (`aud`), naming the user in `sub`. */
function signAccessToken(deps: SessionDeps, userId: string): string {
  const { kid, privatePem } = deps.keys.current;
  return createSigner({
    algorithm: 'ES256', key: privatePem, kid, iss: deps.issuer, expiresIn: deps.accessTtlSeconds * 1000,
    aud: TOKEN_AUDIENCE_SERVICES.map(serviceAudience),
  })({ sub: userId });
}

async function issue(deps: SessionDeps, userId: string, familyId: string): Promise<IssuedSession> {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const refreshExpiresAt = new Date(Date.now() + deps.refreshTtlDays * 86_400_000);
  await deps.tokens.create({ id, familyId, userId, secretHash: sha256(secret), expiresAt: refreshExpiresAt });
  return {
    accessToken: signAccessToken(deps, userId),
    expiresIn: deps.accessTtlSeconds,
    refreshToken: `${id}.${secret}`,
    refreshExpiresAt,
    userId,
  };
}

/** A new session: a new refresh-token family. */
export function startSession(deps: SessionDeps, userId: string): Promise<IssuedSession> {
  return issue(deps, userId, randomUUID());
}

/**
 * Exchanges a refresh token for a new one in the same family. The claim is one conditional
 * UPDATE, so two concurrent refreshes with the same token cannot both win; the loser, like any
 * later replay, is treated as reuse and ends the whole family.
 */
export async function rotateSession(deps: SessionDeps, cookieValue: string | undefined): Promise<IssuedSession> {
  const expired = () => new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
  const parsed = cookieValue ? parseRefreshToken(cookieValue) : undefined;
  if (!parsed) throw expired();
  const row = await deps.tokens.findById(parsed.id);
  if (!row || !timingSafeEqual(Buffer.from(sha256(parsed.secret)), Buffer.from(row.secretHash))) throw expired();

  const now = new Date();
  if (!(await deps.tokens.claim(row.id, now))) {
    if (row.replacedAt || row.revokedAt) await deps.tokens.revokeFamily(row.familyId, now);
    throw expired();
  }
  return issue(deps, row.userId, row.familyId);
}

/** Sign-out: ends the family of the presented token, if it is a real one. */
export async function endSession(deps: SessionDeps, cookieValue: string | undefined): Promise<void> {
  const parsed = cookieValue ? parseRefreshToken(cookieValue) : undefined;
  if (!parsed) return;
  const row = await deps.tokens.findById(parsed.id);
  if (row && timingSafeEqual(Buffer.from(sha256(parsed.secret)), Buffer.from(row.secretHash))) {
    await deps.tokens.revokeFamily(row.familyId, new Date());
  }
}
