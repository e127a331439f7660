import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export interface SigningKey {
  kid: string;
  privatePem: string;
  publicJwk: JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
}

const UNKNOWN_KID_COOLDOWN_MS = 30_000;

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
 * The generated key, created by the first replica to get here: the check and the insert hold a
 * transaction-scoped advisory lock, so replicas starting together on a new database agree.
 */
async function generatedOnce(prisma: PrismaClient): Promise<SigningKey> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext('identity.signing_key'))`;
    // Rows with an empty private part are the published public halves of configured keys.
    const newest = await tx.signingKey.findFirst({ where: { privatePem: { not: '' } }, orderBy: { createdAt: 'desc' } });
    if (newest) return describe(newest.privatePem);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = describe(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    await tx.signingKey.create({ data: { kid: key.kid, privatePem: key.privatePem, publicJwk: key.publicJwk as Prisma.InputJsonObject } });
    return key;
  });
}

/**
 * Signing keys: the configured one, or one generated on first start and kept in the database so
 * restarts and replicas agree. Public keys of every stored key stay published for verification.
 */
export class SigningKeys {
  private published = new Map<string, SigningKey['publicJwk']>();
  /** Imported verification keys: a token's check costs one signature verification, no key parsing. */
  private verifiers = new Map<string, KeyObject>();
  private lastRefresh = 0;

  private constructor(
    private readonly prisma: PrismaClient,
    readonly current: SigningKey,
  ) {
    this.published.set(current.kid, current.publicJwk);
  }

  static async load(prisma: PrismaClient, configuredPem?: string): Promise<SigningKeys> {
    let current: SigningKey;
    if (configuredPem) {
      current = describe(configuredPem.replace(/\\n/g, '\n'));
      // Publish the configured key's public part (never its private part): after the key changes,
      // tokens signed with the previous one still verify until they expire.
      await prisma.signingKey.createMany({
        data: [{ kid: current.kid, privatePem: '', publicJwk: current.publicJwk as Prisma.InputJsonObject }],
        skipDuplicates: true,
      });
    } else {
      current = await generatedOnce(prisma);
    }
    const keys = new SigningKeys(prisma, current);
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

  /**
   * The verifying key for a key id, for tokens checked inside identity itself. A key id we do
   * not know re-reads the stored keys at most every 30 s, so made-up key ids cost no query each.
   */
  async verificationKey(kid: string | undefined): Promise<KeyObject> {
    if (!kid) throw new Error('token has no key id');
    let key = this.verifiers.get(kid);
    if (key) return key;
    if (!this.published.has(kid) && Date.now() - this.lastRefresh > UNKNOWN_KID_COOLDOWN_MS) {
      this.lastRefresh = Date.now();
      await this.refresh();
    }
    const jwk = this.published.get(kid);
    if (!jwk) throw new Error(`unknown key id ${kid}`);
    key = createPublicKey({ key: jwk, format: 'jwk' });
    this.verifiers.set(kid, key);
    return key;
  }
}
