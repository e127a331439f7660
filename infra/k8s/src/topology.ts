// What runs, independent of the variant: the four services with their configuration and the
// Secrets they read by reference, the static deployables, and the infrastructure they reach.
// Names match docker-compose.yml wherever a name is visible to the code: the Services are called
// identity, quests, pods and billing (so JWKS_URL is http://identity:3000/... in both), port 3000.
import { readFileSync } from 'node:fs';
import type { Variant } from './variants';

export const SERVICE_NAMES = ['identity', 'quests', 'pods', 'billing'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export const REMOTE_NAMES = ['challenges', 'connect', 'playbooks', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const SERVICE_PORT = 3000;
export const WEB_PORT = 8080;
/** The images' users: `node` in node:24-bookworm-slim, `nginx` in nginx:1.27-alpine. */
export const NODE_UID = 1000;
export const NGINX_UID = 101;

/** Same images as docker-compose.yml (`vere/<service>`, `vere/edge`), tagged by releases.json. */
export const serviceImage = (service: ServiceName, tag: string) => `vere/${service}:${tag}`;
export const webImage = (tag: string) => `vere/edge:${tag}`;
/** The PostgreSQL major of docker-compose.yml's `postgres:17`, as CloudNativePG's operand image. */
export const POSTGRES_IMAGE = 'ghcr.io/cloudnative-pg/postgresql:17';
/** docker-compose.yml's `nats:2.9-alpine` (the 2.9 line CI tests, decision 0008). */
export const NATS_IMAGE = { repository: 'nats', tag: '2.9-alpine' };

/** The CloudNativePG cluster, its application database/owner, and the pooler in front of it. */
export const DB_CLUSTER = 'vere-db';
export const DB_NAME = 'vere';
export const DB_OWNER = 'vere';
/** Created by CloudNativePG for the owner (`<cluster>-app`, keys username/password/uri/...). */
export const DB_APP_SECRET = `${DB_CLUSTER}-app`;
export const DB_POOLER = `${DB_CLUSTER}-pooler-rw`;
/** The Helm release of the official NATS chart (Service `nats`, pods labelled instance=nats). */
export const NATS_RELEASE = 'nats';
/** Each service's pg pool (libs/service-kit createPool max 10) + its LISTEN / lock connections. */
export const CONNECTIONS_PER_REPLICA = 12;

/** A variable from a Secret the operator creates (never rendered here). */
export interface SecretRef {
  secret: string;
  key: string;
  /** The service starts without it (the feature stays off). */
  optional?: boolean;
}

export interface ServiceSpec {
  name: ServiceName;
  /** Non-secret configuration: the service's ConfigMap. */
  config: Record<string, string>;
  /** Secret variables, by reference. */
  secrets: Record<string, SecretRef>;
  /** Writable scratch space (read-only root filesystem otherwise). */
  tmpSize: string;
  /** Egress beyond PostgreSQL, NATS and DNS, and why (NetworkPolicy). */
  egress: { identity?: boolean; internetPorts?: number[]; why?: string };
}

export interface Releases {
  /** One tag for the four service images (compose's VERE_TAG). */
  services: string;
  /** The vere/edge image that serves the shell. */
  shell: string;
  /** Per remote: the versions kept deployed (each its own Deployment) and the one the shell loads. */
  remotes: Record<RemoteName, { live: string; deployed: string[] }>;
}

/** An image tag that is also a valid label value and a plain path segment (e.g. 1.4.2, 2026.11.26-3). */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,40}$/;

export function loadReleases(file = new URL('../releases.json', import.meta.url)): Releases {
  const releases = JSON.parse(readFileSync(file, 'utf8')) as Releases;
  const versions = [
    releases.services,
    releases.shell,
    ...Object.values(releases.remotes).flatMap((r) => [r.live, ...r.deployed]),
  ];
  for (const version of versions)
    if (typeof version !== 'string' || !VERSION.test(version))
      throw new Error(`releases.json: ${JSON.stringify(version)} is not a version (${VERSION})`);
  return releases;
}

const optional = (secret: string, key: string): SecretRef => ({ secret, key, optional: true });

export function serviceSpecs(variant: Variant): ServiceSpec[] {
  const common: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    // The chart's client Service; the servers gossip the cluster's other addresses to clients.
    NATS_URL: `nats://${NATS_RELEASE}:4222`,
    NATS_STREAM_REPLICAS: String(variant.nats.streamReplicas),
    // One hop: the ingress controller, which overwrites X-Forwarded-For with the client's address.
    TRUST_PROXY: '1',
    JWT_ISSUER: 'vere-identity',
  };
  const verifier = { ...common, JWKS_URL: `http://identity:${SERVICE_PORT}/.well-known/jwks.json` };
  const appUrl = `https://${variant.host}`;
  return [
    {
      name: 'identity',
      config: {
        ...common,
        COOKIE_SECURE: 'true',
        ACCESS_TOKEN_TTL_SECONDS: '900',
        REFRESH_TOKEN_TTL_DAYS: '30',
        AUTH_RATE_LIMIT_PER_MINUTE: '20',
        MAIL_FROM: 'Vere <no-reply@vere.example>',
        APP_URL: appUrl,
        // Web push and APNs (decision 0053): who push services may contact, and the iOS app's bundle id.
        VAPID_SUBJECT: appUrl,
        APNS_TOPIC: 'app.vere.ios',
      },
      secrets: {
        JWT_PRIVATE_KEY: { secret: 'vere-identity', key: 'jwt-private-key' },
        SMTP_URL: { secret: 'vere-identity', key: 'smtp-url' },
        GOOGLE_CLIENT_ID: optional('vere-identity', 'google-client-id'),
        GOOGLE_CLIENT_SECRET: optional('vere-identity', 'google-client-secret'),
        VAPID_PUBLIC_KEY: { secret: 'vere-identity', key: 'vapid-public-key' },
        VAPID_PRIVATE_KEY: { secret: 'vere-identity', key: 'vapid-private-key' },
        APNS_KEY_ID: optional('vere-identity', 'apns-key-id'),
        APNS_TEAM_ID: optional('vere-identity', 'apns-team-id'),
        APNS_KEY: optional('vere-identity', 'apns-key'),
      },
      tmpSize: '64Mi',
      egress: {
        internetPorts: [443, 465, 587],
        why: 'SMTP for password-reset mail, Google sign-in (OIDC), web push services and APNs (HTTPS)',
      },
    },
    {
      name: 'quests',
      config: {
        ...verifier,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'vere-photos',
        S3_REGION: 'eu-west-1',
        // S3_ENDPOINT: unset = AWS S3 in S3_REGION; set it here for an S3-compatible store (MinIO, R2, ...).
        PHOTO_URL_TTL_SECONDS: '600',
      },
      secrets: {
        // Absent: the SDK's default credentials (a workload identity / IRSA role on the pod).
        S3_ACCESS_KEY_ID: optional('vere-quests', 's3-access-key-id'),
        S3_SECRET_ACCESS_KEY: optional('vere-quests', 's3-secret-access-key'),
      },
      tmpSize: '256Mi',
      egress: { identity: true, internetPorts: [443], why: 'S3 for proof photos' },
    },
    {
      name: 'pods',
      config: verifier,
      secrets: {},
      tmpSize: '64Mi',
      egress: { identity: true },
    },
    {
      name: 'billing',
      config: { ...verifier, BILLING_GRACE_DAYS: '7', APP_URL: appUrl },
      secrets: {
        STRIPE_SECRET_KEY: optional('vere-billing', 'stripe-secret-key'),
        STRIPE_WEBHOOK_SECRET: optional('vere-billing', 'stripe-webhook-secret'),
        STRIPE_PRICE_ID: optional('vere-billing', 'stripe-price-id'),
        REVENUECAT_WEBHOOK_AUTH: optional('vere-billing', 'revenuecat-webhook-auth'),
        REVENUECAT_APPLE_API_KEY: optional('vere-billing', 'revenuecat-apple-api-key'),
        REVENUECAT_SECRET_API_KEY: optional('vere-billing', 'revenuecat-secret-api-key'),
      },
      tmpSize: '64Mi',
      egress: { identity: true, internetPorts: [443], why: 'Stripe and RevenueCat APIs' },
    },
  ];
}

/** A version as a DNS-1123 name part: 1.4.2 → 1-4-2. */
export const versionSlug = (version: string) =>
  version
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
