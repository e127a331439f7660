import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import buildGetJwks from 'get-jwks';
import { AppError } from './errors';

export const ACCESS_TOKEN_ALG = 'ES256';

/** Resolves the PEM public key for a token's key id. */
export type PublicKeyResolver = (kid: string) => Promise<string>;

export interface AuthOptions {
  /** Expected `iss` claim. */
  issuer: string;
  /** Where the keys come from: identity's JWKS URL, or (inside identity) its own key store. */
  publicKey: PublicKeyResolver;
}

export interface AccessClaims {
  sub: string;
  iss: string;
  iat: number;
  exp: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user's id, taken from the verified token only. */
    userId: string;
  }
}

const KID = /^[A-Za-z0-9_-]{1,64}$/;

/** The key set could not be fetched (identity down or unreachable): not the caller's fault. */
export class KeysUnavailableError extends Error {
  override name = 'KeysUnavailableError';
}

const UNKNOWN_KID_TTL_MS = 30_000;
const UNKNOWN_KID_LIMIT = 1_000;

/**
 * A resolver that fetches identity's JWKS: keys are cached (and a stale key is used while identity
 * is unreachable); a key id the published set does not have is remembered for 30 s, so tokens with
 * made-up key ids cannot make every request refetch the set.
 */
export function jwksResolver(jwksUrl: string): PublicKeyResolver {
  const url = new URL(jwksUrl);
  const base = `${url.protocol}//${url.host}`;
  const getJwks = buildGetJwks({ jwksPath: url.pathname, max: 50, ttl: 10 * 60_000 });
  const unknown = new Map<string, number>();
  return async (kid) => {
    const until = unknown.get(kid);
    if (until !== undefined && until > Date.now()) throw new Error(`unknown key id ${kid}`);
    try {
      return await getJwks.getPublicKey({ domain: base, kid, alg: ACCESS_TOKEN_ALG });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'JWK_NOT_FOUND') {
        if (unknown.size >= UNKNOWN_KID_LIMIT) unknown.clear();
        unknown.set(kid, Date.now() + UNKNOWN_KID_TTL_MS);
        throw new Error(`unknown key id ${kid}`);
      }
      throw new KeysUnavailableError(`could not fetch ${jwksUrl}`, { cause: err });
    }
  };
}

/** Verifies bearer access tokens (asymmetric, ES256) and exposes `app.authenticate`. */
export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    await app.register(fastifyJwt, {
      decode: { complete: true },
      secret: async (_request: FastifyRequest, token: unknown) => {
        const kid = (token as { header?: { kid?: unknown } }).header?.kid;
        if (typeof kid !== 'string' || !KID.test(kid)) throw new Error('token has no usable key id');
        return opts.publicKey(kid);
      },
      verify: { algorithms: [ACCESS_TOKEN_ALG], allowedIss: opts.issuer },
    });

    app.decorateRequest('userId', '');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      try {
        const claims = await request.jwtVerify<AccessClaims>();
        if (typeof claims.sub !== 'string' || claims.sub.length === 0) throw new Error('token has no subject');
        request.userId = claims.sub;
      } catch (err) {
        if (err instanceof KeysUnavailableError) {
          request.log.error({ err }, 'cannot verify access tokens: key set unavailable');
          throw new AppError('NOT_READY', 'Sign-in is temporarily unavailable. Please try again in a moment.');
        }
        request.log.debug({ err }, 'access token rejected');
        throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      }
    });
  },
  { name: 'vere-auth' },
);
