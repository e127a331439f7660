import type { Readable } from 'node:stream';

/** A stored object read back: its bytes as a stream and the type it was stored with. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Bytes, when the store knows without reading. */
  size?: number;
}

/** A link that reads one object until `expiresAt`, for whoever holds it. */
export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

/**
 * Where photos live: the local disk in the embedded default, S3-compatible storage in production.
 * Keys are relative paths such as `proofs/<uuid>` (letters, digits, `._-/`, no `..`).
 */
export interface PhotoStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** A short-lived link that reads the object (`ttlSeconds` from now). */
  signedUrl(key: string, ttlSeconds: number): Promise<SignedUrl>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could leave the store's folder or mean different things to disk and S3. */
export function assertKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
