import { apiFetch, isApiError } from '@vere/web-session';

// The photo endpoint's contract (quests, `POST /api/quests/me/photos`): multipart with one field
// `file`, JPEG, PNG, WebP or GIF up to 10 MiB; the service checks the bytes, this only saves a
// pointless upload and tells the user early. Not HEIC: the service cannot decode HEVC HEIC, and
// offering only these lets Safari hand the page a JPEG of an iPhone photo.
export const PHOTO_UPLOAD_PATH = '/api/quests/me/photos';
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export interface UploadedPhoto {
  id: string;
  url: string;
  expiresAt: string;
}

export class PhotoRejected extends Error {
  override readonly name = 'PhotoRejected';
}

/** Why a picked file cannot be sent, or null when it can. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF photo.';
  if (file.size > PHOTO_MAX_BYTES) return 'That photo is over 10 MB. Choose a smaller one.';
  return null;
}

/**
 * Uploads a proof photo. The service refusing the photo itself (unreadable, wrong type, too large,
 * too many uploads this hour) is a PhotoRejected with its message, shown next to the picker so the
 * rest of the form is kept; anything else arrives as it came.
 */
export async function uploadProofPhoto(file: File, signal?: AbortSignal): Promise<UploadedPhoto> {
  const problem = photoProblem(file);
  if (problem) throw new PhotoRejected(problem);
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const { photo } = await apiFetch<{ photo: UploadedPhoto }>(PHOTO_UPLOAD_PATH, {
      method: 'POST',
      body: form,
      signal,
    });
    return photo;
  } catch (err) {
    if (isApiError(err) && [400, 413, 415, 429].includes(err.status)) throw new PhotoRejected(err.message);
    throw err;
  }
}
