import { randomUUID } from 'node:crypto';
import type { PhotoLink, UserDeletedPayload } from '@vere/contracts';
import { AppError } from '@vere/service-kit';
import { intakePhoto, PhotoRejected, type PhotoStore } from '@vere/storage';
import type { Prisma } from '../generated/prisma/client';
import { removePhotosOf, type PhotosRepository } from '../repositories/photos-repository';
import type { PhotoProofs } from './todos';

export interface PhotoDeps {
  photos: PhotosRepository;
  store: PhotoStore;
  /** How long a link works. */
  ttlSeconds: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a photo's bytes live in the store. */
export const photoKey = (photoId: string) => `proofs/${photoId}`;

/** A short-lived link to the photo; hand it only to someone allowed to see the photo. */
export async function photoLink(deps: Pick<PhotoDeps, 'store' | 'ttlSeconds'>, photoId: string): Promise<PhotoLink> {
  const { url, expiresAt } = await deps.store.signedUrl(photoKey(photoId), deps.ttlSeconds);
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
  await deps.photos.add({ id, userId, storageKey: key, contentType: photo.contentType, bytes: photo.bytes.length, width: photo.width, height: photo.height });
  return photoLink(deps, id);
}

/**
 * Whether the photo id names one of the user's own uploads: what to-do completion (and, later,
 * the weekly challenge) asks before accepting a photo as proof.
 */
export async function ownsPhoto(photos: PhotosRepository, userId: string, photoId: string): Promise<boolean> {
  if (!UUID.test(photoId)) return false;
  return (await photos.findOwned(userId, photoId)) !== null;
}

/** The PhotoProofs the to-do rules use: ownership from the photo table, links from the store. */
export function photoProofs(deps: PhotoDeps): PhotoProofs {
  return {
    ownedBy: (userId, photoId) => ownsPhoto(deps.photos, userId, photoId),
    linkFor: async (photoId) => (await photoLink(deps, photoId)).url,
  };
}

/** Effect of identity.user.deleted.v1 on photos: the rows and the stored objects go (deleting again is harmless). */
export function erasePhotos(store: PhotoStore) {
  return async (tx: Prisma.TransactionClient, e: UserDeletedPayload): Promise<void> => {
    for (const key of await removePhotosOf(tx, e.userId)) await store.delete(key);
  };
}
