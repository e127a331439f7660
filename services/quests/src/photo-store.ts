import { createLocalPhotoStore, createS3PhotoStore, type LocalPhotoStore, type S3PhotoStore } from '@vere/storage';
import type { Clock } from './clock';
import type { StorageConfig } from './config';

/** The embedded default: files under `.data/photos` of the working directory. */
export const defaultStorage: StorageConfig = { driver: 'local', dir: '.data/photos' };

/** The configured store. Local links point at this service's GET /api/quests/photos/{id} and expire by `clock`. */
export async function openPhotoStore(config: StorageConfig, clock: Clock): Promise<LocalPhotoStore | S3PhotoStore> {
  if (config.driver === 's3') return createS3PhotoStore(config);
  return createLocalPhotoStore({
    dir: config.dir,
    signingKey: config.signingKey,
    urlFor: (key) => `/api/quests/photos/${key.slice(key.lastIndexOf('/') + 1)}`,
    now: () => Math.floor(clock().getTime() / 1000),
  });
}
