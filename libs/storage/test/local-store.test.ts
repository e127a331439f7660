import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPhotoStore, type LocalPhotoStore } from '../src';
import { photoStoreContract } from './store-contract';

let dir: string;
let store: LocalPhotoStore;
/** Seconds the store's clock runs ahead of the real one (a test moves it past a link's expiry). */
let ahead = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vere-photos-'));
  store = await createLocalPhotoStore({
    dir,
    urlFor: (key) => `http://photos.test/${key}`,
    now: () => Math.floor(Date.now() / 1000) + ahead,
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The local store's links are served by the service; here the "server" is the store's own verify + get. */
async function serve(url: string): Promise<Response> {
  const u = new URL(url);
  const key = u.pathname.slice(1);
  if (!store.verify(key, u.searchParams.get('exp') ?? undefined, u.searchParams.get('sig') ?? undefined))
    return new Response(null, { status: 403 });
  const got = await store.get(key);
  return got
    ? new Response(await text(got.body), { headers: { 'content-type': got.contentType } })
    : new Response(null, { status: 404 });
}

describe('local disk store', () => {
  photoStoreContract(() => store, serve);

  it('keeps files under its folder', async () => {
    await store.put('proofs/on-disk', Buffer.from('bytes'), 'image/jpeg');
    expect(await readFile(join(dir, 'proofs/on-disk'), 'utf8')).toBe('bytes');
  });

  it("generates its signing key once (mode 0600) and a second store on the folder accepts the first one's links", async () => {
    const info = await stat(join(dir, '.url-signing-key'));
    expect(info.mode & 0o777).toBe(0o600);
    const again = await createLocalPhotoStore({ dir, urlFor: (key) => `/${key}` });
    const link = new URL((await store.signedUrl('proofs/k', 60)).url, 'http://x');
    expect(again.verify('proofs/k', link.searchParams.get('exp')!, link.searchParams.get('sig')!)).toBe(true);
  });

  it('refuses a link after it expires, with a changed expiry, a changed key or a tampered signature', async () => {
    const link = new URL((await store.signedUrl('proofs/t', 30)).url);
    const exp = link.searchParams.get('exp')!;
    const sig = link.searchParams.get('sig')!;
    expect(store.verify('proofs/t', exp, sig)).toBe(true);
    expect(store.verify('proofs/t', String(Number(exp) + 3600), sig)).toBe(false);
    expect(store.verify('proofs/other', exp, sig)).toBe(false);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(store.verify('proofs/t', exp, flipped)).toBe(false);
    expect(store.verify('proofs/t', exp, sig.slice(1))).toBe(false);
    expect(store.verify('proofs/t', exp, undefined)).toBe(false);
    expect(store.verify('proofs/t', 'soon', sig)).toBe(false);
    ahead += 31;
    expect(store.verify('proofs/t', exp, sig)).toBe(false);
  });

  it('with a configured key, links of a store with another key are refused', async () => {
    const a = await createLocalPhotoStore({
      dir,
      signingKey: Buffer.alloc(32, 1).toString('base64'),
      urlFor: (k) => `http://x/${k}`,
    });
    const b = await createLocalPhotoStore({
      dir,
      signingKey: Buffer.alloc(32, 2).toString('base64'),
      urlFor: (k) => `http://x/${k}`,
    });
    const link = new URL((await a.signedUrl('proofs/z', 60)).url);
    expect(a.verify('proofs/z', link.searchParams.get('exp')!, link.searchParams.get('sig')!)).toBe(true);
    expect(b.verify('proofs/z', link.searchParams.get('exp')!, link.searchParams.get('sig')!)).toBe(false);
    await expect(createLocalPhotoStore({ dir, signingKey: 'c2hvcnQ=', urlFor: (k) => k })).rejects.toThrow(
      /at least 32 bytes/,
    );
  });

  it('never treats its own files as objects', async () => {
    await expect(store.get('.url-signing-key')).rejects.toThrow(/Invalid storage key/);
    await expect(store.get('proofs/on-disk.meta.json')).rejects.toThrow(/Invalid storage key/);
  });
});
