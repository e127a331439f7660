/** Spec §8 "Purchase errors (iOS)", worded for people; the UI shows these, never the SDK's text. */
export const PURCHASE_MESSAGES = {
  notIos: 'Not iOS platform: in-app purchases work in the Vere iOS app.',
  unknownProduct: 'Unknown product.',
  productNotFound: 'Product not found. Please check the store configuration.',
  invalidProduct: 'Invalid product configuration.',
  timeout:
    'The purchase timed out. Make sure you are signed in to your Apple ID (Settings › App Store); when testing, use a sandbox account.',
  appleIdRequired:
    'Apple ID required: no active account. Sign in to your Apple ID in Settings › App Store and try again.',
  cancelled: 'Purchase cancelled.',
  notAllowed: 'Payment not allowed. Please check your device settings (Screen Time › Content & Privacy Restrictions).',
  notAvailable: 'Product not available right now. Please try again later.',
  underReview: 'Vere Pro is under review by the App Store. Please try again later.',
  waitingForApproval: 'Your purchase is waiting for approval. Pro starts as soon as it is approved.',
  backend: 'The store had a server problem (500). Please try again in a few minutes.',
  network: 'No connection to the App Store. Check your connection and try again.',
  noCustomerInfo: 'Purchase failed: no customerInfo received.',
  alreadyInProgress: 'A purchase is already in progress.',
  failed: 'Purchase failed. Please try again.',
  success: 'Welcome to Vere Pro!',
  pendingConfirmation: 'Purchase complete. Your Pro membership will appear in a moment.',
  restored: 'Purchases restored. Welcome back to Vere Pro!',
  noActiveSubscriptions: 'No active subscriptions found.',
  restoreFailed: 'Failed to restore purchases.',
} as const;

export type PurchaseMessage = (typeof PURCHASE_MESSAGES)[keyof typeof PURCHASE_MESSAGES];

/**
 * RevenueCat's PURCHASES_ERROR_CODE values (the SDK sends them as strings "0"…"35"), named as in
 * `@revenuecat/purchases-typescript-internal-esm`. Kept here so the web bundle never loads the SDK.
 */
export const SDK_ERROR = {
  UNKNOWN_ERROR: '0',
  PURCHASE_CANCELLED_ERROR: '1',
  STORE_PROBLEM_ERROR: '2',
  PURCHASE_NOT_ALLOWED_ERROR: '3',
  PURCHASE_INVALID_ERROR: '4',
  PRODUCT_NOT_AVAILABLE_FOR_PURCHASE_ERROR: '5',
  PRODUCT_ALREADY_PURCHASED_ERROR: '6',
  NETWORK_ERROR: '10',
  INVALID_CREDENTIALS_ERROR: '11',
  UNEXPECTED_BACKEND_RESPONSE_ERROR: '12',
  OPERATION_ALREADY_IN_PROGRESS_ERROR: '15',
  UNKNOWN_BACKEND_ERROR: '16',
  INELIGIBLE_ERROR: '18',
  PAYMENT_PENDING_ERROR: '20',
  CONFIGURATION_ERROR: '23',
  PRODUCT_REQUEST_TIMED_OUT_ERROR: '32',
  OFFLINE_CONNECTION_ERROR: '35',
} as const;

/** The shape the SDK rejects with (`PurchasesError`): a string code, a message and the store's own text. */
export interface SdkError {
  code?: string | number;
  message?: string;
  underlyingErrorMessage?: string;
  userCancelled?: boolean | null;
}

const text = (e: SdkError) => `${e.message ?? ''} ${e.underlyingErrorMessage ?? ''}`.toLowerCase();

/** One SDK error → the spec's message. Unknown codes fall back to "Purchase failed". */
export function purchaseErrorMessage(error: unknown): PurchaseMessage {
  const e = (error && typeof error === 'object' ? error : {}) as SdkError;
  const code = e.code === undefined ? undefined : String(e.code);
  const said = text(e);
  if (code === SDK_ERROR.PURCHASE_CANCELLED_ERROR || e.userCancelled) return PURCHASE_MESSAGES.cancelled;
  if (said.includes('no active account')) return PURCHASE_MESSAGES.appleIdRequired;
  if (said.includes('waiting for review') || said.includes('in review') || said.includes('under review'))
    return PURCHASE_MESSAGES.underReview;
  switch (code) {
    case SDK_ERROR.PURCHASE_NOT_ALLOWED_ERROR:
      return PURCHASE_MESSAGES.notAllowed;
    case SDK_ERROR.PRODUCT_NOT_AVAILABLE_FOR_PURCHASE_ERROR:
    case SDK_ERROR.INELIGIBLE_ERROR:
      return PURCHASE_MESSAGES.notAvailable;
    case SDK_ERROR.PURCHASE_INVALID_ERROR:
    case SDK_ERROR.CONFIGURATION_ERROR:
    case SDK_ERROR.INVALID_CREDENTIALS_ERROR:
      return PURCHASE_MESSAGES.invalidProduct;
    case SDK_ERROR.PAYMENT_PENDING_ERROR:
      return PURCHASE_MESSAGES.waitingForApproval;
    case SDK_ERROR.UNEXPECTED_BACKEND_RESPONSE_ERROR:
    case SDK_ERROR.UNKNOWN_BACKEND_ERROR:
      return PURCHASE_MESSAGES.backend;
    case SDK_ERROR.NETWORK_ERROR:
    case SDK_ERROR.OFFLINE_CONNECTION_ERROR:
      return PURCHASE_MESSAGES.network;
    case SDK_ERROR.PRODUCT_REQUEST_TIMED_OUT_ERROR:
      return PURCHASE_MESSAGES.timeout;
    case SDK_ERROR.OPERATION_ALREADY_IN_PROGRESS_ERROR:
      return PURCHASE_MESSAGES.alreadyInProgress;
    default:
      return said.includes('500') ? PURCHASE_MESSAGES.backend : PURCHASE_MESSAGES.failed;
  }
}
