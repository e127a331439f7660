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

export interface RunningIdentity {
  service: ServiceHandle;
  bus: InProcessEventBus;
  /** Stops the service and its bus (the database stays). */
  stop(): Promise<void>;
}

/** identity, fully wired, on `db` (real PostgreSQL) and the embedded bus. */
export async function startIdentity(db: TestDatabase, overrides: Partial<IdentityConfig> = {}): Promise<RunningIdentity> {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  const bus = createInProcessEventBus({ databaseUrl: db.url, logger });
  const service = await createIdentityService({
    databaseUrl: db.url, issuer: 'vere-identity', accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30,
    cookieSecure: true, authRateLimitPerMinute: 1000, ...overrides,
  }, { bus, logger });
  await service.start();
  let stopped = false;
  return {
    service, bus,
    async stop() {
      if (stopped) return;
      stopped = true;
      await service.close();
      await bus.close();
    },
  };
}

/** identity on a fresh database of its own; close() also drops the database. */
export async function buildIdentity(overrides: Partial<IdentityConfig> = {}): Promise<IdentityHarness> {
  const db = await createTestDatabase('vere_identity');
  const { service, bus, stop } = await startIdentity(db, overrides);
  return {
    service, bus, db,
    async close() {
      await stop();
      await db.drop();
    },
  };
}

/** The auth calls tests make against one identity app. */
export function authCalls(service: ServiceHandle) {
  const { app } = service;
  return {
    signUp: (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/identity/auth/sign-up', payload: body }),
    signIn: (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/identity/auth/sign-in', payload: { email, password } }),
    refresh: (cookie?: string) => app.inject({ method: 'POST', url: '/api/identity/auth/refresh', headers: cookie ? { cookie } : {} }),
    me: (token: string) => app.inject({ method: 'GET', url: '/api/identity/me', headers: { authorization: `Bearer ${token}` } }),
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
