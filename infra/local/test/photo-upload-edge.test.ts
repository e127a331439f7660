import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

/**
 * Proof photos through the npm start edge, over real HTTP: the one route that takes a photo lets
 * a multi-megabyte form through; every other route keeps the edge's small body limit.
 */
let db: TestDatabase;
let dataDir: string;
let stack: RunningStack;
let token: string;
let photo: Buffer;

beforeAll(async () => {
  db = await createTestDatabase('vere_photo_edge');
  dataDir = await mkdtemp(join(tmpdir(), 'vere-photo-edge-'));
  const config = loadEnv(LocalEnv, {
    DATABASE_URL: db.url,
    VERE_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    API_ONLY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);
  const res = await fetch(`${stack.url}/api/identity/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `photo-${Date.now()}@example.com`, password: 'Challenge1!', name: 'Ana' }),
  });
  expect(res.status).toBe(201);
  token = ((await res.json()) as { accessToken: string }).accessToken;
  // Noise barely compresses: a real JPEG of a few megabytes, as a phone camera writes.
  const side = 1600;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  photo = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
});
afterAll(async () => {
  await stack?.stop();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function upload(bytes: Buffer, name = 'IMG_2041.jpg') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name);
  return fetch(`${stack.url}/api/quests/me/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

const errorCode = async (res: Response) => {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { error: { code: string } }).error.code;
  } catch {
    return `not an error body: ${text.slice(0, 200)}`;
  }
};

describe('photo uploads through the edge', () => {
  it('a 3 MiB photo goes through to quests, which answers 201 and a link the edge serves', async () => {
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await upload(photo);
    expect(res.status).toBe(201);
    const { photo: stored } = (await res.json()) as { photo: { id: string; url: string; expiresAt: string } };
    expect(stored.url).toMatch(new RegExp(`^/api/quests/photos/${stored.id}\\?exp=`));
    const image = await fetch(`${stack.url}${stored.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1600]);
  });

  it('a 3 MiB JSON body to any other route is still refused by the edge with 413', async () => {
    const big = JSON.stringify({
      sidequestId: '00000000-0000-4000-8000-000000000000',
      pad: 'x'.repeat(3 * 1024 * 1024),
    });
    for (const path of ['/api/quests/me/swipes/accept', '/api/identity/auth/sign-in', '/api/quests/me/photos/extra']) {
      const res = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: big,
      });
      expect({ path, status: res.status, code: await errorCode(res) }).toEqual({
        path,
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
  });

  it('a photo over 10 MiB is refused with 413 PHOTO_TOO_LARGE: by quests within the edge limit, by the edge beyond it', async () => {
    for (const over of [1, 1024, 40 * 1024, 600 * 1024, 2 * 1024 * 1024]) {
      const res = await upload(Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024 - photo.length + over)]));
      expect({ over, status: res.status, code: await errorCode(res) }).toEqual({
        over,
        status: 413,
        code: 'PHOTO_TOO_LARGE',
      });
    }
    // The edge stays usable afterwards.
    expect((await upload(photo)).status).toBe(201);
  });

  it('a refused upload still gets its 4xx through the edge, with megabytes of the body unread', async () => {
    const form = new FormData();
    form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'IMG_2042.jpg');
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'IMG_2043.jpg');
    const res = await fetch(`${stack.url}/api/quests/me/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect([res.status, await errorCode(res)]).toEqual([400, 'PHOTO_MISSING']);
  });

  it('a refused upload leaves no connection stalled: the same keep-alive socket answers the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const boundary = 'vere-stall-check';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = (method: string, path: string, headers: Record<string, string | number> = {}, payload?: Buffer) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${stack.services.quests}${path}`, { method, agent, headers }, (res) => {
          let text = '';
          res
            .setEncoding('utf8')
            .on('data', (c: string) => {
              text += c;
            })
            .on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
        req.on('error', reject);
        req.end(payload);
      });
    const refused = await send(
      'POST',
      '/api/quests/me/photos',
      {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
      body,
    );
    expect([refused.status, JSON.parse(refused.body).error.code]).toEqual([400, 'PHOTO_MISSING']);
    expect((await send('GET', '/health')).status).toBe(200);
    agent.destroy();
  });

  it('a text file named .jpg is refused with 415 through the edge', async () => {
    const res = await upload(Buffer.from('not a photo at all\n'.repeat(1000)), 'holiday.jpg');
    expect([res.status, await errorCode(res)]).toEqual([415, 'PHOTO_TYPE_NOT_ALLOWED']);
  });
});
