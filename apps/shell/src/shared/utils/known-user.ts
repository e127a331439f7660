/**
 * Set at every sign-in (web-session's KNOWN_USER_KEY): this browser has had a user. Read here
 * without importing a shared module, so index.ts may use it before the async boundary.
 */
export const KNOWN_USER_KEY = 'vere_known_user';

export function hasKnownUser(): boolean {
  try {
    return localStorage.getItem(KNOWN_USER_KEY) === 'true';
  } catch {
    return false;
  }
}
