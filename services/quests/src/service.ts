import { fileURLToPath } from 'node:url';
import { UserDeleted, UserRegistered } from '@vere/contracts';
import { assembleService, consume, jwksKeys, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { QuestsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { createPlayersRepository } from './repositories/players-repository';
import { progressRoutes } from './routes/progress';
import { forgetPlayer, registerPlayer } from './use-cases/register-player';

export function createQuestsService(
  config: QuestsConfig,
  deps: { bus: EventBus; logger: FastifyBaseLogger },
): Promise<ServiceHandle> {
  return assembleService({
    name: 'quests',
    prismaDir: fileURLToPath(new URL('../prisma', import.meta.url)),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    createPrisma: (adapter) => new PrismaClient({ adapter }),
    auth: () => ({ issuer: config.issuer, keys: jwksKeys(config.jwksUrl) }),
    routes: async ({ app, pool }) => {
      await app.register(progressRoutes, { players: createPlayersRepository(pool) });
    },
    consumers: ({ bus, prisma }) => [
      consume(bus, prisma, 'quests-player-registry', UserRegistered, registerPlayer),
      consume(bus, prisma, 'quests-user-erasure', UserDeleted, forgetPlayer),
    ],
  });
}
