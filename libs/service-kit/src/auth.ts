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

/** A resolver that fetches identity's JWKS (cached; refetched for an unknown key id). */
export function jwksResolver(jwksUrl: string): PublicKeyResolver {
  const url = new URL(jwksUrl);
  const base = `${url.protocol}//${url.host}`;
  const getJwks = buildGetJwks({ jwksPath: url.pathname, max: 50, ttl: 10 * 60_000 });
  return (kid) => getJwks.getPublicKey({ domain: base, kid, alg: ACCESS_TOKEN_ALG });
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
        request.log.debug({ err }, 'access token rejected');
        throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      }
    });
  },
  { name: 'vere-auth' },
);
