import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { createInProcessEventBus, type InProcessEventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createIdentityService, type IdentityConfig } from '../src/index';

export interface IdentityHarness {
  service: ServiceHandle;
  bus: InProcessEventBus;
  db: TestDatabase;
  close(): Promise<void>;
}

/** identity, fully wired, on a fresh real PostgreSQL database and the in-process bus. */
export async function buildIdentity(overrides: Partial<IdentityConfig> = {}): Promise<IdentityHarness> {
  const db = await createTestDatabase('vere_identity');
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  const bus = createInProcessEventBus({ databaseUrl: db.url, logger });
  const service = await createIdentityService({
    databaseUrl: db.url, issuer: 'vere-identity', accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30,
    cookieSecure: true, authRateLimitPerMinute: 1000, ...overrides,
  }, { bus, logger });
  await service.start();
  return {
    service, bus, db,
    async close() {
      await service.close();
      await bus.close();
      await db.drop();
    },
  };
}

let counter = 0;
export const uniqueEmail = () => `ana.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
export const STRONG_PASSWORD = 'Challenge1!';

export function refreshCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('vere_refresh='));
  if (!found) throw new Error('no refresh cookie set');
  return found.split(';')[0]!;
}
