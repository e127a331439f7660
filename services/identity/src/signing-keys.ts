import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export interface SigningKey {
  kid: string;
  privatePem: string;
  publicJwk: JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
}

function describe(privatePem: string): SigningKey {
  const jwk = createPublicKey(createPrivateKey(privatePem)).export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') throw new Error('JWT_PRIVATE_KEY must be an EC P-256 private key');
  // RFC 7638 thumbprint: a key id that is the same wherever the key is loaded.
  const thumbprint = createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url');
  const kid = thumbprint.slice(0, 22);
  return { kid, privatePem, publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid, alg: 'ES256', use: 'sig' } };
}

/**
 * Signing keys: the configured one, or one generated on first start and kept in the database so
 * restarts and replicas agree. Public keys of every stored key stay published for verification.
 */
export class SigningKeys {
  private published = new Map<string, SigningKey['publicJwk']>();

  private constructor(
    private readonly prisma: PrismaClient,
    readonly current: SigningKey,
  ) {
    this.published.set(current.kid, current.publicJwk);
  }

  static async load(prisma: PrismaClient, configuredPem?: string): Promise<SigningKeys> {
    if (configuredPem) {
      const keys = new SigningKeys(prisma, describe(configuredPem.replace(/\\n/g, '\n')));
      await keys.refresh();
      return keys;
    }
    let newest = await prisma.signingKey.findFirst({ orderBy: { createdAt: 'desc' } });
    if (!newest) {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const key = describe(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
      await prisma.signingKey.createMany({
        data: [{ kid: key.kid, privatePem: key.privatePem, publicJwk: key.publicJwk as Prisma.InputJsonObject }],
        skipDuplicates: true,
      });
      newest = await prisma.signingKey.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    }
    const keys = new SigningKeys(prisma, describe(newest.privatePem));
    await keys.refresh();
    return keys;
  }

  /** Re-reads stored public keys (another replica may have created one). */
  async refresh(): Promise<void> {
    const rows = await this.prisma.signingKey.findMany({ select: { kid: true, publicJwk: true } });
    for (const row of rows) this.published.set(row.kid, row.publicJwk as SigningKey['publicJwk']);
  }

  jwks(): { keys: SigningKey['publicJwk'][] } {
    return { keys: [...this.published.values()] };
  }

  /** PEM public key for a key id, for verifying tokens inside identity itself. */
  async publicPem(kid: string): Promise<string> {
    if (!this.published.has(kid)) await this.refresh();
    const jwk = this.published.get(kid);
    if (!jwk) throw new Error(`unknown key id ${kid}`);
    return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  }
}
