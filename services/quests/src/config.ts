import { BaseEnv } from '@vere/service-kit';
import { Type, type Static, type TObject } from 'typebox';

export const QuestsEnv = {
  ...BaseEnv,
  /** identity's JWKS, e.g. http://identity:3000/.well-known/jwks.json */
  JWKS_URL: Type.String({ pattern: '^https?://' }),
};

export interface QuestsConfig {
  databaseUrl: string;
  issuer: string;
  jwksUrl: string;
  logLevel?: string;
}

export function questsConfig(env: Static<TObject<typeof QuestsEnv>>): QuestsConfig {
  return { databaseUrl: env.DATABASE_URL, issuer: env.JWT_ISSUER, jwksUrl: env.JWKS_URL, logLevel: env.LOG_LEVEL };
}
