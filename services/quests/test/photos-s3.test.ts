import { startTestS3Server, type TestS3Server } from '@vere/test-kit/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, newPlayer, sidequestIds, startQuests, type QuestsHarness } from './helper';

// quests with STORAGE_DRIVER=s3 against a real S3-protocol server (s3rver) on a loopback port.
let h: QuestsHarness;
let s3: TestS3Server;
let endpoint: string;

beforeAll(async () => {
  s3 = await startTestS3Server('proofs');
  endpoint = s3.endpoint;
  h = await startQuests({
    storage: {
      driver: 's3',
      bucket: s3.bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    },
  });
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
});

describe('proof photos in S3-compatible storage', () => {
  it('an upload lands in the bucket without its GPS; the owner gets presigned links, and the local link route is off', async () => {
    h.clock.set('2026-01-14T12:00:00Z');
    const userId = await newPlayer(h);
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSMapDatum: 'WGS-84' } })
      .jpeg()
      .toBuffer();
    const boundary = 'vere-s3-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.quests.app.inject({
      method: 'POST',
      url: '/api/quests/me/photos',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${h.issuer.sign(userId)}`,
      },
    });
    expect(res.statusCode).toBe(201);
    const { photo } = res.json();
    expect(photo.url.startsWith(`${endpoint}/proofs/proofs/${photo.id}?`)).toBe(true);
    expect(new URL(photo.url).searchParams.get('X-Amz-Expires')).toBe('600');
    const image = await fetch(photo.url);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const bytes = Buffer.from(await image.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('WGS-84');

    const local = await h.quests.app.inject({ method: 'GET', url: `/api/quests/photos/${photo.id}?exp=1&sig=x` });
    expect(local.statusCode).toBe(404);

    const [card] = await sidequestIds(h, 'daily');
    const todo = (await as(h, userId).accept(card!)).json().todo;
    const done = await as(h, userId).complete(todo.id, { proofType: 'photo', photoId: photo.id });
    expect(done.statusCode).toBe(200);
    expect(done.json().todo.proofPhotoUrl.startsWith(`${endpoint}/proofs/proofs/${photo.id}?`)).toBe(true);
    expect((await fetch(done.json().todo.proofPhotoUrl)).status).toBe(200);
  });
});
