import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createSigner } from 'fast-jwt';
import { ACCESS_TOKEN_ALG, TOKEN_AUDIENCE_SERVICES, serviceAudience } from '@vere/contracts';

export interface SignOptions {
  expired?: boolean;
  issuer?: string | null;
  kid?: string;
  audience?: string[] | null;
  noExpiry?: boolean;
  /** Lifetime instead of the default minute. */
  expiresInMs?: number;
  /** The `role` claim identity adds for role holders (`admin`). */
  role?: string;
}

export interface TestIssuer {
  issuer: string;
  /** A real JWKS endpoint on loopback, as identity serves it. */
  jwksUrl: string;
  /** How many times the JWKS has been fetched. */
  jwksRequests(): number;
  /**
   * An access token for `userId`, as identity signs them (valid for a minute, for every service).
   * The options forge bad ones: expired, another issuer or key id, another audience, or without
   * `exp` / `iss` / `aud` (`null`).
   */
  sign(userId: string, opts?: SignOptions): string;
  close(): Promise<void>;
}

/**
 * For tests of services that verify tokens: an ES256 key served as a JWKS over real HTTP, so
 * the service's verification path is exactly the production one.
 */
export async function startTestIssuer(issuer = 'vere-identity'): Promise<TestIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const kid = createHash('sha256').update(JSON.stringify(jwk)).digest('base64url').slice(0, 22);
  const body = JSON.stringify({ keys: [{ ...jwk, kid, alg: ACCESS_TOKEN_ALG, use: 'sig' }] });
  let jwksRequests = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      jwksRequests += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    issuer,
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    jwksRequests: () => jwksRequests,
    sign: (userId, opts = {}) => {
      const iss = opts.issuer === undefined ? issuer : opts.issuer;
      const aud = opts.audience === undefined ? TOKEN_AUDIENCE_SERVICES.map(serviceAudience) : opts.audience;
      return createSigner({
        algorithm: ACCESS_TOKEN_ALG,
        key,
        kid: opts.kid ?? kid,
        ...(iss !== null ? { iss } : {}),
        ...(aud !== null ? { aud } : {}),
        ...(opts.noExpiry ? {} : { expiresIn: opts.expiresInMs ?? 60_000 }),
        // An expired token: issued two minutes ago, valid for one.
        ...(opts.expired ? { clockTimestamp: Date.now() - 120_000 } : {}),
      })({ sub: userId, ...(opts.role === undefined ? {} : { role: opts.role }) });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
