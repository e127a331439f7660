import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

/**
 * A proof photo shared to a pod: the pod's members read it through a short-lived signed link that
 * pods makes with the storage layer (the same key quests' links use); nobody else gets a link.
 */
describe('pod log photos through the edge', () => {
  let db: TestDatabase;
  let stack: RunningStack;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDatabase('vere_pod_photos_edge');
    dataDir = mkdtempSync(join(tmpdir(), 'vere-pod-photos-'));
    const config = loadEnv(LocalEnv, {
      DATABASE_URL: db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      API_ONLY: 'true',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      VERE_DATA_DIR: dataDir,
    });
    stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (path: string, token: string, body?: unknown) =>
    fetch(`${stack.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signUp = async (name: string) => {
    const res = await fetch(`${stack.url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `photo.${randomUUID()}@example.com`, password: 'Challenge1!', name }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };

  it('gives members a working signed link to the shared proof photo', async () => {
    const ada = await signUp('Ada Photo');
    const bea = await signUp('Bea Photo');
    const eve = await signUp('Eve Photo');
    const pod = (await (await api('/api/pods/pods', ada, { name: 'Photo crew' })).json()) as {
      id: string;
      invites: Array<{ code: string }>;
    };
    expect((await api(`/api/pods/invites/${pod.invites[0]!.code}/join`, bea, {})).status).toBe(200);

    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'proof.jpg');
    const upload = await fetch(`${stack.url}/api/quests/me/photos`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${ada}` },
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const photoId = ((await upload.json()) as { photo: { id: string } }).photo.id;
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);

    let weeklyId: string | undefined;
    await expect
      .poll(
        async () => {
          const res = await api('/api/quests/me/weekly', ada);
          weeklyId = res.ok
            ? ((await res.json()) as { challenges: Array<{ id: string }> }).challenges[0]?.id
            : undefined;
          return weeklyId !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const done = await api(`/api/quests/me/weekly/${weeklyId}/complete`, ada, {
      note: 'Look at this',
      photoId,
      podIds: [pod.id],
    });
    expect(done.status).toBe(200);

    let entry: { proofPhotoId: string | null; proofPhotoUrl?: string | null } | undefined;
    await expect
      .poll(
        async () => {
          const log = (await (await api(`/api/pods/pods/${pod.id}/log`, bea)).json()) as {
            entries: Array<typeof entry>;
          };
          entry = log.entries[0];
          return entry?.proofPhotoId;
        },
        { timeout: 10_000 },
      )
      .toBe(photoId);
    expect(entry!.proofPhotoUrl).toMatch(new RegExp(`^/api/quests/photos/${photoId}\\?`));
    const photo = await fetch(`${stack.url}${entry!.proofPhotoUrl}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const outsider = await api(`/api/pods/pods/${pod.id}/log`, eve);
    expect(outsider.status).toBe(404);
    expect(await outsider.text()).not.toContain(photoId);
  });
});
