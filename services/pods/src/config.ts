import { BaseEnv } from '@vere/service-kit';
import { Type, type Static, type TObject } from 'typebox';

export const PodsEnv = {
  ...BaseEnv,
  /** identity's JWKS, e.g. http://identity:3000/.well-known/jwks.json */
  JWKS_URL: Type.String({ pattern: '^https?://' }),
};

export interface PodsConfig {
  databaseUrl: string;
  issuer: string;
  jwksUrl: string;
  logLevel?: string;
}

export function podsConfig(env: Static<TObject<typeof PodsEnv>>): PodsConfig {
  return { databaseUrl: env.DATABASE_URL, issuer: env.JWT_ISSUER, jwksUrl: env.JWKS_URL, logLevel: env.LOG_LEVEL };
}
