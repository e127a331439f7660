/**
 * The access-token contract between identity (which signs) and every service (which verifies):
 * ES256, and an audience per service (`vere-<service>`); identity signs each token for all of them.
 */
export const ACCESS_TOKEN_ALG = 'ES256';

export const TOKEN_AUDIENCE_SERVICES = ['identity', 'quests', 'pods', 'billing'] as const;

/** The `aud` value a service requires in access tokens. */
export const serviceAudience = (service: string): string => `vere-${service}`;
