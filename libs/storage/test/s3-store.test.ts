import { startTestS3Server, type TestS3Server } from '@vere/test-kit/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3PhotoStore, intakePhoto, type S3PhotoStore } from '../src';
import { jpegWithGps } from './images';
import { photoStoreContract } from './store-contract';

// A real S3-protocol server (s3rver, see startTestS3Server): it does not check SigV4 signatures and
// lets anyone read, so tampering is proven against the local store's links and left to S3 here.
let s3: TestS3Server;
let store: S3PhotoStore;
let endpoint: string;

beforeAll(async () => {
  s3 = await startTestS3Server('vere-photos');
  endpoint = s3.endpoint;
  store = createS3PhotoStore({
    bucket: s3.bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
});
afterAll(async () => {
  store?.client.destroy();
  await s3?.close();
});

describe('S3-compatible store (s3rver)', () => {
  photoStoreContract(
    () => store,
    (url) => fetch(url),
  );

  it('links are presigned GETs against the endpoint; an expired one is refused by the server', async () => {
    await store.put('proofs/s1', Buffer.from('s3 bytes'), 'image/jpeg');
    const { url } = await store.signedUrl('proofs/s1', 60);
    expect(url.startsWith(`${endpoint}/vere-photos/proofs/s1?`)).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get('X-Amz-Expires')).toBe('60');
    expect(params.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const short = await store.signedUrl('proofs/s1', 1);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(short.url)).status).toBe(403);
  });

  it('an unknown access key cannot write', async () => {
    const wrong = createS3PhotoStore({
      bucket: 'vere-photos',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'NOBODY',
      secretAccessKey: 'nope',
    });
    await expect(wrong.put('proofs/w', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Access Key Id/);
    wrong.client.destroy();
  });

  it('stores what intake made: the served photo has no GPS', async () => {
    const photo = await intakePhoto(await jpegWithGps());
    await store.put('proofs/real', photo.bytes, photo.contentType);
    const res = await fetch((await store.signedUrl('proofs/real', 60)).url);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(photo.bytes)).toBe(true);
    expect(body.toString('latin1')).not.toContain('WGS-84');
  });
});
