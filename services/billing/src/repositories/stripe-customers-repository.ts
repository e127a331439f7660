import type { PrismaClient } from '../generated/prisma/client';

/** Which Stripe customer is which user: one customer per user, ever. */
export interface StripeCustomersRepository {
  customerOf(userId: string): Promise<string | null>;
  userOf(customerId: string): Promise<string | null>;
  /** Keeps the first link made for the user and answers the customer id that is kept. */
  link(userId: string, customerId: string): Promise<string>;
}

export function createStripeCustomersRepository(prisma: PrismaClient): StripeCustomersRepository {
  return {
    customerOf: async (userId) => (await prisma.stripeCustomer.findUnique({ where: { userId } }))?.customerId ?? null,
    userOf: async (customerId) => (await prisma.stripeCustomer.findUnique({ where: { customerId } }))?.userId ?? null,
    async link(userId, customerId) {
      await prisma.$executeRaw`INSERT INTO billing.stripe_customer (user_id, customer_id) VALUES (${userId}::uuid, ${customerId}) ON CONFLICT DO NOTHING`;
      const kept = await prisma.stripeCustomer.findUnique({ where: { userId } });
      return kept?.customerId ?? customerId;
    },
  };
}
