import { fileURLToPath } from 'node:url';
import { UserDeleted } from '@vere/contracts';
import { assembleService, consume, jwksKeys, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PodsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { createPodsRepository, eraseMember } from './repositories/pods-repository';
import { myPodsRoutes } from './routes/my-pods';

export function createPodsService(
  config: PodsConfig,
  deps: { bus: EventBus; logger: FastifyBaseLogger },
): Promise<ServiceHandle> {
  return assembleService({
    name: 'pods',
    prismaDir: fileURLToPath(new URL('../prisma', import.meta.url)),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    createPrisma: (adapter) => new PrismaClient({ adapter }),
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async ({ app, prisma }) => {
      await app.register(myPodsRoutes, { pods: createPodsRepository(prisma) });
    },
    // identity.user.deleted.v1: the user leaves every pod (see eraseMember).
    consumers: ({ bus, prisma }) => [
      consume(bus, prisma, 'pods-user-erasure', UserDeleted, (tx, e) => eraseMember(tx, e.userId)),
    ],
  });
}
