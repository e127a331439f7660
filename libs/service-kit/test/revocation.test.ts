import { randomUUID } from 'node:crypto';
import { SessionRevoked, UserDeleted } from '@vere/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { SignJWT, generateKeyPair } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin, serviceAudience } from '../src/auth';
import { installErrorHandling } from '../src/errors';
import { newEvent, quoteIdent } from '../src/events/outbox';
import type { InProcessEventBus } from '../src/events/in-process-bus';
import type { Subscription } from '../src/events/types';
import { RevocationList } from '../src/revocation';
import { createTestInProcessBus, createTestSchema, type TestSchema } from './events/helpers';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const ISSUER = 'vere-identity';

// Two replicas of one service on one schema and one bus: the durable consumers run on the first;
// the second learns of a revocation only through the table.
let db: TestSchema;
let bus: InProcessEventBus;
let keyPair: Awaited<ReturnType<typeof generateKeyPair>>;
const replicas: Array<{ list: RevocationList; app: FastifyInstance }> = [];
const subscriptions: Subscription[] = [];

async function replica(opts: { consume: boolean }) {
  const list = new RevocationList({ pool: db.pool, schema: db.schema, bus, logger, refreshMs: 200 });
  await list.start();
  if (opts.consume) subscriptions.push(...(await Promise.all(list.consumers('tests'))));
  const app = Fastify({ loggerInstance: logger });
  installErrorHandling(app);
  await app.register(authPlugin, {
    issuer: ISSUER,
    audience: serviceAudience('quests'),
    keys: async () => keyPair.publicKey,
    revoked: list.isRevoked,
  });
  app.get('/me', { onRequest: app.authenticate }, async (request) => ({ userId: request.userId }));
  replicas.push({ list, app });
  return { list, app };
}

const sign = (userId: string, sessionId?: string) =>
  new SignJWT(sessionId ? { sid: sessionId } : {})
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(serviceAudience('quests'))
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(keyPair.privateKey);

const status = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } })).statusCode;

beforeAll(async () => {
  keyPair = await generateKeyPair('ES256');
  db = await createTestSchema();
  await db.pool.query(`
    CREATE TABLE ${quoteIdent(db.schema)}."revocation" (
      "kind" TEXT NOT NULL, "id" UUID NOT NULL, "revoked_at" TIMESTAMPTZ(3) NOT NULL, "seq" BIGSERIAL NOT NULL UNIQUE,
      PRIMARY KEY ("kind", "id"));
    CREATE INDEX ON ${quoteIdent(db.schema)}."revocation" ("revoked_at");
  `);
  bus = createTestInProcessBus();
});
afterAll(async () => {
  await Promise.all(subscriptions.map((s) => s.stop()));
  for (const r of replicas) {
    await r.list.stop();
    await r.app.close();
  }
  await bus?.close();
  await db?.drop();
});

describe('the revocation read model', () => {
  it('refuses an ended session’s tokens on every replica within a second, remembered ones included', async () => {
    const [a, b] = [await replica({ consume: true }), await replica({ consume: false })];
    const userId = randomUUID();
    const [ended, other] = [randomUUID(), randomUUID()];
    const [token, otherToken] = [await sign(userId, ended), await sign(userId, other)];
    for (const app of [a.app, b.app]) expect(await status(app, token)).toBe(200); // now remembered as verified

    await bus.publish(
      newEvent(SessionRevoked.subject, userId, { sessionId: ended, revokedAt: new Date().toISOString() }),
    );
    await bus.idle();
    expect(await status(a.app, token)).toBe(401);
    await expect.poll(() => status(b.app, token), { timeout: 1_500, interval: 50 }).toBe(401);
    for (const app of [a.app, b.app]) expect(await status(app, otherToken)).toBe(200);
  });

  it('refuses every token of a deleted user, with or without a session', async () => {
    const [a, b] = [replicas[0]!, replicas[1]!];
    const userId = randomUUID();
    const tokens = [await sign(userId, randomUUID()), await sign(userId)];
    await bus.publish(newEvent(UserDeleted.subject, userId, {}));
    await bus.idle();
    for (const token of tokens) {
      expect(await status(a.app, token)).toBe(401);
      await expect.poll(() => status(b.app, token), { timeout: 1_500, interval: 50 }).toBe(401);
    }
    expect(await status(a.app, await sign(randomUUID()))).toBe(200);
  });

  it('a replica starting later refuses what was revoked before it started', async () => {
    const userId = randomUUID();
    await bus.publish(newEvent(UserDeleted.subject, userId, {}));
    await bus.idle();
    const late = await replica({ consume: false });
    expect(await status(late.app, await sign(userId))).toBe(401);
  });

  it('refuses a token whose session claim is not a session id', async () => {
    const app = replicas[0]!.app;
    expect(await status(app, await sign(randomUUID(), 'not-a-uuid'))).toBe(401);
  });
});
