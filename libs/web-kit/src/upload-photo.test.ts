import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@vere/web-session';
import { PHOTO_MAX_BYTES, PHOTO_UPLOAD_PATH, PhotoRejected, photoProblem, uploadProofPhoto } from './upload-photo';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('uploadProofPhoto', () => {
  it('posts the file as multipart field "file" and answers the stored photo', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return json(201, {
        photo: { id: '3f0c5c9e-7d1b-4a43-9a55-4a8c4f6d9a10', url: '/p/1?sig=x', expiresAt: '2026-11-23T13:00:00.000Z' },
      });
    });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'proof.jpg', { type: 'image/jpeg' });

    const photo = await uploadProofPhoto(file);

    expect(photo.id).toBe('3f0c5c9e-7d1b-4a43-9a55-4a8c4f6d9a10');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(PHOTO_UPLOAD_PATH);
    expect(calls[0]!.init.method).toBe('POST');
    const body = calls[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const sent = body.get('file') as File;
    expect(sent.name).toBe('proof.jpg');
    expect(sent.type).toBe('image/jpeg');
    // The browser sets the multipart boundary; a JSON content type would break the upload.
    expect(new Headers(calls[0]!.init.headers).get('Content-Type')).toBeNull();
  });

  it("turns the service's refusal of the photo into a PhotoRejected with its message (the form shows it and keeps the rest)", async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'x.png', { type: 'image/png' });
    for (const [status, code, message] of [
      [415, 'PHOTO_TYPE_NOT_ALLOWED', 'That file is not a photo'],
      [429, 'RATE_LIMITED', "You've uploaded a lot of photos this hour. Try again in 12 min."],
    ] as const) {
      vi.stubGlobal('fetch', async () => json(status, { error: { code, message } }));
      const error = await uploadProofPhoto(file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PhotoRejected);
      expect((error as PhotoRejected).message).toBe(message);
    }
  });

  it('lets a server failure through as the ApiError it is', async () => {
    vi.stubGlobal('fetch', async () => json(503, { error: { code: 'UNAVAILABLE', message: 'Try again' } }));
    const file = new File([new Uint8Array([1, 2, 3])], 'x.png', { type: 'image/png' });
    const error = await uploadProofPhoto(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });

  it('refuses other types and files over 10 MiB without calling the service', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(uploadProofPhoto(new File(['x'], 'notes.txt', { type: 'text/plain' }))).rejects.toBeInstanceOf(
      PhotoRejected,
    );
    expect(photoProblem({ type: 'image/gif', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoProblem({ type: 'image/heic', size: 1000 })).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(photoProblem({ type: 'image/webp', size: PHOTO_MAX_BYTES + 1 })).toMatch(/over 10 MB/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
