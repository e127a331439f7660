import { join } from 'node:path';
import { startEmbeddedPostgres } from '@vere/dev-db';
import { createBillingService } from '@vere/billing-service';
import { apnsConfig, createIdentityService, googleConfig } from '@vere/identity-service';
import { createPodsService } from '@vere/pods-service';
import { createQuestsService, storageConfig } from '@vere/quests-service';
import { createBusFromEnv, type EventBus, type ServiceHandle } from '@vere/service-kit';
import { createLocalPhotoStore, createS3PhotoStore, type PhotoStore } from '@vere/storage';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LocalConfig } from './config';
import { createEdge } from './edge';

export interface RunningStack {
  url: string;
  /** Each service's own address (loopback), behind the edge. */
  services: Record<string, string>;
  database: 'embedded' | 'external';
  bus: EventBus['kind'];
  stop(): Promise<void>;
}

/**
 * The whole app in one process: PostgreSQL (embedded unless DATABASE_URL), the event bus
 * (in-process unless NATS_URL), the four services on loopback ports, and the edge in front.
 * Stops everything it started, in reverse order, if any step fails.
 */
export interface StackOptions {
  /**
   * The database URL one service uses (default: the stack's). Tests route a single service
   * through a TCP proxy they can cut, to simulate that service losing its database.
   */
  serviceDatabaseUrl?: (service: 'identity' | 'quests' | 'pods' | 'billing', url: string) => string;
}

export async function startStack(
  config: LocalConfig,
  logger: FastifyBaseLogger,
  options: StackOptions = {},
): Promise<RunningStack> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((err) => logger.error({ err }, 'error while stopping'));
    }
    cleanups.length = 0;
  };

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const dataDir = join(config.VERE_DATA_DIR, 'postgres');
      logger.info({ dataDir }, 'starting embedded PostgreSQL');
      const db = await startEmbeddedPostgres({
        dataDir,
        database: 'vere',
        onLog: (line) => logger.debug({ postgres: line.trim() }),
      });
      cleanups.push(() => db.stop());
      databaseUrl = db.url;
    }

    // Without NATS_URL the events are logged in this database (durable across crashes).
    const bus = await createBusFromEnv({ natsUrl: config.NATS_URL, databaseUrl }, 'vere-local', logger);
    cleanups.push(() => bus.close());
    const deps = { bus, logger };
    const dbFor = (service: 'identity' | 'quests' | 'pods' | 'billing') => ({
      databaseUrl: options.serviceDatabaseUrl?.(service, databaseUrl) ?? databaseUrl,
      issuer: config.JWT_ISSUER,
      logLevel: config.LOG_LEVEL,
    });

    const listen = async (service: ServiceHandle): Promise<string> => {
      cleanups.push(() => service.close());
      await service.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = service.app.server.address() as { port: number };
      return `http://127.0.0.1:${port}`;
    };

    // Links in e-mails point at the edge, whose address is known once it listens.
    let publicUrl = config.APP_URL ?? '';
    const identity = await createIdentityService(
      {
        ...dbFor('identity'),
        jwtPrivateKey: config.JWT_PRIVATE_KEY,
        accessTokenTtlSeconds: 900,
        refreshTokenTtlDays: 30,
        cookieSecure: config.COOKIE_SECURE,
        authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
        appUrl: () => publicUrl,
        smtpUrl: config.SMTP_URL,
        mailFrom: config.MAIL_FROM,
        google: googleConfig(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_ISSUER),
        vapid: {
          publicKey: config.VAPID_PUBLIC_KEY,
          privateKey: config.VAPID_PRIVATE_KEY,
          subject: config.VAPID_SUBJECT,
        },
        apns: apnsConfig(config),
      },
      deps,
    );
    const upstreams: Record<string, string> = { identity: await listen(identity) };
    const jwksUrl = `${upstreams.identity}/.well-known/jwks.json`;

    const storage = storageConfig(config, join(config.VERE_DATA_DIR, 'photos'));
    const { clock: questsNow } = questsClock(config.QUESTS_CLOCK_OFFSET_MS, logger);
    const podPhotos = await podPhotoLinks(storage, config.PHOTO_URL_TTL_SECONDS, questsNow);
    const others = await Promise.all([
      createQuestsService(
        {
          ...dbFor('quests'),
          jwksUrl,
          storage,
          photoUrlTtlSeconds: config.PHOTO_URL_TTL_SECONDS,
          photoUploadsPerHour: config.PHOTO_UPLOADS_PER_HOUR,
        },
        { ...deps, ...(questsNow ? { clock: questsNow } : {}) },
      ),
      createPodsService({ ...dbFor('pods'), jwksUrl }, { ...deps, photoUrl: podPhotos }),
      createBillingService(
        {
          ...dbFor('billing'),
          jwksUrl,
          appUrl: () => publicUrl,
          stripe:
            config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_ID
              ? {
                  secretKey: config.STRIPE_SECRET_KEY,
                  webhookSecret: config.STRIPE_WEBHOOK_SECRET,
                  priceId: config.STRIPE_PRICE_ID,
                }
              : undefined,
          // The embedded default has no keys: the labelled local checkout stands in for Stripe.
          localCheckout: true,
          revenueCat: config.REVENUECAT_WEBHOOK_AUTH
            ? { webhookAuth: config.REVENUECAT_WEBHOOK_AUTH, acceptSandbox: true }
            : undefined,
          revenueCatAppleApiKey: config.REVENUECAT_APPLE_API_KEY,
          revenueCatApi: config.REVENUECAT_SECRET_API_KEY ? { secretKey: config.REVENUECAT_SECRET_API_KEY } : undefined,
        },
        deps,
      ),
    ]);
    for (const service of others) upstreams[service.name] = await listen(service);
    for (const service of [identity, ...others]) await service.start();

    const edge: FastifyInstance = await createEdge({
      logger,
      upstreams,
      appsDir: config.APPS_DIR,
      remotesManifest: config.REMOTES_MANIFEST,
      apiOnly: config.API_ONLY,
      devMail: !config.SMTP_URL,
    });
    cleanups.push(() => edge.close());
    await edge.listen({ host: config.HOST, port: config.PORT });
    const { port } = edge.server.address() as { port: number };
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    publicUrl ||= `http://${host}:${port}`;

    return {
      url: `http://${host}:${port}`,
      services: { ...upstreams },
      database: config.DATABASE_URL ? 'external' : 'embedded',
      bus: bus.kind,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** QUESTS_CLOCK_OFFSET_MS (tests): quests' clock, shifted; said loudly, so nobody runs it by accident. */
/**
 * Pod members read proof photos through the same short-lived signed links quests gives their owner:
 * the same store (the same signing key, read from the photos folder, or S3's presigned URLs), the
 * links pointing at quests' GET /api/quests/photos/{id}, and quests' clock (it checks the expiry).
 */
async function podPhotoLinks(storage: ReturnType<typeof storageConfig>, ttlSeconds: number, now?: () => Date) {
  const store: PhotoStore =
    storage.driver === 's3'
      ? createS3PhotoStore(storage)
      : await createLocalPhotoStore({
          dir: storage.dir,
          signingKey: storage.signingKey,
          urlFor: (key) => `/api/quests/photos/${key.slice(key.lastIndexOf('/') + 1)}`,
          now: () => Math.floor((now?.() ?? new Date()).getTime() / 1000),
        });
  return async (photoId: string) => (await store.signedUrl(`proofs/${photoId}`, ttlSeconds)).url;
}

function questsClock(offsetMs: number, logger: FastifyBaseLogger): { clock?: () => Date } {
  if (offsetMs === 0) return {};
  logger.warn({ offsetMs }, 'QUESTS_CLOCK_OFFSET_MS is set: quests reads a shifted clock (tests only)');
  return { clock: () => new Date(Date.now() + offsetMs) };
}
