import { fileURLToPath } from 'node:url';
import { UserDeleted } from '@vere/contracts';
import { assembleService, consume, jwksKeys, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { createEntitlementsRepository, eraseEntitlement } from './repositories/entitlements-repository';
import { entitlementRoutes } from './routes/entitlement';

export function createBillingService(
  config: BillingConfig,
  deps: { bus: EventBus; logger: FastifyBaseLogger },
): Promise<ServiceHandle> {
  return assembleService({
    name: 'billing',
    prismaDir: fileURLToPath(new URL('../prisma', import.meta.url)),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    createPrisma: (adapter) => new PrismaClient({ adapter }),
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async ({ app, prisma }) => {
      await app.register(entitlementRoutes, { entitlements: createEntitlementsRepository(prisma) });
    },
    // identity.user.deleted.v1: the entitlement goes with the account.
    consumers: ({ bus, prisma }) => [
      consume(bus, prisma, 'billing-user-erasure', UserDeleted, (tx, e) => eraseEntitlement(tx, e.userId)),
    ],
  });
}
