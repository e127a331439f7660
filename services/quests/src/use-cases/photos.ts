import { randomUUID } from 'node:crypto';
import type { PhotoLink, QuestsExportPhoto, UserDeletedPayload } from '@vere/contracts';
import { UNATTACHED_PHOTO_GRACE_SECONDS } from '@vere/domain';
import { AppError, type PgTx } from '@vere/service-kit';
import { intakePhoto, PhotoRejected } from '@vere/storage';
import type { PhotoProofs, QuestsDeps } from './deps';

/** The sweep of photos never attached as proof (hourly; see sweepUnattachedPhotos). */
export const PHOTO_SWEEP_JOB = 'quests-photo-sweep';
export const PHOTO_SWEEP_CRON = '37 * * * *';

type PhotoDeps = Pick<QuestsDeps, 'db' | 'photos' | 'store' | 'photoUrlTtlSeconds'>;

/**
 * Counts an upload against the user's hourly allowance before its body is read; refused once the
 * allowance is spent (every attempt counts, a refused image too: each one costs the decode).
 */
export async function admitPhotoUpload(
  deps: Pick<QuestsDeps, 'db' | 'photos' | 'photoUploadsPerHour'>,
  userId: string,
): Promise<void> {
  const retryAfter = await deps.photos.admitUpload(deps.db, userId, deps.photoUploadsPerHour);
  if (retryAfter !== null) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError(
      'RATE_LIMITED',
      `You've uploaded a lot of photos this hour. Try again in ${minutes} min.`,
      'file',
      retryAfter,
    );
  }
}

/** The sweep looks back this far (a bounded, indexed range); it runs hourly, so every upload gets many chances. */
const SWEEP_LOOKBACK_SECONDS = 7 * 24 * 3600;
const SWEEP_BATCH = 500;
/** Upload counts are kept a day: long after their hour's allowance stops mattering. */
const UPLOAD_COUNTS_KEPT_SECONDS = 24 * 3600;

/**
 * The scheduled sweep (hourly): photos uploaded more than a day ago that no to-do or weekly
 * completion refers to are forgotten and their objects deleted. Ages are read on the database's
 * clock, which stamped the uploads (not quests' clock, which tests may shift). Resolves how many went.
 */
export async function sweepUnattachedPhotos(
  deps: Pick<QuestsDeps, 'db' | 'photos' | 'store'>,
  log?: (err: unknown, key: string) => void,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const keys = await deps.photos.removeUnattached(
      deps.db,
      UNATTACHED_PHOTO_GRACE_SECONDS,
      SWEEP_LOOKBACK_SECONDS,
      SWEEP_BATCH,
    );
    for (const key of keys) {
      // The row is gone: a failed delete leaves an object nobody can reach, never a broken proof.
      await deps.store.delete(key).catch((err: unknown) => log?.(err, key));
    }
    removed += keys.length;
    if (keys.length < SWEEP_BATCH) break;
  }
  await deps.photos.removeUploadCountsOlderThan(deps.db, UPLOAD_COUNTS_KEPT_SECONDS);
  return removed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a photo's bytes live in the store. */
export const photoKey = (photoId: string) => `proofs/${photoId}`;

/** A short-lived link to the photo; hand it only to someone allowed to see the photo. */
export async function photoLink(
  deps: Pick<QuestsDeps, 'store' | 'photoUrlTtlSeconds'>,
  photoId: string,
): Promise<PhotoLink> {
  const { url, expiresAt } = await deps.store.signedUrl(photoKey(photoId), deps.photoUrlTtlSeconds);
  return { id: photoId, url, expiresAt: expiresAt.toISOString() };
}

/**
 * Takes an upload: checked by its bytes and size, re-encoded without metadata (libs/storage),
 * stored, and recorded as the user's. Only the re-encoded bytes are kept.
 */
export async function uploadPhoto(deps: PhotoDeps, userId: string, bytes: Buffer): Promise<PhotoLink> {
  let photo;
  try {
    photo = await intakePhoto(bytes);
  } catch (err) {
    if (err instanceof PhotoRejected) throw new AppError(err.code, err.message, 'file');
    throw err;
  }
  const id = randomUUID();
  const key = photoKey(id);
  await deps.store.put(key, photo.bytes, photo.contentType);
  await deps.photos.add(deps.db, {
    id,
    userId,
    storageKey: key,
    contentType: photo.contentType,
    bytes: photo.bytes.length,
    width: photo.width,
    height: photo.height,
  });
  return photoLink(deps, id);
}

/**
 * Whether the photo id names one of the user's own uploads: what to-do and weekly completion ask
 * before accepting a photo as proof.
 */
export async function ownsPhoto(
  deps: Pick<QuestsDeps, 'db' | 'photos'>,
  userId: string,
  photoId: string,
): Promise<boolean> {
  if (!UUID.test(photoId)) return false;
  return (await deps.photos.findOwned(deps.db, userId, photoId)) !== null;
}

/** The user's photos for their data export: what was kept of each upload, and a short-lived link to fetch it. */
export async function exportPhotos(deps: PhotoDeps, userId: string): Promise<QuestsExportPhoto[]> {
  const rows = await deps.photos.listOf(deps.db, userId);
  return Promise.all(
    rows.map(async (p) => {
      const link = await photoLink(deps, p.id);
      return {
        id: p.id,
        contentType: p.contentType,
        bytes: p.bytes,
        width: p.width,
        height: p.height,
        uploadedAt: p.createdAt.toISOString(),
        url: link.url,
        urlExpiresAt: link.expiresAt,
      };
    }),
  );
}

/** The PhotoProofs the to-do and weekly rules use: ownership from the photo table, links from the store. */
export function photoProofs(deps: PhotoDeps): PhotoProofs {
  return {
    ownedBy: (userId, photoId) => ownsPhoto(deps, userId, photoId),
    linkFor: async (photoId) => (await photoLink(deps, photoId)).url,
  };
}

/** Effect of identity.user.deleted.v1 on photos: the rows and the stored objects go (deleting again is harmless). */
export async function erasePhotos(
  deps: Pick<QuestsDeps, 'photos' | 'store'>,
  tx: PgTx,
  e: UserDeletedPayload,
): Promise<void> {
  for (const key of await deps.photos.removeAllOf(tx, e.userId)) await deps.store.delete(key);
}
