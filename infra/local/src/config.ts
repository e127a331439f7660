import { IdentityEnv } from '@vere/identity-service';
import { PhotoEnv } from '@vere/quests-service';
import { Type, type Static } from 'typebox';

import { repoRoot } from './paths';

export { repoRoot };

/** Everything the one-process launcher reads from the environment. */
export const LocalEnv = {
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  /** Quiet by default: one person at a terminal wants the URL and problems, not every request. */
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'warn' },
  ),
  /** Real PostgreSQL. Absent: embedded PostgreSQL with its data under VERE_DATA_DIR. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Real NATS JetStream. Absent: the in-process event bus. */
  NATS_URL: Type.Optional(Type.String({ minLength: 1 })),
  VERE_DATA_DIR: Type.String({ default: `${repoRoot}.data` }),
  JWT_ISSUER: Type.String({ default: 'vere-identity' }),
  JWT_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Plain HTTP on localhost by default, so the refresh cookie is not marked Secure. */
  COOKIE_SECURE: Type.Boolean({ default: false }),
  AUTH_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 20 }),
  /** SMTP server for e-mail. Absent: mail is kept and shown at /dev/mail. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.Optional(Type.String({ minLength: 1 })),
  /** Public origin for links in e-mails. Absent: the edge's own address. */
  APP_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Google sign-in (OpenID Connect); absent: the button is hidden. Redirect URI: `<APP_URL>/api/identity/auth/google/callback`. */
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  GOOGLE_ISSUER: Type.String({ pattern: '^https?://', default: 'https://accounts.google.com' }),
  /** Web Push's VAPID keys (both or neither; absent: made once and kept in the database) and subject (decision 0053). */
  VAPID_PUBLIC_KEY: IdentityEnv.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: IdentityEnv.VAPID_PRIVATE_KEY,
  VAPID_SUBJECT: IdentityEnv.VAPID_SUBJECT,
  /** APNs for the iOS wrapper (all three, or none: iOS device tokens are kept, nothing is sent). */
  APNS_KEY_ID: IdentityEnv.APNS_KEY_ID,
  APNS_TEAM_ID: IdentityEnv.APNS_TEAM_ID,
  APNS_KEY: IdentityEnv.APNS_KEY,
  APNS_TOPIC: IdentityEnv.APNS_TOPIC,
  APNS_PRODUCTION: IdentityEnv.APNS_PRODUCTION,
  /** Stripe (all three, or none: then the labelled local test checkout, no card charged). */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  STRIPE_PRICE_ID: Type.Optional(Type.String({ minLength: 1 })),
  /** RevenueCat webhook Authorization value; absent: its endpoint answers 404. Sandbox events are accepted locally. */
  REVENUECAT_WEBHOOK_AUTH: Type.Optional(Type.String({ minLength: 16 })),
  /** RevenueCat's public App Store SDK key for the iOS app; absent: GET /api/billing/ios/config answers 404. */
  REVENUECAT_APPLE_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** RevenueCat's secret REST key: an App Store entitlement past its expiry without a webhook is checked with RevenueCat first. */
  REVENUECAT_SECRET_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Folder holding apps/<name>/dist. */
  APPS_DIR: Type.String({ default: `${repoRoot}apps` }),
  /** A remotes.json to serve instead of the shell's own (switches remote versions without a shell rebuild). */
  REMOTES_MANIFEST: Type.Optional(Type.String({ minLength: 1 })),
  /** Serve only the API (the apps come from their dev servers). */
  API_ONLY: Type.Boolean({ default: false }),
  /**
   * Tests only: quests reads the time shifted by this many milliseconds (e2e of the weekend window on
   * any day of the week). Only this launcher reads it; a production service has no such setting.
   */
  QUESTS_CLOCK_OFFSET_MS: Type.Integer({ default: 0 }),
  /** Proof photos (quests): STORAGE_DRIVER, STORAGE_DIR (default `$VERE_DATA_DIR/photos`), S3_*, PHOTO_URL_*, PHOTO_UPLOADS_PER_HOUR. */
  ...PhotoEnv,
};

export type LocalConfig = Static<ReturnType<typeof Type.Object<typeof LocalEnv>>>;
