import { EntitlementChanged, type Entitlement, type EntitlementSource } from '@vere/contracts';
import { newEvent, outboxRecord } from '@vere/service-kit';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { deriveEntitlement, sameEntitlement } from '../use-cases/entitlement-rules';

export type Tx = Prisma.TransactionClient;

/** One subscription's state as a provider (or a grant) tells it. */
export interface SubscriptionWrite {
  userId: string;
  source: 'stripe' | 'revenuecat' | 'database';
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

export interface StoredEntitlement extends Entitlement {
  version: number;
}

/** Data access for subscriptions and the entitlement derived from them: no rules here (see use-cases/). */
export interface EntitlementsRepository {
  find(userId: string): Promise<StoredEntitlement | null>;
  /**
   * Runs `write` and re-derives the user's entitlement in one transaction, holding the user's lock (so
   * two webhooks for one user never interleave). A changed entitlement gets the next version and its
   * billing.entitlement.changed.v1 event in the same transaction.
   */
  changeFor(userId: string, now: Date, write?: (tx: Tx) => Promise<void>): Promise<{ entitlement: StoredEntitlement; changed: boolean }>;
  /** Users whose stored entitlement is active but has expired by `now` (the sweep re-derives them). */
  expiredActive(now: Date, limit: number): Promise<string[]>;
  exportOf(userId: string): Promise<{ entitlement: StoredEntitlement | null; subscriptions: SubscriptionRow[] }>;
}

export interface SubscriptionRow {
  source: string;
  productId: string | null;
  status: string;
  accessUntil: Date | null;
  willRenew: boolean;
  createdAt: Date;
  stateAt: Date;
  externalId: string;
  userId: string;
}

const ENTITLEMENT_COLUMNS = { isActive: true, productId: true, expirationDate: true, willRenew: true, source: true, version: true } as const;

function toStored(row: { isActive: boolean; productId: string | null; expirationDate: Date | null; willRenew: boolean; source: string; version: number }): StoredEntitlement {
  return {
    isActive: row.isActive, productId: row.productId, expirationDate: row.expirationDate?.toISOString() ?? null,
    willRenew: row.willRenew, source: row.source as EntitlementSource, version: row.version,
  };
}

/** Upserts one subscription keyed by (source, externalId). */
export async function saveSubscription(tx: Tx, s: SubscriptionWrite): Promise<void> {
  const data = {
    userId: s.userId, productId: s.productId, status: s.status, entitled: s.entitled, accessUntil: s.accessUntil,
    willRenew: s.willRenew, stateAt: s.stateAt, grantedBy: s.grantedBy ?? null, reason: s.reason ?? null,
  };
  await tx.subscription.upsert({
    where: { source_externalId: { source: s.source, externalId: s.externalId } },
    create: { source: s.source, externalId: s.externalId, ...data },
    update: data,
  });
}

export async function findSubscription(tx: Tx, source: string, externalId: string): Promise<SubscriptionRow | null> {
  return tx.subscription.findUnique({ where: { source_externalId: { source, externalId } } });
}

export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`billing.user:${userId}`}))::text`;
}

export function createEntitlementsRepository(prisma: PrismaClient, onEventsWritten: () => void): EntitlementsRepository {
  return {
    async find(userId) {
      const row = await prisma.entitlement.findUnique({ where: { userId }, select: ENTITLEMENT_COLUMNS });
      return row && toStored(row);
    },
    async changeFor(userId, now, write) {
      const result = await prisma.$transaction(async (tx) => {
        await lockUser(tx, userId);
        if (write) await write(tx);
        const subscriptions = await tx.subscription.findMany({ where: { userId } });
        const derived = deriveEntitlement(subscriptions, now);
        const current = await tx.entitlement.findUnique({ where: { userId }, select: ENTITLEMENT_COLUMNS });
        if (current && sameEntitlement(toStored(current), derived)) return { entitlement: toStored(current), changed: false };
        // Never Pro here and still not: nothing to announce (a free user stays without a row).
        if (!current && !derived.isActive) return { entitlement: { ...derived, version: 0 }, changed: false };
        const version = (current?.version ?? 0) + 1;
        const values = {
          isActive: derived.isActive, productId: derived.productId, willRenew: derived.willRenew, source: derived.source, version,
          expirationDate: derived.expirationDate ? new Date(derived.expirationDate) : null,
        };
        await tx.entitlement.upsert({ where: { userId }, create: { userId, ...values }, update: values });
        await tx.outboxEvent.create({ data: outboxRecord(newEvent(EntitlementChanged.subject, userId, { version, ...derived })) });
        return { entitlement: { ...derived, version }, changed: true };
      });
      if (result.changed) onEventsWritten();
      return result;
    },
    async expiredActive(now, limit) {
      const rows = await prisma.entitlement.findMany({
        where: { isActive: true, expirationDate: { lte: now } }, select: { userId: true }, take: limit,
      });
      return rows.map((r) => r.userId);
    },
    async exportOf(userId) {
      const [row, subscriptions] = await Promise.all([
        prisma.entitlement.findUnique({ where: { userId }, select: ENTITLEMENT_COLUMNS }),
        prisma.subscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
      ]);
      return { entitlement: row && toStored(row), subscriptions };
    },
  };
}

/** Inside the consumer's transaction: the account is gone, so are its entitlement and subscriptions. */
export async function eraseEntitlement(tx: Tx, userId: string): Promise<void> {
  await tx.entitlement.deleteMany({ where: { userId } });
  await tx.subscription.deleteMany({ where: { userId } });
  await tx.stripeCustomer.deleteMany({ where: { userId } });
}
