import type { AuthProviders, OidcCallbackError } from '@vere/contracts';
// The package's root, not './http': this module is bundled apart from the shared one (accounts.ts),
// and a relative import would give it a second http module (its own in-flight count and recent reads).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { request } from '@vere/web-session';

export const PROVIDER_ENDPOINTS = {
  providers: '/api/identity/auth/providers',
  /** A full-page navigation (never fetched): identity redirects to Google and back to /auth/callback. */
  googleStart: '/api/identity/auth/google/start',
} as const;

/** Which sign-in providers identity offers; none when it cannot be asked (the buttons just stay hidden). */
export async function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  try {
    return await request<AuthProviders>(PROVIDER_ENDPOINTS.providers, { signal });
  } catch {
    return { google: false };
  }
}

/** Where "Continue with Google" goes; `redirect` is the same-app path to land on afterwards. */
export function googleSignInUrl(redirect?: string): string {
  return redirect && redirect !== '/'
    ? `${PROVIDER_ENDPOINTS.googleStart}?redirect=${encodeURIComponent(redirect)}`
    : PROVIDER_ENDPOINTS.googleStart;
}

export const CALLBACK_MESSAGES = {
  emailNotVerified: 'Failed to verify your email. Please try again.',
  failed: 'Authentication failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** Spec §8 callback errors, by identity's stable code (`/auth/callback?error=<code>`). */
export function callbackErrorMessage(code: string | null): string {
  switch (code as OidcCallbackError | null) {
    case 'EMAIL_NOT_VERIFIED':
      return CALLBACK_MESSAGES.emailNotVerified;
    case 'STATE_INVALID':
    case 'ACCESS_DENIED':
    case 'EXCHANGE_FAILED':
      return CALLBACK_MESSAGES.failed;
    default:
      return CALLBACK_MESSAGES.unexpected;
  }
}
