/**
 * The session every area shares (a Module Federation singleton: bundled whole, on every first
 * paint). Account calls that no first screen makes (profile, password, data export, sign-in
 * providers) are in `@vere/web-session/accounts`, bundled with the pages that use them (decision 0072).
 */
export { ApiError, isApiError, isInvalidLink, NETWORK_ERROR, TIMEOUT } from './api-error';
export {
  OFFLINE_ACTION_MESSAGE,
  actionErrorMessage,
  connectivity,
  createConnectivity,
  isConnectionError,
} from './connectivity';
export type { Connectivity, ConnectivityStore } from './connectivity';
export { useConnectivity } from './use-connectivity';
export { createApiClient } from './api-client';
// `request`: one call without the session's token (sign-up's username check, a password reset, the
// sign-in providers: `@vere/web-session/accounts`), through the page's one http module.
export { request, whenApiQuiet } from './http';
export type { RequestOptions } from './http';
export { afterFirstScreen, firstScreenDone } from './first-screen';
export { useAfterFirstScreen } from './use-after-first-screen';
export { getQueryOptions } from './get-query';
export type { GetQueryOptions } from './get-query';
export { queryRetry } from './query-retry';
export type { QueryRetry } from './query-retry';
export type { ApiFetch, ApiFetchInit } from './api-client';
export {
  AUTH_ENDPOINTS,
  BOOTSTRAP_CUTOFF_MS,
  KNOWN_USER_KEY,
  NEW_USER_SIGNUP_KEY,
  NEW_USER_WINDOW_MS,
  SIGN_UP_TIMEOUT_MS,
  createSessionStore,
  isNewSignup,
} from './session-store';
export type { SessionState, SessionStore, SessionStoreOptions } from './session-store';
export { apiFetch, sessionStore } from './session';
export { useSession } from './use-session';
export type { AuthResponse, SessionStatus, SessionUser, SignUpInput } from './types';
export {
  ENTITLEMENT_CACHE_MS,
  ENTITLEMENT_CHANGED_EVENT,
  ENTITLEMENT_PATH,
  PLAN_LABELS,
  announceEntitlementChange,
  entitlementQueryKey,
  entitlementQueryOptions,
  getEntitlement,
  planLabel,
} from './entitlement';
export type { Entitlement, EntitlementSource } from './entitlement';
export {
  CLIENT_ERRORS_ENDPOINT,
  MAX_REPORTS_PER_PAGE,
  installErrorReporting,
  reportClientError,
} from './error-reporting';
export {
  GUIDED_START_KEYS,
  MILESTONE_PATH,
  completeMilestone,
  completePreAuthOnboarding,
  resetPreAuthOnboarding,
  shouldShowIntro,
  shouldShowPreAuthOnboarding,
} from './guided-start';
export { publicOrigin, setPublicOrigin } from './public-origin';
