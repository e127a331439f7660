import type { Db } from './db';

/** Local mode's Stripe-shaped objects (`local_stripe_object`): data access only, for stripe/local-gateway.ts. */
export interface LocalStripeObjectsRepository {
  save(db: Db, id: string, type: string, data: object): Promise<void>;
  find(db: Db, id: string): Promise<{ type: string; data: unknown } | null>;
  /** The customer's subscriptions, newest first. */
  subscriptionsOf(db: Db, customerId: string): Promise<unknown[]>;
}

export function createLocalStripeObjectsRepository(): LocalStripeObjectsRepository {
  return {
    async save(db, id, type, data) {
      await db.localStripeObject.upsert({ where: { id }, create: { id, type, data }, update: { data } });
    },
    find: (db, id) => db.localStripeObject.findUnique({ where: { id }, select: { type: true, data: true } }),
    async subscriptionsOf(db, customerId) {
      const rows = await db.localStripeObject.findMany({
        where: { type: 'subscription', data: { path: ['customer'], equals: customerId } },
        orderBy: { createdAt: 'desc' },
      });
      return rows.map((r) => r.data);
    },
  };
}
