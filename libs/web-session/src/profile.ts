import type {
  BillingExport,
  IdentityExport,
  Me,
  PodsExport,
  QuestsExport,
  UpdateProfileBody,
  UsernameAvailability,
} from '@vere/contracts';
import type { ApiFetch } from './api-client';
// The package's root, not './http': this module is bundled apart from the shared one (accounts.ts),
// and a relative import would give it a second http module (its own in-flight count and recent reads).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { request } from '@vere/web-session';
import type { SessionStore } from './session-store';

export const PASSWORD_ENDPOINTS = {
  forgot: '/api/identity/auth/forgot-password',
  /** Spec §7's path (the edge forwards it to identity). */
  reset: '/api/auth/reset-password',
} as const;

/** Asks identity to mail a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await request<unknown>(PASSWORD_ENDPOINTS.forgot, { method: 'POST', json: { email: email.trim() } });
}

/** Sets a new password with the token from the mailed link. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await request<void>(PASSWORD_ENDPOINTS.reset, { method: 'POST', json: { token, newPassword } });
}

export const PROFILE_ENDPOINTS = {
  me: '/api/identity/me',
  usernameAvailability: (username: string) => `/api/identity/usernames/${encodeURIComponent(username)}/availability`,
} as const;

/** Spec: the username form asks 500 ms after typing stops. */
export const USERNAME_CHECK_DELAY_MS = 500;

/** Whether a username is free (no session needed: the sign-up form asks too). */
export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return request<UsernameAvailability>(PROFILE_ENDPOINTS.usernameAvailability(username.trim().toLowerCase()), {
    signal,
  });
}

/** Saves profile changes and hands the answer to the session, so the shell's user block updates at once. */
export async function updateProfile(
  api: ApiFetch,
  store: SessionStore,
  changes: UpdateProfileBody,
): Promise<Me['user']> {
  const { user } = await api<Me>(PROFILE_ENDPOINTS.me, { method: 'PATCH', json: changes });
  store.getState().setUser(user);
  return store.getState().user ?? user;
}

/** Every service's "Your data" answer, gathered into one document. */
export interface DataExport {
  exportedAt: string;
  identity: IdentityExport;
  quests: QuestsExport;
  pods: PodsExport;
  billing: BillingExport;
}

/** Asks the four services at once; any one failing fails the whole export (no partial archive). */
export async function gatherMyData(api: ApiFetch, now: () => Date = () => new Date()): Promise<DataExport> {
  const [identity, quests, pods, billing] = await Promise.all([
    api<IdentityExport>('/api/identity/me/export'),
    api<QuestsExport>('/api/quests/me/export'),
    api<PodsExport>('/api/pods/me/export'),
    api<BillingExport>('/api/billing/me/export'),
  ]);
  return { exportedAt: now().toISOString(), identity, quests, pods, billing };
}

/** Deletes the account (password typed again); the session ends here too. */
export async function deleteMyAccount(api: ApiFetch, store: SessionStore, password: string): Promise<void> {
  await api<void>('/api/identity/me/delete', { method: 'POST', json: { password } });
  store.setState({ status: 'signed-out', user: null, accessToken: null });
}
