import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { assertKey, type PhotoStore, type SignedUrl, type StoredObject } from './photo-store';

export interface S3StoreOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …); absent: AWS for the region. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (`<endpoint>/<bucket>/<key>`), which most S3-compatible servers need. Default: on when an endpoint is set. */
  forcePathStyle?: boolean;
}

export interface S3PhotoStore extends PhotoStore {
  readonly kind: 's3';
  readonly client: S3Client;
}

/** Photos in an S3-compatible bucket, read through presigned GET links. */
export function createS3PhotoStore(opts: S3StoreOptions): S3PhotoStore {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers do not read the
    // aws-chunked trailers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key): Promise<StoredObject | null> {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength,
        };
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404))
          return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async signedUrl(key, ttlSeconds): Promise<SignedUrl> {
      assertKey(key);
      const expiresIn = Math.max(1, Math.floor(ttlSeconds));
      const expiresAt = new Date(Date.now() + expiresIn * 1000);
      const url = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn });
      return { url, expiresAt };
    },
  };
}
