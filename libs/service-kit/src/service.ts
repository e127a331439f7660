import type { PrismaPg } from '@prisma/adapter-pg';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createServiceApp, type ServiceApp } from './app';
import type { AuthOptions } from './auth';
import type { EventBus, Subscription } from './events/types';
import { OutboxRelay } from './events/outbox';
import { openServiceDatabase } from './prisma';
import { RevocationList } from './revocation';
import type { ServiceHandle } from './runtime';

export interface ServiceContext<P> {
  /** Service name, also its PostgreSQL schema. */
  name: string;
  app: ServiceApp;
  prisma: P;
  pool: pg.Pool;
  bus: EventBus;
  relay: OutboxRelay;
  logger: FastifyBaseLogger;
}

/** A generated Prisma client (identity, billing) or none (quests and pods use plain `pg`: decision 0031). */
type DataClient = { $disconnect(): Promise<void> } | undefined;

export interface ServiceDefinition<P extends DataClient> {
  /** Service name and PostgreSQL schema. */
  name: string;
  /** Folder holding schema.prisma and migrations/. */
  prismaDir: string;
  databaseUrl: string;
  bus: EventBus;
  logger: FastifyBaseLogger;
  logLevel?: string;
  /** Who may set X-Forwarded-For (TRUST_PROXY); default loopback. */
  trustProxy?: string;
  /** The service's generated Prisma client, for services whose data client is Prisma. */
  createPrisma?: (adapter: PrismaPg) => P;
  /**
   * How bearer tokens are verified (may need the database, as in identity). Without a `revoked`
   * check of its own, the service keeps the revocation read model (revocation.ts): a `revocation`
   * table in its schema, fed by durable consumers subscribed here, read by every replica each second.
   */
  auth: (prisma: P) => Promise<Omit<AuthOptions, 'audience'>> | Omit<AuthOptions, 'audience'>;
  /** Registers the service's routes. */
  routes: (ctx: ServiceContext<P>) => Promise<void>;
  /** Durable consumers, subscribed by start(). */
  consumers?: (ctx: ServiceContext<P>) => Promise<Subscription>[];
}

/**
 * Wires a service the same way every time: migrations → pool → (Prisma) → outbox relay → app
 * (shared plugins, then the service's routes). start() begins relaying and consuming;
 * close() undoes everything in reverse order.
 */
export async function assembleService<P extends DataClient = undefined>(
  def: ServiceDefinition<P>,
): Promise<ServiceHandle> {
  const { pool, adapter } = await openServiceDatabase({
    schema: def.name,
    databaseUrl: def.databaseUrl,
    prismaDir: def.prismaDir,
    logger: def.logger,
  });
  try {
    const prisma = def.createPrisma?.(adapter) as P;
    const relay = new OutboxRelay({ pool, schema: def.name, bus: def.bus, logger: def.logger });
    const auth = await def.auth(prisma);
    const revocations = auth.revoked
      ? undefined
      : new RevocationList({ pool, schema: def.name, bus: def.bus, logger: def.logger });
    const app = await createServiceApp({
      name: def.name,
      pool,
      bus: def.bus,
      logger: def.logger,
      logLevel: def.logLevel,
      auth: revocations ? { ...auth, revoked: revocations.isRevoked } : auth,
      trustProxy: def.trustProxy,
      outboxStats: () => relay.stats(),
    });
    const ctx: ServiceContext<P> = { name: def.name, app, prisma, pool, bus: def.bus, relay, logger: def.logger };
    await def.routes(ctx);
    // The live revocations are known before the app listens: a new replica refuses them from its first request.
    await revocations?.refresh();

    const subscriptions: Subscription[] = [];
    let closed = false;
    return {
      name: def.name,
      app,
      async start() {
        relay.start();
        await revocations?.start();
        subscriptions.push(
          ...(await Promise.all([...(revocations?.consumers(def.name) ?? []), ...(def.consumers?.(ctx) ?? [])])),
        );
      },
      async close() {
        if (closed) return;
        closed = true;
        await Promise.all(subscriptions.map((s) => s.stop()));
        await revocations?.stop();
        await relay.stop();
        await app.close();
        await prisma?.$disconnect();
        await pool.end();
      },
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}
