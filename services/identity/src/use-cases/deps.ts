import type { Transaction } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail';
import type { OidcClient } from '../oidc-client';
import type { Db } from '../repositories/db';
import type { NotificationsRepository } from '../repositories/notifications-repository';
import type { PushRepository } from '../repositories/push-repository';
import type { PushSender } from '../push/types';
import type { ExternalIdentitiesRepository } from '../repositories/external-identities-repository';
import type { OidcAppCodesRepository } from '../repositories/oidc-app-codes-repository';
import type { OidcAttemptsRepository } from '../repositories/oidc-attempts-repository';
import type { PasswordResetsRepository } from '../repositories/password-resets-repository';
import type { RefreshTokensRepository } from '../repositories/refresh-tokens-repository';
import type { SignInThrottleRepository } from '../repositories/sign-in-throttle-repository';
import type { SigningKeysRepository } from '../repositories/signing-keys-repository';
import type { UsersRepository } from '../repositories/users-repository';
import type { SigningKeys } from '../signing-keys';
import type { MailSettings } from './mail-digest';

/** What identity's use cases receive; src/service.ts wires it once. */
export interface IdentityDeps {
  /** The Prisma client: reads, and single statements that need no transaction of their own. */
  db: Db;
  /** The unit of work: what must commit together (state and its events) runs in one `transaction(async (tx) => …)`. */
  transaction: Transaction<Db>;
  users: UsersRepository;
  tokens: RefreshTokensRepository;
  throttle: SignInThrottleRepository;
  resets: PasswordResetsRepository;
  identities: ExternalIdentitiesRepository;
  attempts: OidcAttemptsRepository;
  /** The iOS app's one-time sign-in codes (decision 0015). */
  appCodes: OidcAppCodesRepository;
  signingKeys: SigningKeysRepository;
  /** Notification preferences and the in-app centre (issue 25). */
  notifications: NotificationsRepository;
  /** Push devices and the push queue (issue 25, part A; decision 0053). */
  push: PushRepository;
  pushChannels: PushChannels;
  /** The e-mail channel: scheduled mail and its unsubscribe links (decision 0043). */
  mail: MailSettings;
  /** The keys access tokens are signed with. */
  keys: SigningKeys;
  sessions: SessionSettings;
  signInLimit: SignInLimitSettings;
  passwordReset: PasswordResetSettings;
  /** Absent: Google sign-in is not configured. */
  google?: GoogleSignInSettings;
  logger: FastifyBaseLogger;
}

export interface SessionSettings {
  issuer: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  /** A family (one sign-in) ends this long after it started, however often it rotates. */
  familyLifetimeMs: number;
  /** A rotated token presented again this soon is a second tab refreshing at the same moment, not theft. */
  reuseGraceMs: number;
}

export interface SignInLimitSettings {
  /** Failed attempts on one account, from any address, before it is locked for the window. */
  maxFailures: number;
  windowMs: number;
}

export interface PasswordResetSettings {
  mailer: Mailer;
  /** The app's public origin, e.g. https://vere.app: never taken from the request (Host can be forged). */
  appUrl: () => string;
  /** How long a link works. */
  linkTtlMs: number;
  /** Reset mails one account may get per window, whoever asks; more requests are answered the same and send nothing. */
  mailsPerWindow: number;
  mailWindowMs: number;
}

export interface GoogleSignInSettings {
  client: OidcClient;
  /** `${APP_URL}/api/identity/auth/google/callback`: registered at the provider, never from the request. */
  redirectUri: () => string;
  /** How long a started sign-in may take at the provider. */
  attemptTtlMs: number;
  /** Where the app may ask to be sent back to (exact URLs, e.g. `vere://auth/callback`): GOOGLE_NATIVE_REDIRECTS. */
  nativeRedirects: readonly string[];
  /** How long the app has to exchange a one-time code. */
  appCodeTtlMs: number;
  /** The clock the one-time codes expire on (tests pass a fake one). */
  now: () => Date;
}

/** How pushes leave (decision 0053). */
export interface PushChannels {
  /** The VAPID public key browsers subscribe with (base64url). */
  vapidPublicKey: string;
  /** Web Push; absent only in tests that do not push. */
  web?: PushSender;
  /** APNs; absent until APNS_KEY_ID, APNS_TEAM_ID and APNS_KEY are set (iOS tokens are kept meanwhile). */
  ios?: PushSender;
}
