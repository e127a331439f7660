import { text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import type { PhotoStore } from '../src';

/** What every PhotoStore does, run against each implementation. */
export function photoStoreContract(store: () => PhotoStore, fetchUrl: (url: string) => Promise<Response>): void {
  it('stores bytes with their type and reads them back', async () => {
    await store().put('proofs/a1', Buffer.from('first photo'), 'image/jpeg');
    const got = await store().get('proofs/a1');
    expect(got?.contentType).toBe('image/jpeg');
    expect(await text(got!.body)).toBe('first photo');
  });

  it('answers null for a key never stored', async () => {
    expect(await store().get('proofs/never')).toBeNull();
  });

  it('replaces an object put again under the same key', async () => {
    await store().put('proofs/a2', Buffer.from('one'), 'image/jpeg');
    await store().put('proofs/a2', Buffer.from('two'), 'image/webp');
    const got = await store().get('proofs/a2');
    expect(got?.contentType).toBe('image/webp');
    expect(await text(got!.body)).toBe('two');
  });

  it('deletes, and deleting again is not an error', async () => {
    await store().put('proofs/a3', Buffer.from('bye'), 'image/jpeg');
    await store().delete('proofs/a3');
    expect(await store().get('proofs/a3')).toBeNull();
    await store().delete('proofs/a3');
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', 'proofs/../../x', '/abs', 'a//b', '']) {
      await expect(store().put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('gives a short-lived signed link that reads the object', async () => {
    await store().put('proofs/a4', Buffer.from('linked'), 'image/jpeg');
    const before = Date.now();
    const link = await store().signedUrl('proofs/a4', 60);
    expect(link.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(link.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
    const res = await fetchUrl(link.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('linked');
  });
}
