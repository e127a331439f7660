import type { Db } from './db';

/** Which Stripe customer is which user: one customer per user, ever. */
export interface StripeCustomersRepository {
  customerOf(db: Db, userId: string): Promise<string | null>;
  userOf(db: Db, customerId: string): Promise<string | null>;
  /** Keeps the first link made for the user and answers the customer id that is kept. */
  link(db: Db, userId: string, customerId: string): Promise<string>;
  /** Forgets the user's customer link. */
  erase(tx: Db, userId: string): Promise<void>;
}

export function createStripeCustomersRepository(): StripeCustomersRepository {
  return {
    customerOf: async (db, userId) => (await db.stripeCustomer.findUnique({ where: { userId } }))?.customerId ?? null,
    userOf: async (db, customerId) => (await db.stripeCustomer.findUnique({ where: { customerId } }))?.userId ?? null,
    async link(db, userId, customerId) {
      await db.$executeRaw`INSERT INTO billing.stripe_customer (user_id, customer_id) VALUES (${userId}::uuid, ${customerId}) ON CONFLICT DO NOTHING`;
      const kept = await db.stripeCustomer.findUnique({ where: { userId } });
      return kept?.customerId ?? customerId;
    },
    async erase(tx, userId) {
      await tx.stripeCustomer.deleteMany({ where: { userId } });
    },
  };
}
