import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessEventBus, type InProcessEventBus } from '@vere/service-kit';
import {
  registerUser,
  startServiceHarness,
  type RegisteredFields,
  type ServiceHarness,
  type ServiceHarnessContext,
} from '@vere/test-kit';
import { expect } from 'vitest';
import {
  createQuestsService,
  type PhotoProofs,
  type PlaybookCatalogue,
  type QuestsHandle,
  type StorageConfig,
} from '../src/index';
import { prismaDir } from '../src/prisma-dir';

export interface QuestsOptions {
  photos?: PhotoProofs;
  storage?: StorageConfig;
  photoUploadsPerHour?: number;
  playbooks?: PlaybookCatalogue;
}

export interface QuestsHarness extends ServiceHarness<QuestsHandle, InProcessEventBus> {
  quests: QuestsHandle;
  /** The folder of this harness's photos (local storage, removed on close). */
  photosDir: string;
  /** Another quests replica on the same database and bus (started on demand). */
  second(): Promise<QuestsHandle>;
}

/** quests as the tests build it (every replica the same way). */
function createQuests(
  ctx: ServiceHarnessContext<InProcessEventBus>,
  opts: QuestsOptions,
  photosDir: string,
): Promise<QuestsHandle> {
  const { db, bus, issuer, logger, clock } = ctx;
  return createQuestsService(
    {
      databaseUrl: db.url,
      issuer: issuer.issuer,
      jwksUrl: issuer.jwksUrl,
      storage: opts.storage ?? { driver: 'local', dir: photosDir },
      photoUploadsPerHour: opts.photoUploadsPerHour,
    },
    {
      // Tests assign weeks themselves (and test the rotation explicitly).
      bus,
      logger,
      clock,
      photos: opts.photos,
      playbooks: opts.playbooks,
      rotateOnStart: false,
      jobPollingIntervalSeconds: 0.5,
    },
  );
}

/** quests fully wired on a fresh database, its clock at Wednesday 2026-01-14 12:00 UTC. */
export async function startQuests(opts: QuestsOptions = {}): Promise<QuestsHarness> {
  const photosDir = await mkdtemp(join(tmpdir(), 'vere-quests-photos-'));
  const h = await startServiceHarness({
    name: 'vere_quests',
    migrations: { schema: 'quests', prismaDir: prismaDir() },
    clock: '2026-01-14T12:00:00Z',
    // No bus-level dedupe: a duplicate publish reaches the consumer, so only the inbox can absorb it.
    bus: ({ db, logger }) => createInProcessEventBus({ databaseUrl: db.url, logger, dedupeWindowMs: 0 }),
    create: (ctx) => createQuests(ctx, opts, photosDir),
  }).catch(async (err: unknown) => {
    await rm(photosDir, { recursive: true, force: true });
    throw err;
  });
  h.onClose(() => rm(photosDir, { recursive: true, force: true }));
  return {
    ...h,
    quests: h.service,
    photosDir,
    async second() {
      const other = await createQuests(h, opts, photosDir);
      h.onClose(() => other.close());
      await other.start();
      return other;
    },
  };
}

/** Calls as one signed-in user. */
export function as(h: QuestsHarness, userId: string, app = h.quests.app) {
  const call = h.as(userId, app);
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
export async function newPlayer(h: QuestsHarness, fields: RegisteredFields = {}): Promise<string> {
  const userId = randomUUID();
  await registerUser(h.bus, userId, fields);
  await expect
    .poll(async () => (await h.sql.query('SELECT 1 FROM quests.player WHERE user_id = $1', [userId])).rowCount, {
      timeout: 5000,
    })
    .toBe(1);
  return userId;
}

/** Ids of seeded cards, newest first. */
export async function sidequestIds(h: QuestsHarness, type: 'daily' | 'weekend'): Promise<string[]> {
  const { rows } = await h.sql.query<{ id: string }>(
    'SELECT id FROM quests.sidequest WHERE type = $1 AND pack_id IS NULL ORDER BY created_at DESC',
    [type],
  );
  return rows.map((r) => r.id);
}

export const count = async (h: QuestsHarness, sqlText: string, values: unknown[]) =>
  Number((await h.sql.query(sqlText, values)).rows[0].count);
