import type { Prisma, SigningKey as SigningKeyRow } from '../generated/prisma/client';
import type { Db } from './db';

export type { SigningKey as SigningKeyRow } from '../generated/prisma/client';

/** A key's private part as stored: PEM (`none`) or encrypted (`aes-256-gcm`); empty for a public-only row. */
export interface StoredPrivatePart {
  privatePem: string;
  encryption: string;
}

/** Data access for the ES256 signing keys: no rules here (see signing-keys.ts). */
export interface SigningKeysRepository {
  /** Holds the signing keys' lock until the transaction ends: one process at a time loads, generates or rotates. */
  lock(tx: Db): Promise<void>;
  /** The newest active key with a private part (the partial unique index allows one). */
  findCurrent(db: Db): Promise<SigningKeyRow | null>;
  /** An active public-only row: the published half of a configured JWT_PRIVATE_KEY. */
  findActiveConfigured(db: Db): Promise<SigningKeyRow | null>;
  create(tx: Db, key: StoredPrivatePart & { kid: string; publicJwk: Prisma.InputJsonObject }): Promise<void>;
  setPrivatePart(tx: Db, kid: string, part: StoredPrivatePart): Promise<void>;
  /** Stores a public-only row (or makes an existing one active again); resolves when that row was first stored. */
  upsertPublic(tx: Db, kid: string, publicJwk: Prisma.InputJsonObject): Promise<{ createdAt: Date }>;
  /**
   * Retires the active keys created at or before `createdAt` (but `keep`) at `now`, erasing their
   * private parts; resolves their key ids.
   */
  retireOlder(tx: Db, createdAt: Date, keep: string | undefined, now: Date): Promise<string[]>;
  /** Active keys and those retired after `retiredAfter`, newest first. */
  findPublished(db: Db, retiredAfter: Date): Promise<SigningKeyRow[]>;
}

export function createSigningKeysRepository(): SigningKeysRepository {
  return {
    async lock(tx) {
      await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext('identity.signing_key'))`;
    },
    findCurrent: (db) =>
      db.signingKey.findFirst({ where: { retiredAt: null, privatePem: { not: '' } }, orderBy: { createdAt: 'desc' } }),
    findActiveConfigured: (db) => db.signingKey.findFirst({ where: { retiredAt: null, privatePem: '' } }),
    async create(tx, key) {
      await tx.signingKey.create({ data: key });
    },
    async setPrivatePart(tx, kid, part) {
      await tx.signingKey.update({ where: { kid }, data: part });
    },
    upsertPublic: (tx, kid, publicJwk) =>
      tx.signingKey.upsert({
        where: { kid },
        create: { kid, privatePem: '', publicJwk },
        update: { retiredAt: null },
        select: { createdAt: true },
      }),
    async retireOlder(tx, createdAt, keep, now) {
      const where = { retiredAt: null, createdAt: { lte: createdAt }, ...(keep ? { kid: { not: keep } } : {}) };
      const retiring = await tx.signingKey.findMany({ where, select: { kid: true } });
      await tx.signingKey.updateMany({ where, data: { retiredAt: now, privatePem: '', encryption: 'none' } });
      return retiring.map((r) => r.kid);
    },
    findPublished: (db, retiredAfter) =>
      db.signingKey.findMany({
        where: { OR: [{ retiredAt: null }, { retiredAt: { gt: retiredAfter } }] },
        orderBy: { createdAt: 'desc' },
      }),
  };
}
