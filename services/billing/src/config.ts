import { BaseEnv } from '@vere/service-kit';
import { Type, type Static, type TObject } from 'typebox';

export const BillingEnv = {
  ...BaseEnv,
  /** identity's JWKS, e.g. http://identity:3000/.well-known/jwks.json */
  JWKS_URL: Type.String({ pattern: '^https?://' }),
};

export interface BillingConfig {
  databaseUrl: string;
  issuer: string;
  jwksUrl: string;
  logLevel?: string;
}

export function billingConfig(env: Static<TObject<typeof BillingEnv>>): BillingConfig {
  return { databaseUrl: env.DATABASE_URL, issuer: env.JWT_ISSUER, jwksUrl: env.JWKS_URL, logLevel: env.LOG_LEVEL };
}
