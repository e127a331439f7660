import { useSession } from '@vere/web-session';

/**
 * The `role` claim of an access token (identity signs `role: "admin"` for admins, decision 0021).
 * Read for showing the admin page only: the quests service checks the signed claim on every call.
 */
export function tokenRole(accessToken: string | null | undefined): string | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    const role = claims && typeof claims === 'object' ? (claims as { role?: unknown }).role : undefined;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

/** Whether the session's current access token carries the admin role. */
export function useIsAdmin(): boolean {
  return useSession((s) => tokenRole(s.accessToken) === 'admin');
}

/** Week numbers count Sundays from 1970-01-04 (week 0), as quests names weeks; this is UTC's week. */
export function weekNumberOf(date: Date): number {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Math.floor((day - Date.UTC(1970, 0, 4)) / (7 * 86_400_000));
}
