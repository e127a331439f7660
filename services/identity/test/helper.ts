import type { TestDatabase } from '@vere/dev-db';
import { createInProcessEventBus, type InProcessEventBus, type ServiceHandle } from '@vere/service-kit';
import { startServiceHarness, type ServiceHarness, type ServiceHarnessContext } from '@vere/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import { createIdentityService, type IdentityConfig } from '../src/index';
import { prismaDir } from '../src/prisma-dir';

/** identity, fully wired, on real PostgreSQL and the embedded bus. It issues its own tokens: the harness's issuer goes unused. */
export type IdentityHarness = ServiceHarness<ServiceHandle, InProcessEventBus>;

export interface IdentityOptions {
  /** Runs on this database (kept on close) instead of a fresh one. */
  db?: TestDatabase;
  logger?: FastifyBaseLogger;
}

/** identity as the tests build it. */
function createIdentity(
  { db, bus, logger }: ServiceHarnessContext<InProcessEventBus>,
  overrides: Partial<IdentityConfig>,
): Promise<ServiceHandle> {
  return createIdentityService(
    {
      databaseUrl: db.url,
      issuer: 'vere-identity',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      cookieSecure: true,
      authRateLimitPerMinute: 1000,
      // The notification tick runs on the real clock otherwise: tests drive it (notification-scheduler.test.ts).
      scheduler: false,
      ...overrides,
    },
    { bus, logger },
  );
}

/** identity on a fresh database of its own (or `options.db`); close() also drops the database it made. */
export function buildIdentity(
  overrides: Partial<IdentityConfig> = {},
  options: IdentityOptions = {},
): Promise<IdentityHarness> {
  return startServiceHarness({
    name: 'vere_identity',
    migrations: { schema: 'identity', prismaDir: prismaDir() },
    ...options,
    bus: ({ db, logger }) => createInProcessEventBus({ databaseUrl: db.url, logger }),
    create: (ctx) => createIdentity(ctx, overrides),
  });
}

/** The auth calls tests make against one identity app. */
export function authCalls(service: ServiceHandle) {
  const { app } = service;
  return {
    signUp: (body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/identity/auth/sign-up', payload: body }),
    signIn: (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/identity/auth/sign-in', payload: { email, password } }),
    refresh: (cookie?: string) =>
      app.inject({ method: 'POST', url: '/api/identity/auth/refresh', headers: cookie ? { cookie } : {} }),
    me: (token: string) =>
      app.inject({ method: 'GET', url: '/api/identity/me', headers: { authorization: `Bearer ${token}` } }),
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
