import { PrismaClient } from './generated/prisma/client';

type Adapter = NonNullable<NonNullable<ConstructorParameters<typeof PrismaClient>[0]>['adapter']>;

/**
 * identity's Prisma client. errorFormat 'minimal', as Prisma picks under NODE_ENV=production, in
 * every environment: otherwise every query records its call site (an Error) and the first failed
 * query decodes Prisma's source map for the message, ~5 MB kept for the life of the process, which
 * `npm start` and the soak run into (bench/soak.mjs; decision 0064).
 */
export const createPrismaClient = (adapter: Adapter) => new PrismaClient({ adapter, errorFormat: 'minimal' });
