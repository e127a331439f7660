import { randomUUID } from 'node:crypto';
import { LevelReached, WeeklyCompleted } from '@vere/contracts';
import { createInProcessEventBus, newEvent, type InProcessEventBus, type ServiceHandle } from '@vere/service-kit';
import {
  startServiceHarness,
  updateProfile,
  type ProfileFields,
  type ServiceHarness,
  type ServiceHarnessContext,
} from '@vere/test-kit';
import { expect } from 'vitest';
import { createPodsService } from '../src/index';
import { prismaDir } from '../src/prisma-dir';

export interface PodsOptions {
  clock?: () => Date;
  jobs?: boolean;
  heartbeatMs?: number;
  photoUrl?: (photoId: string) => Promise<string>;
  commentRateLimit?: { max: number; windowMs: number };
}

export interface PodsHarness extends ServiceHarness<ServiceHandle, InProcessEventBus> {
  pods: ServiceHandle;
}

/** pods as the tests build it: the scheduled jobs (the week-end sweep) off unless a test turns them on. */
function createPods(
  { db, bus, issuer, logger }: ServiceHarnessContext<InProcessEventBus>,
  options: PodsOptions,
): Promise<ServiceHandle> {
  return createPodsService(
    { databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl },
    { bus, logger, jobs: false, ...options },
  );
}

/** pods fully wired on a fresh database. */
export async function startPods(options: PodsOptions = {}): Promise<PodsHarness> {
  const h = await startServiceHarness({
    name: 'vere_pods',
    migrations: { schema: 'pods', prismaDir: prismaDir() },
    bus: ({ db, logger }) => createInProcessEventBus({ databaseUrl: db.url, logger, dedupeWindowMs: 0 }),
    create: (ctx) => createPods(ctx, options),
  });
  return { ...h, pods: h.service };
}

/** Calls as one signed-in user (or anonymously with userId null). */
export const as = (h: PodsHarness, userId: string | null) => h.as(userId);

export async function publishLevel(h: PodsHarness, userId: string, level: number) {
  await h.bus.publish(
    newEvent(LevelReached.subject, userId, { level, previousLevel: level - 1, totalXP: level * 100, rewards: [] }),
  );
  await h.bus.idle();
}

/** A user pods knows (through identity's events), with a unique username. */
export async function newUser(h: PodsHarness, fields: ProfileFields = {}): Promise<string> {
  const userId = randomUUID();
  await updateProfile(h.bus, userId, {
    name: `User ${userId.slice(0, 4)}`,
    username: `u${userId.replace(/-/g, '').slice(0, 12)}`,
    ...fields,
  });
  await expect
    .poll(async () => (await h.sql.query('SELECT 1 FROM pods.profile WHERE user_id = $1', [userId])).rowCount, {
      timeout: 5000,
    })
    .toBe(1);
  return userId;
}

/** Creates a pod through the API as `creator`; answers its id and first invite code. */
export async function createPod(
  h: PodsHarness,
  creator: string,
  name = 'Morning Crew',
): Promise<{ podId: string; code: string }> {
  const res = await as(h, creator)('POST', '/api/pods/pods', { name });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { podId: body.id, code: body.invites[0].code };
}

/** A log entry written straight into the table (the weekly-completion writer comes later). */
export async function addLogEntry(
  h: PodsHarness,
  podId: string,
  userId: string,
  fields: { message?: string; createdAt?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  await h.sql.query(
    `INSERT INTO pods.pod_log (id, pod_id, user_id, weekly_challenge_id, message, proof_text, proof_photo_id, created_at)
     VALUES ($1, $2, $3, $4, $5, 'did it', NULL, $6)`,
    [id, podId, userId, randomUUID(), fields.message ?? 'Done!', fields.createdAt ?? new Date()],
  );
  return id;
}

/** quests.weekly.completed.v1 for a user (not yet published). */
export function weeklyCompleted(
  userId: string,
  weeklyChallengeId: string,
  fields: {
    podIds?: string[];
    completedAt?: Date;
    note?: string | null;
    proofPhotoId?: string | null;
    title?: string;
  } = {},
) {
  return newEvent(WeeklyCompleted.subject, userId, {
    weeklyChallengeId,
    challengeId: randomUUID(),
    weekNumber: 2860,
    title: fields.title ?? 'Talk to a stranger',
    xpAwarded: 120,
    completedAt: (fields.completedAt ?? new Date()).toISOString(),
    hasPhoto: Boolean(fields.proofPhotoId),
    podIds: fields.podIds ?? [],
    note: fields.note ?? null,
    proofPhotoId: fields.proofPhotoId ?? null,
  });
}

/** Joins a pod with its invite code through the API. */
export async function joinPod(h: PodsHarness, userId: string, code: string): Promise<void> {
  const res = await as(h, userId)('POST', `/api/pods/invites/${code}/join`);
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves a member's join (and the pod's creation) back in time, as if it happened then. */
export async function backdateMember(h: PodsHarness, podId: string, userId: string, at: Date): Promise<void> {
  await h.sql.query('UPDATE pods.pod_member SET joined_at = $3 WHERE pod_id = $1 AND user_id = $2', [
    podId,
    userId,
    at,
  ]);
  await h.sql.query('UPDATE pods.pod SET created_at = LEAST(created_at, $2) WHERE id = $1', [podId, at]);
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

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
