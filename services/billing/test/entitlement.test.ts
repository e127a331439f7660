import { randomUUID } from 'node:crypto';
import { startTestIssuer, type TestIssuer } from '@vere/test-kit';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { createInProcessEventBus, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingService } from '../src/index';

let db: TestDatabase;
let bus: EventBus;
let issuer: TestIssuer;
let billing: ServiceHandle;
let sql: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('vere_billing');
  issuer = await startTestIssuer();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  bus = createInProcessEventBus({ databaseUrl: db.url, logger });
  billing = await createBillingService({ databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl }, { bus, logger });
  await billing.start();
  sql = new pg.Pool({ connectionString: db.url });
});
afterAll(async () => {
  await billing?.close();
  await bus?.close();
  await issuer?.close();
  await sql?.end();
  await db?.drop();
});

const entitlement = (token?: string) =>
  billing.app.inject({ method: 'GET', url: '/api/billing/me/entitlement', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/billing/me/entitlement', () => {
  it('reads a user without an entitlement as not Pro', async () => {
    const res = await entitlement(issuer.sign(randomUUID()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPro: false, source: 'none', expiresAt: null });
  });

  it('reads an active entitlement as Pro, and an expired one as not Pro', async () => {
    const [active, expired] = [randomUUID(), randomUUID()];
    const future = new Date(Date.now() + 30 * 86_400_000);
    await sql.query(
      `INSERT INTO billing.entitlement (user_id, is_pro, source, expires_at, updated_at) VALUES
       ($1, true, 'stripe', $2, now()), ($3, true, 'revenuecat', now() - interval '1 day', now())`,
      [active, future, expired],
    );
    expect((await entitlement(issuer.sign(active))).json()).toEqual({ isPro: true, source: 'stripe', expiresAt: future.toISOString() });
    expect((await entitlement(issuer.sign(expired))).json()).toEqual({ isPro: false, source: 'none', expiresAt: null });
  });

  it('answers 401 without a valid token', async () => {
    const res = await entitlement('garbage');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});
