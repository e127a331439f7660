import { PRISMA_CLIENT_OPTIONS } from '@vere/service-kit';
import { PrismaClient } from './generated/prisma/client';

type Adapter = NonNullable<NonNullable<ConstructorParameters<typeof PrismaClient>[0]>['adapter']>;

/** identity's Prisma client, with every service's options (service-kit's PRISMA_CLIENT_OPTIONS). */
export const createPrismaClient = (adapter: Adapter) => new PrismaClient({ adapter, ...PRISMA_CLIENT_OPTIONS });
