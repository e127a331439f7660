import type { Prisma } from '../generated/prisma/client';

/**
 * What a repository runs on: the `tx` of an open unit of work (service-kit's `transaction`), or the
 * Prisma client itself for a read or a single statement that needs no transaction of its own.
 * Repositories never open one: the use case decides what commits together.
 */
export type Db = Prisma.TransactionClient;
