import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type CryptoKey,
  type JWTHeaderParameters,
  type KeyObject,
} from 'jose';
import { ACCESS_TOKEN_ALG } from '@vere/contracts';
import { AppError } from './errors';

export { ACCESS_TOKEN_ALG, TOKEN_AUDIENCE_SERVICES, serviceAudience } from '@vere/contracts';

/** Resolves the verifying key for a token's protected header; cached key objects, never a parse per request. */
export type VerificationKeyResolver = (header: JWTHeaderParameters) => Promise<KeyObject | CryptoKey>;

export interface AuthOptions {
  /** Expected `iss` claim. */
  issuer: string;
  /** Expected `aud` (see serviceAudience); set by createServiceApp from the service's name. */
  audience: string;
  /** Where the keys come from: identity's JWKS URL (jwksKeys), or inside identity its own key store. */
  keys: VerificationKeyResolver;
  /**
   * Whether a verified token was revoked since it was issued (its session ended, its user was
   * deleted): asked on every request, the remembered tokens included. assembleService gives every
   * service the revocation read model (revocation.ts); identity checks its own tables.
   */
  revoked?: RevocationCheck;
}

/** What a revocation check needs of a verified token. */
export interface RevokableToken {
  userId: string;
  /** The `sid` claim: the session (refresh-token family) the token was issued for. */
  sessionId?: string;
}

/** True when the token must be refused; a boolean when it needs no I/O (the hot path). */
export type RevocationCheck = (token: RevokableToken) => boolean | Promise<boolean>;

export interface AccessClaims {
  sub: string;
  iss: string;
  aud: string | string[];
  iat: number;
  exp: number;
  /** Set by identity for users holding a role (`admin`); absent for everyone else. */
  role?: AccessRole;
  /** The session the token belongs to (identity's refresh-token family); absent in tokens from before sessions were named. */
  sid?: string;
}

/** Roles identity may put in access tokens. */
export const ACCESS_ROLES = ['admin'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a valid access token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: 401 without a valid access token, 403 unless it carries the admin role. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user's id, taken from the verified token only. */
    userId: string;
    /** The role claim of the verified token (`admin`), or null. */
    role: AccessRole | null;
  }
}

/** The key set could not be fetched (identity down or unreachable): not the caller's fault. */
export class KeysUnavailableError extends Error {
  override name = 'KeysUnavailableError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Longest bearer token we look at; real ones are ~400 bytes. */
const MAX_TOKEN_LENGTH = 4_096;
/** A verified token is trusted again for at most this long (and never past its `exp`). */
const VERIFIED_TTL_MS = 60_000;
/** How many verified tokens a service remembers. */
const VERIFIED_MAX = 10_000;

interface VerifiedToken extends RevokableToken {
  token: string;
  role: AccessRole | null;
  /** Until when (epoch ms) the token is trusted without a signature check: its `exp`, at most a minute. */
  until: number;
}

/**
 * How long an access token lives: identity issues them for this long (ACCESS_TOKEN_TTL_SECONDS may
 * only shorten it), and no service accepts a token issued longer ago or expiring later than that.
 */
export const ACCESS_TOKEN_MAX_LIFETIME_SECONDS = 15 * 60;
/** Clock difference tolerated between identity and the service checking `iat` and `exp`. */
export const ACCESS_TOKEN_CLOCK_SKEW_SECONDS = 60;

/**
 * Identity's JWKS through jose's remote key set: imported keys are cached per key id, the set is
 * refetched at most every 30 s for a key id it does not know (one fetch in flight), and after
 * 10 minutes. A key that verified before is still used while identity cannot be reached.
 */
export function jwksKeys(jwksUrl: string): VerificationKeyResolver {
  const remote = createRemoteJWKSet(new URL(jwksUrl), {
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 5_000,
  });
  const lastGood = new Map<string, KeyObject | CryptoKey>();
  return async (header) => {
    try {
      const key = await remote(header);
      if (header.kid && lastGood.size < 100) lastGood.set(header.kid, key);
      return key;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError && !(err instanceof joseErrors.JWKSTimeout)) throw err; // unknown kid, bad set
      const stale = header.kid ? lastGood.get(header.kid) : undefined;
      if (stale) return stale;
      throw new KeysUnavailableError(`could not fetch ${jwksUrl}`, { cause: err });
    }
  };
}

/**
 * Why a signed token is still not an access token, or null: it must name its key (`kid`; without
 * one jose would try the only key of a one-key set), have been issued at most the access-token
 * lifetime ago and expire at most that long from now (a skew either way), so a token minted with a
 * long `exp` — by mistake or with a stolen signing key — is worth 15 minutes, not a year.
 */
export function accessTokenProblem(
  header: { kid?: unknown },
  claims: { iat?: unknown; exp?: unknown },
  nowSeconds = Date.now() / 1000,
): string | null {
  if (typeof header.kid !== 'string' || header.kid === '') return 'token has no key id';
  if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return 'token lacks iat or exp';
  const slack = ACCESS_TOKEN_MAX_LIFETIME_SECONDS + ACCESS_TOKEN_CLOCK_SKEW_SECONDS;
  if (claims.iat > nowSeconds + ACCESS_TOKEN_CLOCK_SKEW_SECONDS) return 'token issued in the future';
  if (nowSeconds - claims.iat > slack) return 'token issued too long ago';
  if (claims.exp - nowSeconds > slack) return 'token expires too far in the future';
  return null;
}

/** Verifies bearer access tokens (ES256, a key id, required exp/iat/iss/aud, an access token's lifetime and a UUID sub) and exposes `app.authenticate`. */
export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    const verifyOptions = {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: opts.issuer,
      audience: opts.audience,
      requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub'],
    };
    // No key is looked up (nor the key set fetched) for a token that names none.
    const keys: VerificationKeyResolver = async (header) => {
      if (typeof header.kid !== 'string' || header.kid === '') throw new Error('token has no key id');
      return opts.keys(header);
    };

    // A client sends the same access token with every request for its ~15 minutes: remember the
    // verified ones (user id only) for a minute, so most requests skip the signature check. Keyed by
    // the signature, the token's last 86 characters: a key hashed on every request costs by its length
    // (an LRU keyed by the whole ~400-character token was 1.9 µs of each authenticated GET's ~150 µs,
    // decision 0076); a hit still compares the whole token. Full, the oldest entry goes first.
    const verified = new Map<string, VerifiedToken>();
    const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);
    const remember = (token: string, entry: Omit<VerifiedToken, 'token'>) => {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(signatureOf(token), { ...entry, token });
    };
    const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    // A synchronous answer (the read model's Set lookups) is used as is: no promise on the hot path.
    const revoked = (token: RevokableToken): boolean | Promise<boolean> => opts.revoked?.(token) ?? false;

    app.decorateRequest('userId', '');
    app.decorateRequest('role', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const bearer =
        typeof header === 'string' && header.length <= MAX_TOKEN_LENGTH
          ? /^Bearer ([^\s]+)$/i.exec(header)?.[1]
          : undefined;
      if (!bearer) throw unauthenticated();
      const known = verified.get(signatureOf(bearer));
      if (known && known.token === bearer && known.until > Date.now()) {
        const answer = revoked(known);
        if (answer === true || (answer !== false && (await answer))) throw unauthenticated();
        request.userId = known.userId;
        request.role = known.role;
        return;
      }
      try {
        const { payload, protectedHeader } = await jwtVerify(bearer, keys, verifyOptions);
        const problem = accessTokenProblem(protectedHeader, payload);
        if (problem) throw new Error(problem);
        if (typeof payload.sub !== 'string' || !UUID.test(payload.sub))
          throw new Error('token subject is not a user id');
        if (payload.sid !== undefined && (typeof payload.sid !== 'string' || !UUID.test(payload.sid)))
          throw new Error('token session is not a session id');
        const token: RevokableToken = {
          userId: payload.sub.toLowerCase(),
          ...(typeof payload.sid === 'string' ? { sessionId: payload.sid.toLowerCase() } : {}),
        };
        if (await revoked(token)) throw new Error('token revoked');
        request.userId = token.userId;
        request.role = (ACCESS_ROLES as readonly unknown[]).includes(payload.role)
          ? (payload.role as AccessRole)
          : null;
        remember(bearer, {
          ...token,
          role: request.role,
          until: Math.min((payload.exp ?? 0) * 1_000, Date.now() + VERIFIED_TTL_MS),
        });
      } catch (err) {
        if (err instanceof KeysUnavailableError) {
          request.log.error({ err }, 'cannot verify access tokens: key set unavailable');
          throw new AppError('NOT_READY', 'Sign-in is temporarily unavailable. Please try again in a moment.');
        }
        request.log.debug({ err }, 'access token rejected');
        throw unauthenticated();
      }
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (request.role !== 'admin') throw new AppError('FORBIDDEN', 'This needs an administrator.');
    });
  },
  { name: 'vere-auth' },
);
