import type { Agent as HttpsAgent } from 'node:https';
import { ACCESS_TOKEN_MAX_LIFETIME_SECONDS, BaseEnv } from '@vere/service-kit';
import { Type, type Static, type TObject } from 'typebox';
import { isLoopbackHttp } from './oidc-client';

export const IdentityEnv = {
  ...BaseEnv,
  /** PKCS#8 PEM of an EC P-256 key. Absent: a key is generated once and kept in the database. */
  JWT_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`): encrypts generated private keys in the
   * database (AES-256-GCM). Production needs it or JWT_PRIVATE_KEY.
   */
  SIGNING_KEY_ENCRYPTION_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** At most 15 minutes: no service accepts a token issued longer ago or expiring later (service-kit auth). */
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 60,
    maximum: ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
    default: ACCESS_TOKEN_MAX_LIFETIME_SECONDS,
  }),
  REFRESH_TOKEN_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 30 }),
  /** Send the refresh cookie only over HTTPS. Off only for plain-HTTP local runs. */
  COOKIE_SECURE: Type.Boolean({ default: true }),
  /** Sign-in and sign-up attempts per client IP per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 20 }),
  /** The app's public origin, for links in e-mails (never taken from a request's Host header). */
  APP_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:3000' }),
  /** SMTP server for e-mail, e.g. smtps://user:pass@smtp.example.com:465. Absent: mail is kept for /dev/mail (not in production). */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Vere <no-reply@vere.local>' }),
  /** Base64, at least 32 bytes: signs the one-click unsubscribe links in mails. Absent: made once and kept in the database. */
  UNSUBSCRIBE_SECRET: Type.Optional(Type.String({ minLength: 44 })),
  /** Google sign-in (OpenID Connect). Absent: the Google button is hidden and its routes answer 404. */
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** The OpenID provider's issuer (discovery at `<issuer>/.well-known/openid-configuration`). */
  GOOGLE_ISSUER: Type.String({ pattern: '^https?://', default: 'https://accounts.google.com' }),
  /** Web Push (decision 0053): the VAPID key pair, base64url (`npx web-push generate-vapid-keys`). Absent: made once and kept in the database (not in production). */
  VAPID_PUBLIC_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{80,100}$' })),
  VAPID_PRIVATE_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{40,50}$' })),
  /** Who push services may contact about our pushes: `mailto:` or an https URL. Default: APP_URL when https. */
  VAPID_SUBJECT: Type.Optional(Type.String({ pattern: '^(mailto:|https://)' })),
  /** APNs token authentication (the iOS wrapper's pushes): the .p8 key's id, the team id and the key (PEM). All three or none. */
  APNS_KEY_ID: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{10}$' })),
  APNS_TEAM_ID: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{10}$' })),
  APNS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** The app's bundle id, the topic of every push. */
  APNS_TOPIC: Type.String({ minLength: 1, default: 'app.vere.ios' }),
  /** The production APNs gateway (App Store and TestFlight builds); false: the sandbox (development builds). Default: true in production. */
  APNS_PRODUCTION: Type.Optional(Type.Boolean()),
  /** Comma-separated app return targets a Google sign-in may end at with a one-time code (decision 0015). */
  GOOGLE_NATIVE_REDIRECTS: Type.String({ default: 'vere://auth/callback' }),
  NODE_ENV: Type.Optional(Type.String()),
};

export interface IdentityConfig {
  databaseUrl: string;
  issuer: string;
  jwtPrivateKey?: string;
  /** Base64 key that encrypts generated private keys at rest; absent: stored in plain text (not in production). */
  signingKeyEncryptionKey?: string;
  /** A retired signing key stays published this long after the access-token TTL. Default 5 min. */
  signingKeyMarginMs?: number;
  /** How often replicas re-read the stored keys (a rotation). Default 30 s. */
  signingKeyRefreshMs?: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  authRateLimitPerMinute: number;
  logLevel?: string;
  trustProxy?: string;
  /** A session family ends this long after sign-in, however often it rotates. Default 90 days. */
  refreshFamilyLifetimeMs?: number;
  /** A second refresh with an already-rotated token this soon after is a concurrent tab, not theft. Default 10 s. */
  refreshReuseGraceMs?: number;
  /** Failed sign-ins of one account, from any address, before it is locked for the window. Default 10. */
  signInFailureLimit?: number;
  /** That window. Default 15 min. */
  signInFailureWindowMs?: number;
  /** The app's public origin for links in e-mails (a function: the local stack knows it only once listening). */
  appUrl?: string | (() => string);
  /** Absent: mail is kept in memory and served at /api/identity/dev/mail, unless `production`. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Base64 key for unsubscribe links; absent: generated once and kept in `mail_secret`. */
  unsubscribeSecret?: string;
  production?: boolean;
  /** How long a password-reset link works. Default 1 hour. */
  resetLinkTtlMs?: number;
  /** Google sign-in; absent: not offered. The redirect URI is `${appUrl}/api/identity/auth/google/callback`. */
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** How long a started Google sign-in may take. Default 10 min. */
  oidcAttemptTtlMs?: number;
  /** The iOS app's return targets (exact URLs). Default: `vere://auth/callback` only. */
  googleNativeRedirects?: string[];
  /** How long the app has to exchange its one-time code. Default 60 s. */
  appCodeTtlMs?: number;
  /** The notification scheduler's clock (tests pass a fake one). Default: the system clock. */
  clock?: () => Date;
  /** false: no scheduled jobs and no push dispatcher on this replica (tests drive them themselves). Default on. */
  scheduler?: boolean;
  /** Web Push's VAPID keys and subject; absent keys: the embedded default's, kept in the database. */
  vapid?: { publicKey?: string; privateKey?: string; subject?: string };
  /** APNs; absent: iOS device tokens are kept but nothing is sent to them. */
  apns?: ApnsConfig;
  /** The https agent pushes go out through (tests: one that trusts the local push service stand-in). */
  pushAgent?: HttpsAgent;
}

export interface ApnsConfig {
  keyId: string;
  teamId: string;
  /** The .p8 signing key, PEM. */
  key: string;
  topic: string;
  production: boolean;
  /** Another gateway than Apple's (tests: a local HTTP/2 stand-in), and the CA it is trusted by. */
  gateway?: { host: string; port: number; ca?: string };
}

export function identityConfig(env: Static<TObject<typeof IdentityEnv>>): IdentityConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    issuer: env.JWT_ISSUER,
    jwtPrivateKey: env.JWT_PRIVATE_KEY,
    signingKeyEncryptionKey: env.SIGNING_KEY_ENCRYPTION_KEY,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: env.COOKIE_SECURE,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    appUrl: env.APP_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET,
    production: env.NODE_ENV === 'production',
    google: googleConfig(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_ISSUER),
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    apns: apnsConfig(env),
    googleNativeRedirects: nativeRedirects(env.GOOGLE_NATIVE_REDIRECTS),
  };
}

/** All three of APNS_KEY_ID, APNS_TEAM_ID and APNS_KEY, or none (then iOS tokens are kept, not pushed to). */
export function apnsConfig(env: {
  APNS_KEY_ID?: string;
  APNS_TEAM_ID?: string;
  APNS_KEY?: string;
  APNS_TOPIC: string;
  APNS_PRODUCTION?: boolean;
  NODE_ENV?: string;
}): ApnsConfig | undefined {
  const given = [env.APNS_KEY_ID, env.APNS_TEAM_ID, env.APNS_KEY].filter(Boolean).length;
  if (given === 0) return undefined;
  if (given < 3) throw new Error('APNS_KEY_ID, APNS_TEAM_ID and APNS_KEY must be set together');
  return {
    keyId: env.APNS_KEY_ID!,
    teamId: env.APNS_TEAM_ID!,
    // An env file keeps a PEM on one line with literal \n.
    key: env.APNS_KEY!.replace(/\\n/g, '\n'),
    topic: env.APNS_TOPIC,
    production: env.APNS_PRODUCTION ?? env.NODE_ENV === 'production',
  };
}

/**
 * The allow-list of app return targets: exact URLs of an app's own scheme (never http(s), which a
 * web page could receive), without query or fragment (identity adds `?code=`).
 */
export function nativeRedirects(list: string): string[] {
  const targets = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const target of targets) {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\/[^?#\s]+$/i.exec(target)?.[1]?.toLowerCase();
    if (!scheme || scheme === 'http' || scheme === 'https' || scheme === 'javascript' || scheme === 'data') {
      throw new Error(
        `GOOGLE_NATIVE_REDIRECTS: ${target} is not an app's own scheme URL without query (e.g. vere://auth/callback)`,
      );
    }
  }
  return targets;
}

/** Both the client id and its secret, or neither (a half-configured provider would fail at the first sign-in). */
export function googleConfig(
  clientId: string | undefined,
  clientSecret: string | undefined,
  issuer: string,
): IdentityConfig['google'] {
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !isLoopbackHttp(url)) {
    throw new Error('GOOGLE_ISSUER must be https:// (plain http only on this machine)');
  }
  return { clientId, clientSecret, issuer };
}
