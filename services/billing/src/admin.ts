import { openServiceDatabase, prismaTransactions } from '@vere/service-kit';
import type { Entitlement } from '@vere/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { PrismaClient } from './generated/prisma/client';
import { createEntitlementsRepository } from './repositories/entitlements-repository';
import { grantPro, revokeGrant, type GrantRequest } from './use-cases/grants';
import { prismaDir } from './prisma-dir';

export interface BillingAdmin {
  grant(g: GrantRequest): Promise<Entitlement>;
  revoke(g: Omit<GrantRequest, 'until'>): Promise<Entitlement>;
  close(): Promise<void>;
}

/**
 * billing's operator hands (the `npm run billing` command): grants written with their event in
 * billing's outbox, which the running billing service publishes (within a second).
 */
export async function openBillingAdmin(databaseUrl: string, logger: FastifyBaseLogger): Promise<BillingAdmin> {
  const { pool, adapter } = await openServiceDatabase({
    schema: 'billing',
    databaseUrl,
    prismaDir: prismaDir(),
    logger,
    poolSize: 2,
  });
  const prisma = new PrismaClient({ adapter });
  // This process relays nothing: the running service's relay finds the rows at its next poll.
  const deps = {
    transaction: prismaTransactions(prisma, { schema: 'billing' }),
    entitlements: createEntitlementsRepository(),
  };
  return {
    grant: (g) => grantPro(deps, g, new Date()),
    revoke: (g) => revokeGrant(deps, g, new Date()),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
