import { fileURLToPath } from 'node:url';
import { EntitlementChanged, LevelReached, ProfileUpdated, UserDeleted, UserRegistered } from '@vere/contracts';
import { assembleService, consume, jwksKeys, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PodsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { createPodsRepository } from './repositories/pods-repository';
import { friendRoutes } from './routes/friends';
import { myPodsRoutes } from './routes/my-pods';
import { podRoutes } from './routes/pods';
import { safetyRoutes } from './routes/safety';
import { resolvePodLogTarget } from './use-cases/pods';
import { resolveUserTarget } from './use-cases/safety';
import { forgetUser, registerProfile, updateEntitlement, updateLevel, updateProfile } from './use-cases/read-models';

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
    routes: async ({ app, prisma, pool, relay }) => {
      const onEvents = () => relay.kick();
      await app.register(myPodsRoutes, { pods: createPodsRepository(prisma), db: pool });
      await app.register(friendRoutes, { pool, onEvents });
      await app.register(safetyRoutes, { pool, onEvents, reportTargets: [resolveUserTarget, resolvePodLogTarget] });
      await app.register(podRoutes, { pool, onEvents });
    },
    consumers: ({ bus, prisma }) => [
      consume(bus, prisma, 'pods-user-erasure', UserDeleted, forgetUser),
      consume(bus, prisma, 'pods-profile-registry', UserRegistered, registerProfile),
      consume(bus, prisma, 'pods-profile', ProfileUpdated, updateProfile),
      consume(bus, prisma, 'pods-entitlement', EntitlementChanged, updateEntitlement),
      consume(bus, prisma, 'pods-level', LevelReached, updateLevel),
    ],
  });
}
