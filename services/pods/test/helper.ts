import { randomUUID } from 'node:crypto';
import { EntitlementChanged, LevelReached, ProfileUpdated, UserRegistered, WeeklyCompleted } from '@vere/contracts';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { createInProcessEventBus, newEvent, type InProcessEventBus, type ServiceHandle } from '@vere/service-kit';
import { startTestIssuer, type TestIssuer } from '@vere/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { expect } from 'vitest';
import { createPodsService } from '../src/index';

export interface PodsHarness {
  db: TestDatabase;
  bus: InProcessEventBus;
  issuer: TestIssuer;
  pods: ServiceHandle;
  sql: pg.Pool;
  close(): Promise<void>;
}

export async function startPods(options: { clock?: () => Date; jobs?: boolean; heartbeatMs?: number; photoUrl?: (photoId: string) => Promise<string> } = {}): Promise<PodsHarness> {
  const db = await createTestDatabase('vere_pods');
  const issuer = await startTestIssuer();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  const bus = createInProcessEventBus({ databaseUrl: db.url, logger, dedupeWindowMs: 0 });
  const pods = await createPodsService({ databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl }, { bus, logger, jobs: false, ...options });
  await pods.start();
  const sql = new pg.Pool({ connectionString: db.url, max: 4 });
  return {
    db, bus, issuer, pods, sql,
    async close() {
      await pods?.close();
      await bus?.close();
      await issuer?.close();
      await sql?.end();
      await connectionsClosed(db.url);
      await db?.drop();
    },
  };
}

/**
 * A pool's end() resolves before its sockets have closed; dropping the database WITH (FORCE) at
 * that moment fails the closing connections with 57P01, which Vitest reports as unhandled errors.
 * Wait (up to 5 s) until the database has no connections left.
 */
async function connectionsClosed(url: string): Promise<void> {
  const server = new URL(url);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await admin.end();
  }
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';

/** Calls as one signed-in user (or anonymously with userId null). */
export function as(h: PodsHarness, userId: string | null) {
  const headers = userId ? { authorization: `Bearer ${h.issuer.sign(userId)}` } : {};
  return (method: Method, url: string, payload?: unknown) =>
    h.pods.app.inject({ method, url, payload: payload as Record<string, unknown>, headers });
}

/** Publishes identity's profile event for a user and waits until pods applied it. */
export async function publishProfile(h: PodsHarness, userId: string, fields: Record<string, unknown> = {}) {
  const event = newEvent(ProfileUpdated.subject, userId, {
    name: 'Ana', username: `ana_${userId.slice(0, 6)}`, displayName: null, photoUrl: null, avatarConfig: null, ...fields,
  });
  await h.bus.publish(event);
  await h.bus.idle();
  return event;
}

export async function publishRegistered(h: PodsHarness, userId: string, fields: { name?: string; username?: string | null } = {}) {
  await h.bus.publish(newEvent(UserRegistered.subject, userId, { name: fields.name ?? 'Ana', username: fields.username === undefined ? `ana_${userId.slice(0, 6)}` : fields.username }));
  await h.bus.idle();
}

export async function publishEntitlement(h: PodsHarness, userId: string, fields: { version: number; isActive: boolean; expirationDate?: string | null }) {
  await h.bus.publish(newEvent(EntitlementChanged.subject, userId, {
    version: fields.version, isActive: fields.isActive, productId: 'vere_pro_monthly', expirationDate: fields.expirationDate ?? null,
    willRenew: fields.isActive, source: 'stripe' as const,
  }));
  await h.bus.idle();
}

export async function publishLevel(h: PodsHarness, userId: string, level: number) {
  await h.bus.publish(newEvent(LevelReached.subject, userId, { level, previousLevel: level - 1, totalXP: level * 100, rewards: [] }));
  await h.bus.idle();
}

/** A user pods knows (through identity's events), with a unique username. */
export async function newUser(h: PodsHarness, fields: Record<string, unknown> = {}): Promise<string> {
  const userId = randomUUID();
  await publishProfile(h, userId, { name: `User ${userId.slice(0, 4)}`, username: `u${userId.replace(/-/g, '').slice(0, 12)}`, ...fields });
  await expect.poll(async () => (await h.sql.query('SELECT 1 FROM pods.profile WHERE user_id = $1', [userId])).rowCount, { timeout: 5000 }).toBe(1);
  return userId;
}

/** Creates a pod through the API as `creator`; answers its id and first invite code. */
export async function createPod(h: PodsHarness, creator: string, name = 'Morning Crew'): Promise<{ podId: string; code: string }> {
  const res = await as(h, creator)('POST', '/api/pods/pods', { name });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { podId: body.id, code: body.invites[0].code };
}

/** A log entry written straight into the table (the weekly-completion writer comes later). */
export async function addLogEntry(h: PodsHarness, podId: string, userId: string, fields: { message?: string; createdAt?: Date } = {}): Promise<string> {
  const id = randomUUID();
  await h.sql.query(
    `INSERT INTO pods.pod_log (id, pod_id, user_id, weekly_challenge_id, message, proof_text, proof_photo_id, created_at)
     VALUES ($1, $2, $3, $4, $5, 'did it', NULL, $6)`,
    [id, podId, userId, randomUUID(), fields.message ?? 'Done!', fields.createdAt ?? new Date()],
  );
  return id;
}

/** quests.weekly.completed.v1 for a user (not yet published). */
export function weeklyCompleted(userId: string, weeklyChallengeId: string, fields: { podIds?: string[]; completedAt?: Date; note?: string | null; proofPhotoId?: string | null; title?: string } = {}) {
  return newEvent(WeeklyCompleted.subject, userId, {
    weeklyChallengeId, challengeId: randomUUID(), weekNumber: 2860, title: fields.title ?? 'Talk to a stranger', xpAwarded: 120,
    completedAt: (fields.completedAt ?? new Date()).toISOString(), hasPhoto: Boolean(fields.proofPhotoId),
    podIds: fields.podIds ?? [], note: fields.note ?? null, proofPhotoId: fields.proofPhotoId ?? null,
  });
}

/** Joins a pod with its invite code through the API. */
export async function joinPod(h: PodsHarness, userId: string, code: string): Promise<void> {
  const res = await as(h, userId)('POST', `/api/pods/invites/${code}/join`);
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves a member's join (and the pod's creation) back in time, as if it happened then. */
export async function backdateMember(h: PodsHarness, podId: string, userId: string, at: Date): Promise<void> {
  await h.sql.query('UPDATE pods.pod_member SET joined_at = $3 WHERE pod_id = $1 AND user_id = $2', [podId, userId, at]);
  await h.sql.query('UPDATE pods.pod SET created_at = LEAST(created_at, $2) WHERE id = $1', [podId, at]);
}

export interface SseEvent { event: string; data: Record<string, unknown>; at: number }

/** Opens a server-sent event stream and collects its named events (and `: ping` comments) until closed. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let comments = 0;
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data), at: Date.now() });
            else if (block.includes(': ping')) comments++;
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  }
  return { res, events, comments: () => comments, ended: () => ended, close: () => controller.abort() };
}
