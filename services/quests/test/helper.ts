import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntitlementChanged, ProfileUpdated, UserRegistered } from '@vere/contracts';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { createInProcessEventBus, newEvent, type InProcessEventBus } from '@vere/service-kit';
import { startTestIssuer, type TestIssuer } from '@vere/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { expect } from 'vitest';
import { createQuestsService, type PhotoProofs, type QuestsHandle, type StorageConfig } from '../src/index';

/** A clock the test moves: every rule in quests reads the time from it. */
export interface TestClock {
  (): Date;
  set(iso: string): void;
}

export function testClock(iso = '2026-01-14T12:00:00Z'): TestClock {
  let now = new Date(iso);
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (next) => { now = new Date(next); };
  return clock;
}

export interface QuestsHarness {
  db: TestDatabase;
  bus: InProcessEventBus;
  issuer: TestIssuer;
  quests: QuestsHandle;
  clock: TestClock;
  sql: pg.Pool;
  /** The folder of this harness's photos (local storage, removed on close). */
  photosDir: string;
  /** Another quests replica on the same database and bus (started on demand). */
  second(): Promise<QuestsHandle>;
  close(): Promise<void>;
}

export async function startQuests(opts: { photos?: PhotoProofs; storage?: StorageConfig; photoUploadsPerHour?: number } = {}): Promise<QuestsHarness> {
  const db = await createTestDatabase('vere_quests');
  const issuer = await startTestIssuer();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  const bus = createInProcessEventBus({ databaseUrl: db.url, logger, dedupeWindowMs: 0 });
  const clock = testClock();
  const photosDir = await mkdtemp(join(tmpdir(), 'vere-quests-photos-'));
  const config = {
    databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl, storage: opts.storage ?? { driver: 'local' as const, dir: photosDir },
    photoUploadsPerHour: opts.photoUploadsPerHour,
  };
  // Tests assign weeks themselves (and test the rotation explicitly).
  const quests = await createQuestsService(config, { bus, logger, clock, photos: opts.photos, rotateOnStart: false, jobPollingIntervalSeconds: 0.5 });
  await quests.start();
  const sql = new pg.Pool({ connectionString: db.url });
  const others: QuestsHandle[] = [];
  return {
    db, bus, issuer, quests, clock, sql, photosDir,
    async second() {
      const other = await createQuestsService(config, { bus, logger, clock, photos: opts.photos, rotateOnStart: false, jobPollingIntervalSeconds: 0.5 });
      await other.start();
      others.push(other);
      return other;
    },
    async close() {
      for (const o of others) await o.close();
      await quests?.close();
      await bus?.close();
      await issuer?.close();
      await sql?.end();
      await db?.drop();
      await rm(photosDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';

/** Calls as one signed-in user. */
export function as(h: QuestsHarness, userId: string, app = h.quests.app) {
  const token = h.issuer.sign(userId);
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as Record<string, unknown>, headers: { authorization: `Bearer ${token}` } });
  return {
    call,
    limits: () => call('GET', '/api/quests/me/limits'),
    accept: (sidequestId: string) => call('POST', '/api/quests/me/swipes/accept', { sidequestId }),
    skip: (sidequestId: string) => call('POST', '/api/quests/me/swipes/skip', { sidequestId }),
    todos: () => call('GET', '/api/quests/me/todos'),
    complete: (id: string, body: unknown) => call('POST', `/api/quests/me/todos/${id}/complete`, body),
    remove: (id: string) => call('DELETE', `/api/quests/me/todos/${id}`),
    leaderboard: (query = '') => call('GET', `/api/quests/leaderboard${query}`),
    progress: () => call('GET', '/api/quests/me/progress'),
  };
}

/** A registered player (through identity's event), waited for. */
export async function newPlayer(h: QuestsHarness, opts: { timeZone?: string | null; name?: string; username?: string | null } = {}): Promise<string> {
  const userId = randomUUID();
  await h.bus.publish(newEvent(UserRegistered.subject, userId, {
    name: opts.name ?? 'Ana', username: opts.username === undefined ? `ana_${userId.slice(0, 6)}` : opts.username,
    ...(opts.timeZone === undefined ? {} : { timeZone: opts.timeZone }),
  }));
  await expect.poll(async () => (await h.sql.query('SELECT 1 FROM quests.player WHERE user_id = $1', [userId])).rowCount, { timeout: 5000 }).toBe(1);
  return userId;
}

export async function publishEntitlement(h: QuestsHarness, userId: string, fields: { version: number; isActive: boolean; expirationDate?: string | null }) {
  await h.bus.publish(newEvent(EntitlementChanged.subject, userId, {
    version: fields.version, isActive: fields.isActive, productId: 'vere_pro_monthly', expirationDate: fields.expirationDate ?? null,
    willRenew: fields.isActive, source: 'stripe' as const,
  }));
  await h.bus.idle();
}

export async function publishProfile(h: QuestsHarness, userId: string, fields: Record<string, unknown>) {
  const event = newEvent(ProfileUpdated.subject, userId, {
    name: 'Ana', username: `ana_${userId.slice(0, 6)}`, displayName: null, photoUrl: null, avatarConfig: null, ...fields,
  });
  await h.bus.publish(event);
  await h.bus.idle();
  return event;
}

/** Ids of seeded cards, newest first. */
export async function sidequestIds(h: QuestsHarness, type: 'daily' | 'weekend'): Promise<string[]> {
  const { rows } = await h.sql.query<{ id: string }>('SELECT id FROM quests.sidequest WHERE type = $1 ORDER BY created_at DESC', [type]);
  return rows.map((r) => r.id);
}

export const count = async (h: QuestsHarness, sqlText: string, values: unknown[]) =>
  Number((await h.sql.query(sqlText, values)).rows[0].count);
