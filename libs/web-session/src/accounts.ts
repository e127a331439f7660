/**
 * `@vere/web-session/accounts`: the account calls no first screen makes — profile changes, username
 * check, password reset, "Your data", account deletion, the sign-in providers. Not part of the shared
 * singleton (decision 0072): each app bundles what it uses, and these modules reach the page's one
 * http module and session through the package's root.
 */
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
  CALLBACK_MESSAGES,
  PROVIDER_ENDPOINTS,
  callbackErrorMessage,
  getAuthProviders,
  googleSignInUrl,
} from './providers';
