import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { prismaTransactions } from '@vere/service-kit';
import type { Prisma, PrismaClient } from './generated/prisma/client';
import type { Db } from './repositories/db';
import { createSigningKeysRepository } from './repositories/signing-keys-repository';
import type { IdentityDeps } from './use-cases/deps';
import { decryptPrivateKey, encryptPrivateKey, type KeyEncryption } from './key-encryption';

export interface SigningKey {
  kid: string;
  privatePem: string;
  publicJwk: JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
}

export interface SigningKeyOptions {
  /** JWT_PRIVATE_KEY: sign with this key; rotation is then by changing the variable. */
  configuredPem?: string;
  /** SIGNING_KEY_ENCRYPTION_KEY, parsed: encrypts generated private keys at rest. */
  encryptionKey?: Buffer;
  /** How long a retired key stays published: the access-token TTL plus a margin. */
  overlapMs: number;
  /** Re-read the stored keys this often (a rotation by another process); 0: only on demand. */
  refreshMs?: number;
  /** A background re-read that failed (the previous keys stay in use). */
  onError?: (err: unknown) => void;
}

/** The command was asked to rotate keys that are not ours to rotate, or cannot be read with the given key. */
export class RotationRefusedError extends Error {
  override name = 'RotationRefusedError';
}

interface Published {
  jwk: SigningKey['publicJwk'];
  retiredAt?: number;
}

type StoredKey = { kid: string; privatePem: string; encryption: string };

/** Where the keys live: the unit of work and the signing-key rows (IdentityDeps, or the rotate-keys command's own). */
export type SigningKeyStore = Pick<IdentityDeps, 'db' | 'transaction' | 'signingKeys'>;

/** The store of a process with no service around it (the rotate-keys command): its own unit of work, no events to relay. */
export function signingKeyStore(prisma: PrismaClient): SigningKeyStore {
  return {
    db: prisma,
    transaction: prismaTransactions(prisma, { schema: 'identity' }),
    signingKeys: createSigningKeysRepository(),
  };
}

const UNKNOWN_KID_COOLDOWN_MS = 30_000;
/** Retired keys stay published for the access-token TTL plus this (replicas' re-read interval, clock skew, a rolling deploy). */
export const RETIRED_KEY_MARGIN_MS = 5 * 60_000;
export const KEY_REFRESH_MS = 30_000;

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

function readPrivate(row: StoredKey, encryptionKey: Buffer | undefined): SigningKey {
  if (row.encryption === 'none') return describe(row.privatePem);
  if (!encryptionKey) throw new Error(`the stored signing key ${row.kid} is encrypted: set SIGNING_KEY_ENCRYPTION_KEY`);
  const key = describe(decryptPrivateKey(row.privatePem, encryptionKey, row.kid));
  if (key.kid !== row.kid) throw new Error(`stored signing key ${row.kid} decrypts to a different key`);
  return key;
}

function stored(key: SigningKey, encryptionKey: Buffer | undefined): { privatePem: string; encryption: KeyEncryption } {
  return encryptionKey
    ? { privatePem: encryptPrivateKey(key.privatePem, encryptionKey, key.kid), encryption: 'aes-256-gcm' }
    : { privatePem: key.privatePem, encryption: 'none' };
}

/** Loads, generates and rotates keys one process at a time (transaction-scoped, so it cannot leak). */
function locked<T>(store: SigningKeyStore, work: (tx: Db) => Promise<T>): Promise<T> {
  return store.transaction(async (tx) => {
    await store.signingKeys.lock(tx);
    return work(tx);
  });
}

/** A new key becomes current; every key before it is retired (the partial unique index allows one current key). */
async function createCurrent(
  store: SigningKeyStore,
  tx: Db,
  encryptionKey: Buffer | undefined,
): Promise<{ key: SigningKey; retired: string[] }> {
  const now = new Date();
  const retired = await store.signingKeys.retireOlder(tx, now, undefined, now);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key = describe(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  await store.signingKeys.create(tx, {
    kid: key.kid,
    ...stored(key, encryptionKey),
    publicJwk: key.publicJwk as Prisma.InputJsonObject,
  });
  return { key, retired };
}

/**
 * The generated key, created by the first replica to get here (replicas starting together on a
 * new database agree). A stored key that cannot be decrypted stops the start: generating a new
 * one would silently sign every user out.
 */
async function generatedOnce(store: SigningKeyStore, encryptionKey: Buffer | undefined): Promise<SigningKey> {
  return locked(store, async (tx) => {
    const row = await store.signingKeys.findCurrent(tx);
    if (!row) return (await createCurrent(store, tx, encryptionKey)).key;
    const key = readPrivate(row, encryptionKey);
    if (row.encryption === 'none' && encryptionKey) {
      // The encryption key was set after this key was stored in plain text.
      await store.signingKeys.setPrivatePart(tx, row.kid, stored(key, encryptionKey));
    }
    await store.signingKeys.retireOlder(tx, row.createdAt, row.kid, new Date());
    return key;
  });
}

/** The configured key's public half is stored (never its private part), and keys before it retire. */
async function publishConfigured(store: SigningKeyStore, key: SigningKey): Promise<void> {
  await locked(store, async (tx) => {
    const row = await store.signingKeys.upsertPublic(tx, key.kid, key.publicJwk as Prisma.InputJsonObject);
    // Only older ones: a replica still on the previous key during a rolling change retires nothing newer.
    await store.signingKeys.retireOlder(tx, row.createdAt, key.kid, new Date());
  });
}

/**
 * Makes a new generated key current and retires the previous one, which stays published for the
 * overlap. Running replicas switch at their next re-read. Refused while identity signs with a
 * configured JWT_PRIVATE_KEY (rotate by changing it), or when the stored key does not decrypt with
 * `encryptionKey` (replicas could not read the new key either).
 */
export async function rotateSigningKey(
  store: SigningKeyStore,
  encryptionKey: Buffer | undefined,
): Promise<{ kid: string; retired: string[] }> {
  return locked(store, async (tx) => {
    const configured = await store.signingKeys.findActiveConfigured(tx);
    if (configured) {
      throw new RotationRefusedError(
        `identity signs with a configured JWT_PRIVATE_KEY (key ${configured.kid}): rotate by changing JWT_PRIVATE_KEY`,
      );
    }
    const current = await store.signingKeys.findCurrent(tx);
    if (current) {
      try {
        readPrivate(current, encryptionKey);
      } catch (err) {
        throw new RotationRefusedError(err instanceof Error ? err.message : String(err), { cause: err });
      }
    }
    const { key, retired } = await createCurrent(store, tx, encryptionKey);
    return { kid: key.kid, retired };
  });
}

/**
 * Signing keys: the configured one, or a generated one kept in the database so restarts and
 * replicas agree. The JWKS (and identity's own verification) has the current key and retired keys
 * for `overlapMs` after they retired, so tokens they signed verify until they expire.
 */
export class SigningKeys {
  private published = new Map<string, Published>();
  /** Imported verification keys: a token's check costs one signature verification, no key parsing. */
  private verifiers = new Map<string, KeyObject>();
  private lastUnknownKidRefresh = 0;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly store: SigningKeyStore,
    private readonly options: SigningKeyOptions,
    private signing: SigningKey,
  ) {
    this.published.set(signing.kid, { jwk: signing.publicJwk });
  }

  static async load(store: SigningKeyStore, options: SigningKeyOptions): Promise<SigningKeys> {
    let current: SigningKey;
    if (options.configuredPem) {
      current = describe(options.configuredPem.replace(/\\n/g, '\n'));
      await publishConfigured(store, current);
    } else {
      current = await generatedOnce(store, options.encryptionKey);
    }
    const keys = new SigningKeys(store, options, current);
    await keys.refresh();
    if (options.refreshMs) {
      keys.timer = setInterval(() => keys.refresh().catch((err: unknown) => options.onError?.(err)), options.refreshMs);
      keys.timer.unref();
    }
    return keys;
  }

  /** The key new tokens are signed with: read from memory, never a query per token. */
  get current(): SigningKey {
    return this.signing;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Re-reads the published keys and, with generated keys, the current one (another process may have rotated). */
  async refresh(): Promise<void> {
    const rows = await this.store.signingKeys.findPublished(
      this.store.db,
      new Date(Date.now() - this.options.overlapMs),
    );
    const newest = rows.find((r) => r.retiredAt === null && r.privatePem !== '');
    if (!this.options.configuredPem && newest && newest.kid !== this.signing.kid) {
      try {
        this.signing = readPrivate(newest, this.options.encryptionKey);
      } catch (err) {
        // Keep signing with the key we have (it stays published below) and say why, every re-read.
        this.options.onError?.(err);
      }
    }
    const published = new Map<string, Published>();
    for (const row of rows)
      published.set(row.kid, { jwk: row.publicJwk as SigningKey['publicJwk'], retiredAt: row.retiredAt?.getTime() });
    // The key this process signs with is published by it, whatever the table says.
    published.set(this.signing.kid, {
      jwk: this.signing.publicJwk,
      retiredAt: published.get(this.signing.kid)?.retiredAt,
    });
    this.published = published;
    for (const kid of this.verifiers.keys()) if (!published.has(kid)) this.verifiers.delete(kid);
  }

  private live(kid: string): Published | undefined {
    const entry = this.published.get(kid);
    if (!entry) return undefined;
    if (
      entry.retiredAt !== undefined &&
      entry.retiredAt + this.options.overlapMs <= Date.now() &&
      kid !== this.signing.kid
    )
      return undefined;
    return entry;
  }

  jwks(): { keys: SigningKey['publicJwk'][] } {
    return { keys: [...this.published.keys()].flatMap((kid) => this.live(kid)?.jwk ?? []) };
  }

  /**
   * The verifying key for a key id, for tokens checked inside identity itself. A key id we do
   * not know re-reads the stored keys at most every 30 s, so made-up key ids cost no query each.
   */
  async verificationKey(kid: string | undefined): Promise<KeyObject> {
    if (!kid) throw new Error('token has no key id');
    if (!this.published.has(kid) && Date.now() - this.lastUnknownKidRefresh > UNKNOWN_KID_COOLDOWN_MS) {
      this.lastUnknownKidRefresh = Date.now();
      await this.refresh();
    }
    const entry = this.live(kid);
    if (!entry) throw new Error(`unknown or retired key id ${kid}`);
    let key = this.verifiers.get(kid);
    if (!key) {
      key = createPublicKey({ key: entry.jwk, format: 'jwk' });
      this.verifiers.set(kid, key);
    }
    return key;
  }
}
