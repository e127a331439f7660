import { DEFAULT_PHOTO_UPLOADS_PER_HOUR } from '@vere/domain';
import { VerifierEnv, verifierConfig, type VerifierConfig } from '@vere/service-kit';
import { Type, type Static, type TObject } from 'typebox';

/** Where proof photos live (also read by the one-process launcher, infra/local). */
export const PhotoEnv = {
  /** `local`: files under STORAGE_DIR (embedded default); `s3`: an S3-compatible bucket (production). */
  STORAGE_DRIVER: Type.Union([Type.Literal('local'), Type.Literal('s3')], { default: 'local' }),
  /** Default `.data/photos` of the working directory (the launcher: `$VERE_DATA_DIR/photos`). */
  STORAGE_DIR: Type.Optional(Type.String({ minLength: 1 })),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  /** An S3-compatible endpoint (MinIO, R2, …); absent: AWS S3 for S3_REGION. */
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  /** Absent: the SDK's default credentials (instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** How long a photo link works. */
  PHOTO_URL_TTL_SECONDS: Type.Integer({ minimum: 30, maximum: 86_400, default: 600 }),
  /** Photo uploads one user may make per clock hour (each is decoded and re-encoded). */
  PHOTO_UPLOADS_PER_HOUR: Type.Integer({ minimum: 1, maximum: 10_000, default: DEFAULT_PHOTO_UPLOADS_PER_HOUR }),
  /**
   * Local driver: 32+ random bytes, base64 (`openssl rand -base64 32`), signing photo links. Absent:
   * generated once into STORAGE_DIR/.url-signing-key.
   */
  PHOTO_URL_SIGNING_KEY: Type.Optional(Type.String({ minLength: 44 })),
};

/** What every token-verifying service reads, plus where proof photos live. */
export const QuestsEnv = { ...VerifierEnv, ...PhotoEnv };

export type StorageConfig =
  | { driver: 'local'; dir: string; signingKey?: string }
  | { driver: 's3'; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };

export interface QuestsConfig extends VerifierConfig {
  /** Where proof photos live; default: local files under `.data/photos` (relative to the working directory). */
  storage?: StorageConfig;
  /** How long a photo link works; default 600 s. */
  photoUrlTtlSeconds?: number;
  /** Photo uploads per user per clock hour; default DEFAULT_PHOTO_UPLOADS_PER_HOUR (@vere/domain). */
  photoUploadsPerHour?: number;
}

export function questsConfig(env: Static<TObject<typeof QuestsEnv>>): QuestsConfig {
  return {
    ...verifierConfig(env),
    storage: storageConfig(env),
    photoUrlTtlSeconds: env.PHOTO_URL_TTL_SECONDS,
    photoUploadsPerHour: env.PHOTO_UPLOADS_PER_HOUR,
  };
}

export function storageConfig(env: Static<TObject<typeof PhotoEnv>>, defaultDir = '.data/photos'): StorageConfig {
  if (env.STORAGE_DRIVER === 'local')
    return { driver: 'local', dir: env.STORAGE_DIR ?? defaultDir, signingKey: env.PHOTO_URL_SIGNING_KEY };
  if (!env.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    driver: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}
