import { randomUUID } from 'node:crypto';
import { UserDeleted, UserRegistered } from '@vere/contracts';
import { startTestIssuer, type TestIssuer } from '@vere/test-kit';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import {
  createInProcessEventBus, newEvent, type InProcessEventBus, type ServiceHandle,
} from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestsService } from '../src/index';

let db: TestDatabase;
let bus: InProcessEventBus;
let issuer: TestIssuer;
let quests: ServiceHandle;
let sql: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('vere_quests');
  issuer = await startTestIssuer();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  // No bus-level dedupe: a duplicate publish reaches the consumer, so only the inbox can absorb it.
  bus = createInProcessEventBus({ databaseUrl: db.url, logger, dedupeWindowMs: 0 });
  quests = await createQuestsService({ databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl }, { bus, logger });
  await quests.start();
  sql = new pg.Pool({ connectionString: db.url });
});
afterAll(async () => {
  await quests?.close();
  await bus?.close();
  await issuer?.close();
  await sql?.end();
  await db?.drop();
});

const progress = (token?: string) =>
  quests.app.inject({ method: 'GET', url: '/api/quests/me/progress', headers: token ? { authorization: `Bearer ${token}` } : {} });
const registered = (userId: string, name = 'Ana') => newEvent(UserRegistered.subject, userId, { name, username: null });
const playerCount = async (userId: string) =>
  Number((await sql.query('SELECT count(*) FROM quests.player WHERE user_id = $1', [userId])).rows[0].count);

describe('player registry', () => {
  it('creates a level-1 player with 0 / 100 XP from identity.user.registered.v1', async () => {
    const userId = randomUUID();
    await bus.publish(registered(userId));
    await expect.poll(async () => (await progress(issuer.sign(userId))).statusCode, { timeout: 5000 }).toBe(200);
    expect((await progress(issuer.sign(userId))).json()).toEqual({
      currentLevel: 1, currentLevelXP: 0, nextLevelXP: 100, xpProgress: 0, xpToNext: 100, totalXP: 0, weeklyStreak: 0,
    });
  });

  it('applies a redelivered or re-published event once', async () => {
    const userId = randomUUID();
    const event = registered(userId);
    await bus.publish(event);
    await bus.publish(event);
    await bus.idle();
    expect(await playerCount(userId)).toBe(1);
    // Creating a player is not idempotent by itself: only the inbox kept the second one out.
    expect((await bus.deadLetters()).filter((d) => d.event.payload.eventId === event.payload.eventId)).toEqual([]);
    const inbox = await sql.query('SELECT count(*) FROM quests.inbox_event WHERE event_id = $1', [event.payload.eventId]);
    expect(Number(inbox.rows[0].count)).toBe(1);
  });

  it('dead-letters a malformed event instead of applying it', async () => {
    const userId = randomUUID();
    const bad = { subject: UserRegistered.subject, payload: { ...registered(userId).payload, name: 42 } };
    await bus.publish(bad as never);
    const letters = async () => (await bus.deadLetters()).filter((d) => d.event.payload.userId === userId);
    await expect.poll(async () => (await letters()).length, { timeout: 5_000 }).toBe(1);
    // A contract breach is permanent: dead-lettered on the first attempt, not retried.
    expect((await letters())[0]?.attempts).toBe(1);
    expect(await playerCount(userId)).toBe(0);
  });
});

describe('account deletion', () => {
  it('erases the player on identity.user.deleted.v1, and a registration arriving late does not bring it back', async () => {
    const userId = randomUUID();
    const registration = registered(userId);
    await bus.publish(registration);
    await bus.idle();
    expect(await playerCount(userId)).toBe(1);

    await bus.publish(newEvent(UserDeleted.subject, userId, {}));
    await bus.idle();
    expect(await playerCount(userId)).toBe(0);
    expect((await progress(issuer.sign(userId))).statusCode).toBe(404);

    // Consumers of different subjects keep no order between them: a registration seen after the
    // deletion (a new event id, as a replay from the dead-letter queue would be) stays ignored.
    await bus.publish(registered(userId));
    await bus.idle();
    expect(await playerCount(userId)).toBe(0);
    expect((await bus.deadLetters()).filter((d) => d.event.payload.userId === userId)).toEqual([]);
  });
});

describe('GET /api/quests/me/progress', () => {
  it('answers 404 PLAYER_NOT_FOUND before the player exists', async () => {
    const res = await progress(issuer.sign(randomUUID()));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PLAYER_NOT_FOUND');
  });

  it('reflects the stored XP through the level curve', async () => {
    const userId = randomUUID();
    await bus.publish(registered(userId));
    await expect.poll(() => playerCount(userId), { timeout: 5000 }).toBe(1);
    await sql.query('UPDATE quests.player SET total_xp = 175 WHERE user_id = $1', [userId]);
    expect((await progress(issuer.sign(userId))).json()).toMatchObject({ currentLevel: 2, currentLevelXP: 100, nextLevelXP: 250, xpToNext: 75 });
  });

  it.each([
    ['no token', undefined],
    ['an expired token', 'expired'],
    ['a token from another issuer', 'issuer'],
    ['garbage', 'garbage'],
  ])('answers 401 UNAUTHENTICATED with %s', async (_label, kind) => {
    const userId = randomUUID();
    const token = kind === 'expired' ? issuer.sign(userId, { expired: true })
      : kind === 'issuer' ? issuer.sign(userId, { issuer: 'someone-else' })
        : kind === 'garbage' ? 'abc.def.ghi' : undefined;
    const res = await progress(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});
