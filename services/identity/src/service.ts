import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import {
  BlockChanged,
  FriendshipChanged,
  MemberJoined,
  MemberLeft,
  MemberNudged,
  PodStreakUpdated,
  PostInteraction,
  ChatMessageSent,
  ChatRead,
  StreakUpdated,
  TodoChanged,
  WeeklyCompleted,
} from '@vere/contracts';
import {
  AppError,
  assembleService,
  consume,
  startJobs,
  type Jobs,
  type ServiceContext,
  prismaTransactions,
  type EventBus,
  type ServiceHandle,
} from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityConfig } from './config';
import { createPrismaClient } from './prisma-client';
import { parseEncryptionKey } from './key-encryption';
import { outboxMailer, smtpMailer, type Mailer } from './mail';
import { mailSecret } from './mail-secret';
import { loadMailTexts } from './mail-texts';
import { createOidcClient } from './oidc-client';
import { apnsSender } from './push/apns-sender';
import { PushDispatcher } from './push/dispatcher';
import { loadVapidKeys } from './push/vapid';
import { webPushSender } from './push/web-push-sender';
import { prismaDir } from './prisma-dir';
import { createExternalIdentitiesRepository } from './repositories/external-identities-repository';
import { createNotificationsRepository } from './repositories/notifications-repository';
import { createPushRepository } from './repositories/push-repository';
import { createOidcAppCodesRepository } from './repositories/oidc-app-codes-repository';
import { createOidcAttemptsRepository } from './repositories/oidc-attempts-repository';
import { createPasswordResetsRepository } from './repositories/password-resets-repository';
import { createRefreshTokensRepository } from './repositories/refresh-tokens-repository';
import { createSignInThrottleRepository } from './repositories/sign-in-throttle-repository';
import { createSigningKeysRepository } from './repositories/signing-keys-repository';
import { createUsersRepository } from './repositories/users-repository';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, authRoutes, fromOwnOrigin, setRefreshCookie } from './routes/auth';
import { clientErrorRoutes } from './routes/client-errors';
import { googleRoutes } from './routes/google';
import { notificationRoutes } from './routes/notifications';
import { profileRoutes } from './routes/profile';
import { pushRoutes } from './routes/push';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { KEY_REFRESH_MS, RETIRED_KEY_MARGIN_MS, SigningKeys, type SigningKeyOptions } from './signing-keys';
import { SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_MS } from './use-cases/accounts';
import type { IdentityDeps } from './use-cases/deps';
import { DEFAULT_APP_CODE_TTL_MS, DEFAULT_ATTEMPT_TTL_MS, DEFAULT_NATIVE_REDIRECTS } from './use-cases/google-sign-in';
import {
  onFriendshipChanged,
  onMemberNudged,
  onStreakUpdated,
  onTodoChanged,
  onWeeklyCompleted,
} from './use-cases/notification-triggers';
import { runNotificationTick, type TickResult } from './use-cases/notification-tick';
import { dispatchPushes, type DispatchResult } from './use-cases/push';
import { runMailTick, type MailSettings, type MailTickResult } from './use-cases/mail-digest';
import {
  onBlockChanged,
  onCompletionShared,
  onPodMembership,
  onPodStreakRose,
  onPostInteraction,
} from './use-cases/pod-activity';
import { onChatMessageSent, onChatRead } from './use-cases/chat-notifications';
import { RESET_LINK_TTL_MS, RESET_MAIL_WINDOW_MS, RESET_MAILS_PER_WINDOW } from './use-cases/password-reset';
import { DEFAULT_FAMILY_LIFETIME_MS, DEFAULT_REUSE_GRACE_MS, accessTokenRevoked } from './use-cases/sessions';

/** The pg-boss job that runs the notification scheduler's tick (decision 0042). */
export const NOTIFICATION_TICK_JOB = 'identity-notification-tick';
export const NOTIFICATION_TICK_CRON = '* * * * *';

export interface IdentityServiceHandle extends ServiceHandle {
  /** One scheduler tick at the service clock's now (tests call it with a fake clock). */
  notificationTick(): Promise<TickResult>;
  /** Sends the pushes due at the service clock's now (the background dispatcher does it on its own). */
  dispatchPushes(): Promise<DispatchResult>;
  /** The e-mail channel's tick at the service clock's now (run by the same job, after the centre's). */
  mailTick(): Promise<MailTickResult>;
  readonly jobs: Jobs | undefined;
}

export async function createIdentityService(
  config: IdentityConfig,
  deps: { bus: EventBus; logger: FastifyBaseLogger },
): Promise<IdentityServiceHandle> {
  let pool: ServiceContext<unknown>['pool'] | undefined;
  let jobs: Jobs | undefined;
  let identityDeps: IdentityDeps | undefined;
  let dispatcher: PushDispatcher | undefined;
  const clock = config.clock ?? (() => new Date());
  // Loaded once, by routes() (which runs before any request): the auth plugin and the use cases share them.
  let keys: Promise<SigningKeys> | undefined;
  if (!config.jwtPrivateKey && !config.signingKeyEncryptionKey && config.production) {
    throw new Error(
      'JWT_PRIVATE_KEY or SIGNING_KEY_ENCRYPTION_KEY must be set in production (generated signing keys are encrypted at rest)',
    );
  }
  const keyOptions = signingKeyOptions(config, deps.logger);
  if (!config.smtpUrl && config.production) throw new Error('SMTP_URL must be set in production (password-reset mail)');
  const kept = config.smtpUrl ? undefined : outboxMailer();
  const mailer: Mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom ?? 'Vere <no-reply@vere.local>')
    : kept!;
  const appUrl = config.appUrl ?? 'http://localhost:3000';
  const publicUrl = typeof appUrl === 'function' ? appUrl : () => appUrl;
  const oidcClient = config.google ? createOidcClient(config.google) : undefined;
  const mail: MailSettings = {
    mailer,
    appUrl: publicUrl,
    secret: mailSecret(() => pool!, config.unsubscribeSecret),
    texts: loadMailTexts(),
    logger: deps.logger,
  };
  const handle = await assembleService({
    name: 'identity',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    createPrisma: createPrismaClient,
    auth: (prisma) => ({
      issuer: config.issuer,
      // identity owns the sessions: it checks its own tables instead of the revocation read model.
      revoked: (token) =>
        accessTokenRevoked(
          { db: prisma, users: createUsersRepository(), tokens: createRefreshTokensRepository() },
          token,
        ),
      keys: async (header) => {
        if (!keys) throw new Error('signing keys are not loaded yet');
        return (await keys).verificationKey(header.kid);
      },
    }),
    routes: async ({ app, prisma, relay, pool: servicePool }) => {
      pool = servicePool;
      const transaction = prismaTransactions(prisma, { schema: 'identity', relay });
      const signingKeys = createSigningKeysRepository();
      keys = SigningKeys.load({ db: prisma, transaction, signingKeys }, keyOptions);
      // The signing keys first: a wrong SIGNING_KEY_ENCRYPTION_KEY is reported as theirs, not as the VAPID key's.
      await keys;
      const push = createPushRepository();
      const vapid = await loadVapidKeys(
        { db: prisma, push },
        {
          ...config.vapid,
          production: !!config.production,
          appUrl: publicUrl(),
          encryptionKey: keyOptions.encryptionKey,
        },
      );
      const identity: IdentityDeps = {
        db: prisma,
        transaction,
        users: createUsersRepository(),
        tokens: createRefreshTokensRepository(),
        throttle: createSignInThrottleRepository(),
        resets: createPasswordResetsRepository(),
        identities: createExternalIdentitiesRepository(),
        attempts: createOidcAttemptsRepository(),
        appCodes: createOidcAppCodesRepository(),
        signingKeys,
        notifications: createNotificationsRepository(),
        push,
        pushChannels: {
          vapidPublicKey: vapid.publicKey,
          web: webPushSender({ vapid, agent: config.pushAgent }),
          ios: config.apns && apnsSender(config.apns),
        },
        mail,
        keys: await keys,
        sessions: {
          issuer: config.issuer,
          accessTtlSeconds: config.accessTokenTtlSeconds,
          refreshTtlDays: config.refreshTokenTtlDays,
          familyLifetimeMs: config.refreshFamilyLifetimeMs ?? DEFAULT_FAMILY_LIFETIME_MS,
          reuseGraceMs: config.refreshReuseGraceMs ?? DEFAULT_REUSE_GRACE_MS,
        },
        signInLimit: {
          maxFailures: config.signInFailureLimit ?? SIGN_IN_FAILURE_LIMIT,
          windowMs: config.signInFailureWindowMs ?? SIGN_IN_FAILURE_WINDOW_MS,
        },
        passwordReset: {
          mailer,
          appUrl: publicUrl,
          linkTtlMs: config.resetLinkTtlMs ?? RESET_LINK_TTL_MS,
          mailsPerWindow: RESET_MAILS_PER_WINDOW,
          mailWindowMs: RESET_MAIL_WINDOW_MS,
        },
        google: oidcClient && {
          client: oidcClient,
          redirectUri: () => `${publicUrl()}/api/identity/auth/google/callback`,
          attemptTtlMs: config.oidcAttemptTtlMs ?? DEFAULT_ATTEMPT_TTL_MS,
          nativeRedirects: config.googleNativeRedirects ?? DEFAULT_NATIVE_REDIRECTS,
          appCodeTtlMs: config.appCodeTtlMs ?? DEFAULT_APP_CODE_TTL_MS,
          now: clock,
        },
        logger: app.log,
      };

      await app.register(cookie);
      // One limiter for every route that asks for one (`config.rateLimit`); keyed by the client
      // address the edge saw (decision 0011).
      await app.register(rateLimit, {
        global: false,
        errorResponseBuilder: (_req, ctx) =>
          new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`) as never,
      });
      app.get(
        '/.well-known/jwks.json',
        { schema: { tags: ['auth'], summary: 'Public keys that verify access tokens' } },
        async () => identity.keys.jwks(),
      );
      await app.register(clientErrorRoutes, { perMinute: config.authRateLimitPerMinute });
      await app.register(profileRoutes, {
        deps: identity,
        availabilityPerMinute: config.authRateLimitPerMinute * 3,
        clearSessionCookie: (reply) => reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH }),
      });
      await app.register(notificationRoutes, { deps: identity });
      await app.register(pushRoutes, { deps: identity });
      identityDeps = identity;
      await app.register(unsubscribeRoutes, {
        deps: identity,
        devMail: kept && { pool: () => servicePool },
      });
      await app.register(googleRoutes, {
        deps: identity,
        cookieSecure: config.cookieSecure,
        setRefreshCookie: (reply, issued) => setRefreshCookie(reply, issued, config.cookieSecure),
        sameOrigin: async (request) => {
          if (!fromOwnOrigin(request, publicUrl()))
            throw new AppError('FORBIDDEN', 'This request must come from the Vere app.');
        },
      });
      await app.register(authRoutes, {
        deps: identity,
        cookieSecure: config.cookieSecure,
        rateLimitPerMinute: config.authRateLimitPerMinute,
        appUrl: publicUrl,
        devMail: kept?.messages,
      });
    },
    // Issue 25: other services' events that become notifications (decision 0042).
    consumers: ({ bus, prisma, relay }) => {
      const transaction = prismaTransactions(prisma, { schema: 'identity', relay });
      const notifications = createNotificationsRepository();
      return [
        consume(bus, transaction, 'identity-notify-friends', FriendshipChanged, (tx, e) =>
          onFriendshipChanged({ notifications }, tx, e),
        ),
        consume(bus, transaction, 'identity-notify-weekly', WeeklyCompleted, (tx, e) => onWeeklyCompleted(tx, e)),
        consume(bus, transaction, 'identity-notify-streak', StreakUpdated, (tx, e) => onStreakUpdated(tx, e)),
        consume(bus, transaction, 'identity-notify-nudges', MemberNudged, (tx, e) =>
          onMemberNudged({ notifications }, tx, e),
        ),
        consume(bus, transaction, 'identity-notify-todos', TodoChanged, (tx, e) => onTodoChanged(tx, e)),
        // Pod activity (decision 0056): membership read model, then batched items.
        consume(bus, transaction, 'identity-pod-joins', MemberJoined, (tx, e) => onPodMembership(tx, e, true)),
        consume(bus, transaction, 'identity-pod-leaves', MemberLeft, (tx, e) => onPodMembership(tx, e, false)),
        consume(bus, transaction, 'identity-pod-completions', WeeklyCompleted, (tx, e) => onCompletionShared(tx, e)),
        consume(bus, transaction, 'identity-pod-streaks', PodStreakUpdated, (tx, e) => onPodStreakRose(tx, e)),
        consume(bus, transaction, 'identity-pod-posts', PostInteraction, (tx, e) => onPostInteraction(tx, e)),
        consume(bus, transaction, 'identity-pod-blocks', BlockChanged, (tx, e) => onBlockChanged(tx, e)),
        consume(bus, transaction, 'identity-notify-chats', ChatMessageSent, (tx, e) => onChatMessageSent(tx, e)),
        consume(bus, transaction, 'identity-notify-chat-reads', ChatRead, (tx, e) => onChatRead(tx, e)),
      ];
    },
  });
  const notificationTick = () => runNotificationTick(pool!, clock());
  const pushNow = () => dispatchPushes(identityDeps!, clock());
  const mailTick = () => runMailTick(pool!, mail, clock());
  return {
    name: handle.name,
    app: handle.app,
    get jobs() {
      return jobs;
    },
    notificationTick,
    dispatchPushes: pushNow,
    mailTick,
    async start() {
      await handle.start();
      if (config.scheduler === false) return;
      dispatcher = new PushDispatcher(config.databaseUrl, pushNow, deps.logger);
      await dispatcher.start();
      jobs = await startJobs({
        pool: pool!,
        schema: 'identity_jobs',
        logger: deps.logger,
        jobs: [
          {
            name: NOTIFICATION_TICK_JOB,
            cron: NOTIFICATION_TICK_CRON,
            run: async () => ({ ...(await notificationTick()), mail: await mailTick() }),
          },
        ],
      });
    },
    async close() {
      await jobs?.stop();
      jobs = undefined;
      await dispatcher?.close();
      dispatcher = undefined;
      await identityDeps?.pushChannels.ios?.close?.();
      (await keys?.catch(() => undefined))?.stop();
      await handle.close();
    },
  };
}

function signingKeyOptions(config: IdentityConfig, logger: FastifyBaseLogger): SigningKeyOptions {
  return {
    configuredPem: config.jwtPrivateKey,
    encryptionKey: config.signingKeyEncryptionKey ? parseEncryptionKey(config.signingKeyEncryptionKey) : undefined,
    overlapMs: config.accessTokenTtlSeconds * 1000 + (config.signingKeyMarginMs ?? RETIRED_KEY_MARGIN_MS),
    refreshMs: config.signingKeyRefreshMs ?? KEY_REFRESH_MS,
    onError: (err) =>
      logger.error({ err }, 'could not re-read the signing keys; signing with the previous current key'),
  };
}
