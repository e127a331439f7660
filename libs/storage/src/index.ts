export { assertKey, type PhotoStore, type SignedUrl, type StoredObject } from './photo-store';
export { createLocalPhotoStore, type LocalPhotoStore, type LocalStoreOptions } from './local-store';
export { createS3PhotoStore, type S3PhotoStore, type S3StoreOptions } from './s3-store';
export {
  intakePhoto,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTO_REQUEST_BYTES,
  PHOTO_BODIES_AT_ONCE,
  PHOTO_DECODES_AT_ONCE,
  PhotoRejected,
  sniffImageType,
  withPhotoBodySlot,
  type AcceptedPhoto,
  type IntakeOptions,
  type PhotoRejection,
} from './intake';
