import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createSigner } from 'fast-jwt';
import { ACCESS_TOKEN_ALG } from './auth';

export interface TestIssuer {
  issuer: string;
  /** A real JWKS endpoint on loopback, as identity serves it. */
  jwksUrl: string;
  /** How many times the JWKS has been fetched. */
  jwksRequests(): number;
  /** An access token for `userId` (valid for a minute, or already expired; `kid` overrides the key id). */
  sign(userId: string, opts?: { expired?: boolean; issuer?: string; kid?: string }): string;
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
    sign: (userId, opts = {}) =>
      createSigner({
        algorithm: ACCESS_TOKEN_ALG, key, kid: opts.kid ?? kid, iss: opts.issuer ?? issuer,
        expiresIn: 60_000,
        // An expired token: issued two minutes ago, valid for one.
        ...(opts.expired ? { clockTimestamp: Date.now() - 120_000 } : {}),
      })({ sub: userId }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
