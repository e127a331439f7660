import type { Entitlement, EntitlementSource } from '@vere/contracts';
import type { Db } from './db';

export type SubscriptionSource = 'stripe' | 'revenuecat' | 'database';

/** One subscription's state as a provider (or a grant) tells it. */
export interface SubscriptionWrite {
  userId: string;
  source: SubscriptionSource;
  externalId: string;
  productId: string | null;
  status: string;
  entitled: boolean;
  accessUntil: Date | null;
  willRenew: boolean;
  stateAt: Date;
  grantedBy?: string | null;
  reason?: string | null;
}

export interface SubscriptionRow {
  source: string;
  productId: string | null;
  status: string;
  entitled: boolean;
  accessUntil: Date | null;
  willRenew: boolean;
  createdAt: Date;
  stateAt: Date;
  externalId: string;
  userId: string;
}

export interface StoredEntitlement extends Entitlement {
  version: number;
}

/** Data access for subscriptions and the entitlement derived from them: no rules here (see use-cases/entitlement.ts). */
export interface EntitlementsRepository {
  /** Holds the user's lock until the transaction ends: two changes for one user never interleave. */
  lockUser(tx: Db, userId: string): Promise<void>;
  findEntitlement(db: Db, userId: string): Promise<StoredEntitlement | null>;
  upsertEntitlement(tx: Db, userId: string, entitlement: StoredEntitlement): Promise<void>;
  /** Users whose stored entitlement is active with an expiration at or before `now`. */
  expiredActive(db: Db, now: Date, limit: number): Promise<string[]>;
  /** Upserts one subscription keyed by (source, externalId). */
  saveSubscription(tx: Db, subscription: SubscriptionWrite): Promise<void>;
  findSubscription(db: Db, source: SubscriptionSource, externalId: string): Promise<SubscriptionRow | null>;
  /** The user's subscriptions (of one source, or one product, when asked), oldest first. */
  findSubscriptions(
    db: Db,
    userId: string,
    only?: { source?: SubscriptionSource; productId?: string },
  ): Promise<SubscriptionRow[]>;
  /** Gives the user's subscriptions of `source` to `toUserId`; resolves how many moved. */
  moveSubscriptions(
    tx: Db,
    userId: string,
    source: SubscriptionSource,
    toUserId: string,
    stateAt: Date,
  ): Promise<number>;
  /** Marks the user's subscriptions of `source` as giving no Pro, with `status`. */
  endSubscriptions(tx: Db, userId: string, source: SubscriptionSource, status: string, stateAt: Date): Promise<void>;
  /** Deletes the user's entitlement and subscriptions, and keeps the bare id as erased. */
  erase(tx: Db, userId: string): Promise<void>;
  /** Whether the user's account was deleted (read under the user's lock to decide a change). */
  isErased(db: Db, userId: string): Promise<boolean>;
}

const ENTITLEMENT_COLUMNS = {
  isActive: true,
  productId: true,
  expirationDate: true,
  willRenew: true,
  source: true,
  version: true,
} as const;

function toStored(row: {
  isActive: boolean;
  productId: string | null;
  expirationDate: Date | null;
  willRenew: boolean;
  source: string;
  version: number;
}): StoredEntitlement {
  return {
    isActive: row.isActive,
    productId: row.productId,
    expirationDate: row.expirationDate?.toISOString() ?? null,
    willRenew: row.willRenew,
    source: row.source as EntitlementSource,
    version: row.version,
  };
}

export function createEntitlementsRepository(): EntitlementsRepository {
  return {
    async lockUser(tx, userId) {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`billing.user:${userId}`}))::text`;
    },
    async findEntitlement(db, userId) {
      const row = await db.entitlement.findUnique({ where: { userId }, select: ENTITLEMENT_COLUMNS });
      return row && toStored(row);
    },
    async upsertEntitlement(tx, userId, e) {
      const values = {
        isActive: e.isActive,
        productId: e.productId,
        willRenew: e.willRenew,
        source: e.source,
        version: e.version,
        expirationDate: e.expirationDate ? new Date(e.expirationDate) : null,
      };
      await tx.entitlement.upsert({ where: { userId }, create: { userId, ...values }, update: values });
    },
    async expiredActive(db, now, limit) {
      const rows = await db.entitlement.findMany({
        where: { isActive: true, expirationDate: { lte: now } },
        select: { userId: true },
        take: limit,
      });
      return rows.map((r) => r.userId);
    },
    async saveSubscription(tx, s) {
      const data = {
        userId: s.userId,
        productId: s.productId,
        status: s.status,
        entitled: s.entitled,
        accessUntil: s.accessUntil,
        willRenew: s.willRenew,
        stateAt: s.stateAt,
        grantedBy: s.grantedBy ?? null,
        reason: s.reason ?? null,
      };
      await tx.subscription.upsert({
        where: { source_externalId: { source: s.source, externalId: s.externalId } },
        create: { source: s.source, externalId: s.externalId, ...data },
        update: data,
      });
    },
    findSubscription: (db, source, externalId) =>
      db.subscription.findUnique({ where: { source_externalId: { source, externalId } } }),
    findSubscriptions: (db, userId, only = {}) =>
      db.subscription.findMany({ where: { userId, ...only }, orderBy: { createdAt: 'asc' } }),
    async moveSubscriptions(tx, userId, source, toUserId, stateAt) {
      const { count } = await tx.subscription.updateMany({
        where: { userId, source },
        data: { userId: toUserId, stateAt },
      });
      return count;
    },
    async endSubscriptions(tx, userId, source, status, stateAt) {
      await tx.subscription.updateMany({ where: { userId, source }, data: { entitled: false, status, stateAt } });
    },
    async erase(tx, userId) {
      await tx.entitlement.deleteMany({ where: { userId } });
      await tx.subscription.deleteMany({ where: { userId } });
      await tx.$executeRaw`INSERT INTO billing.erased_user (user_id) VALUES (${userId}::uuid) ON CONFLICT DO NOTHING`;
    },
    isErased: async (db, userId) => (await db.erasedUser.count({ where: { userId } })) > 0,
  };
}
