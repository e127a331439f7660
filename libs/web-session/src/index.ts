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
export { whenApiQuiet } from './http';
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
  PASSWORD_ENDPOINTS,
  PROFILE_ENDPOINTS,
  USERNAME_CHECK_DELAY_MS,
  checkUsername,
  deleteMyAccount,
  gatherMyData,
  requestPasswordReset,
  resetPassword,
  updateProfile,
} from './profile';
export type { DataExport } from './profile';
export {
  CLIENT_ERRORS_ENDPOINT,
  MAX_REPORTS_PER_PAGE,
  installErrorReporting,
  reportClientError,
} from './error-reporting';
export {
  CALLBACK_MESSAGES,
  PROVIDER_ENDPOINTS,
  callbackErrorMessage,
  getAuthProviders,
  googleSignInUrl,
} from './providers';
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
