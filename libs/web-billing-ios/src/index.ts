export { PURCHASE_MESSAGES, SDK_ERROR, purchaseErrorMessage } from './messages';
export type { PurchaseMessage, SdkError } from './messages';
export {
  FOUNDERS_PRODUCT_ID,
  PURCHASE_TIMEOUT_MS,
  RELOAD_AFTER_MS,
  loadPurchases,
  nativePlatform,
  purchasePro,
  restorePro,
} from './ios-purchase';
export type { IosPurchaseDeps, PurchaseOutcome, PurchasesApi } from './ios-purchase';
