import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { AppError, assembleService, type EventBus, type ServiceHandle } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityConfig } from './config';
import { PrismaClient } from './generated/prisma/client';
import { createRefreshTokensRepository } from './repositories/refresh-tokens-repository';
import { createSignInThrottleRepository } from './repositories/sign-in-throttle-repository';
import { createUsersRepository } from './repositories/users-repository';
import { createPasswordResetsRepository } from './repositories/password-resets-repository';
import { outboxMailer, smtpMailer, type Mailer } from './mail';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, authRoutes, setRefreshCookie } from './routes/auth';
import { clientErrorRoutes } from './routes/client-errors';
import { googleRoutes } from './routes/google';
import { createExternalIdentitiesRepository } from './repositories/external-identities-repository';
import { createOidcAttemptsRepository } from './repositories/oidc-attempts-repository';
import { createOidcClient } from './oidc-client';
import { DEFAULT_ATTEMPT_TTL_MS } from './use-cases/google-sign-in';
import { profileRoutes } from './routes/profile';
import { DEFAULT_FAMILY_LIFETIME_MS, DEFAULT_REUSE_GRACE_MS } from './use-cases/sessions';
import { parseEncryptionKey } from './key-encryption';
import { KEY_REFRESH_MS, RETIRED_KEY_MARGIN_MS, SigningKeys, type SigningKeyOptions } from './signing-keys';
import { prismaDir } from './prisma-dir';

export async function createIdentityService(
  config: IdentityConfig,
  deps: { bus: EventBus; logger: FastifyBaseLogger },
): Promise<ServiceHandle> {
  // Loaded once, on first use: the auth plugin and the JWKS route share them.
  let keys: Promise<SigningKeys> | undefined;
  if (!config.jwtPrivateKey && !config.signingKeyEncryptionKey && config.production) {
    throw new Error('JWT_PRIVATE_KEY or SIGNING_KEY_ENCRYPTION_KEY must be set in production (generated signing keys are encrypted at rest)');
  }
  const keyOptions = signingKeyOptions(config, deps.logger);
  if (!config.smtpUrl && config.production) throw new Error('SMTP_URL must be set in production (password-reset mail)');
  const kept = config.smtpUrl ? undefined : outboxMailer();
  const mailer: Mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom ?? 'Vere <no-reply@vere.local>') : kept!;
  const appUrl = config.appUrl ?? 'http://localhost:3000';
  const publicUrl = typeof appUrl === 'function' ? appUrl : () => appUrl;
  const oidcClient = config.google ? createOidcClient(config.google) : undefined;
  const signingKeys = (prisma: PrismaClient) => (keys ??= SigningKeys.load(prisma, keyOptions));
  const handle = await assembleService({
    name: 'identity',
    prismaDir: prismaDir(),
    databaseUrl: config.databaseUrl,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    ...deps,
    createPrisma: (adapter) => new PrismaClient({ adapter }),
    auth: async (prisma) => {
      const loaded = await signingKeys(prisma);
      return { issuer: config.issuer, keys: (header) => loaded.verificationKey(header.kid) };
    },
    routes: async ({ app, prisma, relay }) => {
      const signing = await signingKeys(prisma);
      await app.register(cookie);
      // One limiter for every route that asks for one (`config.rateLimit`); keyed by the client
      // address the edge saw (decision 0011).
      await app.register(rateLimit, {
        global: false,
        errorResponseBuilder: (_req, ctx) =>
          new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`) as never,
      });
      app.get('/.well-known/jwks.json', { schema: { tags: ['auth'], summary: 'Public keys that verify access tokens' } },
        async () => signing.jwks());
      const users = createUsersRepository(prisma, () => relay.kick());
      await app.register(clientErrorRoutes, { perMinute: config.authRateLimitPerMinute });
      const tokens = createRefreshTokensRepository(prisma);
      await app.register(profileRoutes, {
        users, tokens, availabilityPerMinute: config.authRateLimitPerMinute * 3,
        clearSessionCookie: (reply) => reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH }),
      });
      const sessions = {
        tokens, keys: signing,
        issuer: config.issuer, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlDays: config.refreshTokenTtlDays,
        familyLifetimeMs: config.refreshFamilyLifetimeMs ?? DEFAULT_FAMILY_LIFETIME_MS,
        reuseGraceMs: config.refreshReuseGraceMs ?? DEFAULT_REUSE_GRACE_MS,
        roleOf: async (userId: string) => (await users.findById(userId))?.role ?? null,
      };
      await app.register(googleRoutes, {
        google: oidcClient && {
          client: oidcClient, users, identities: createExternalIdentitiesRepository(prisma),
          attempts: createOidcAttemptsRepository(prisma),
          redirectUri: () => `${publicUrl()}/api/identity/auth/google/callback`,
          attemptTtlMs: config.oidcAttemptTtlMs ?? DEFAULT_ATTEMPT_TTL_MS,
        },
        sessions, cookieSecure: config.cookieSecure,
        setRefreshCookie: (reply, issued) => setRefreshCookie(reply, issued, config.cookieSecure),
      });
      await app.register(authRoutes, {
        users,
        signInLimit: {
          throttle: createSignInThrottleRepository(prisma),
          maxFailures: config.signInFailureLimit ?? 10,
          windowMs: config.signInFailureWindowMs ?? 15 * 60_000,
        },
        sessions,
        cookieSecure: config.cookieSecure,
        rateLimitPerMinute: config.authRateLimitPerMinute,
        passwordReset: {
          users, resets: createPasswordResetsRepository(prisma), mailer, logger: app.log,
          appUrl: publicUrl,
          linkTtlMs: config.resetLinkTtlMs,
        },
        devMail: kept?.messages,
      });
    },
  });
  return {
    ...handle,
    async close() {
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
    onError: (err) => logger.error({ err }, 'could not re-read the signing keys; signing with the previous current key'),
  };
}
