import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { Value } from 'typebox/value';

/** Variables every service reads. Services extend these with their own. */
export const BaseEnv = {
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  /** NATS server(s), comma-separated. Absent: the in-process bus (embedded default only). */
  NATS_URL: Type.Optional(Type.String({ minLength: 1 })),
  /** Replicas of the JetStream streams this service creates: 3 on a production cluster, 1 locally. */
  NATS_STREAM_REPLICAS: Type.Integer({ minimum: 1, maximum: 5, default: 1 }),
  /** Issuer string identity writes into access tokens and every service checks. */
  JWT_ISSUER: Type.String({ default: 'vere-identity' }),
  /**
   * Which peer may tell the client's address in X-Forwarded-For: the edge. A hop count ("1": the
   * nearest proxy) or addresses/CIDRs/proxy-addr names, comma-separated. Default: loopback only
   * (the embedded launcher's edge). Never "true": any client could then pick its rate-limit key.
   */
  TRUST_PROXY: Type.String({ pattern: '^([0-9]{1,2}|[A-Za-z0-9.:/]+(,[A-Za-z0-9.:/]+)*)$', default: 'loopback' }),
};

/** Fastify's `trustProxy` from TRUST_PROXY: a hop count or a list of trusted addresses. */
export function trustProxySetting(value: string | undefined): number | string[] {
  if (!value) return ['loopback'];
  return /^[0-9]+$/.test(value) ? Number(value) : value.split(',').map((v) => v.trim());
}

export type EnvSchema<P extends TProperties> = TObject<P>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Validates the environment once at start-up. A missing or malformed variable stops the
 * process with a message naming it, instead of failing later on first use.
 */
export function loadEnv<P extends TProperties>(
  properties: P,
  source: Record<string, string | undefined> = process.env,
): Static<TObject<P>> {
  const schema = Type.Object(properties);
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) {
    const raw = source[key];
    if (raw !== undefined && raw !== '') picked[key] = raw;
  }
  const value = Value.Convert(schema, Value.Default(schema, picked));
  if (!Value.Check(schema, value)) {
    const problems = [...Value.Errors(schema, value)].map((e) => {
      const name =
        e.instancePath.replace(/^\//, '') || Object.keys(properties).find((k) => !(k in (value as object))) || '(env)';
      return `${name}: ${e.message}`;
    });
    throw new EnvError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return value as Static<TObject<P>>;
}

/** Variables of a service that verifies access tokens against identity's published keys. */
export const VerifierEnv = {
  ...BaseEnv,
  /** identity's JWKS, e.g. http://identity:3000/.well-known/jwks.json */
  JWKS_URL: Type.String({ pattern: '^https?://' }),
};

export interface VerifierConfig {
  databaseUrl: string;
  issuer: string;
  jwksUrl: string;
  logLevel?: string;
  /** TRUST_PROXY; default loopback. */
  trustProxy?: string;
}

export function verifierConfig(env: Static<TObject<typeof VerifierEnv>>): VerifierConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    issuer: env.JWT_ISSUER,
    jwksUrl: env.JWKS_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
  };
}
