import type { CustomerInfo, MakePurchaseResult, PurchasesStoreProduct } from '@revenuecat/purchases-capacitor';
import type { PurchasesApi } from './ios-purchase';

/** What the SDK rejects with (PurchasesError), for the codes the tests play. */
export function sdkError(code: string, readable: string, message: string, underlying = ''): object {
  return {
    code,
    message,
    readableErrorCode: readable,
    userInfo: { readableErrorCode: readable },
    underlyingErrorMessage: underlying,
    userCancelled: code === '1' ? true : null,
  };
}

export const SDK_ERRORS = {
  cancelled: sdkError(
    '1',
    'PURCHASE_CANCELLED',
    'Purchase was cancelled.',
    'Error Domain=SKErrorDomain Code=2 "Cannot connect to iTunes Store"',
  ),
  notAllowed: sdkError('3', 'PURCHASE_NOT_ALLOWED', 'The device or user is not allowed to make the purchase.'),
  notAvailable: sdkError('5', 'PRODUCT_NOT_AVAILABLE_FOR_PURCHASE', 'The product is not available for purchase.'),
  noActiveAccount: sdkError(
    '2',
    'STORE_PROBLEM',
    'There was a problem with the App Store.',
    'Error Domain=ASDErrorDomain Code=509 "No active account"',
  ),
  inReview: sdkError(
    '2',
    'STORE_PROBLEM',
    'There was a problem with the App Store.',
    'The product is waiting for review',
  ),
  pending: sdkError('20', 'PAYMENT_PENDING', 'The payment is pending.'),
  backend: sdkError('16', 'UNKNOWN_BACKEND_ERROR', 'There was an unknown backend error.', 'HTTP 500'),
  invalid: sdkError('23', 'CONFIGURATION_ERROR', 'There is an issue with your configuration.'),
  offline: sdkError(
    '35',
    'OFFLINE_CONNECTION_ERROR',
    'Error performing request because the internet connection appears to be offline.',
  ),
  restoreFailed: sdkError('8', 'INVALID_RECEIPT', 'The receipt is not valid.'),
} as const;

const product = (identifier: string) =>
  ({
    identifier,
    title: 'Vere Pro',
    priceString: '$0.99',
    price: 0.99,
    currencyCode: 'USD',
  }) as unknown as PurchasesStoreProduct;
const customerInfo = (activeEntitlements: string[]) =>
  ({
    entitlements: {
      active: Object.fromEntries(activeEntitlements.map((e) => [e, { identifier: e, isActive: true }])),
      all: {},
    },
  }) as unknown as CustomerInfo;

export interface DoubleScript {
  products?: string[];
  /** 'ok', 'no-customer-info', 'hang' (never answers), or an SDK error to reject with. */
  purchase?: 'ok' | 'no-customer-info' | 'hang' | object;
  /** Active entitlements after a restore, or an SDK error. */
  restore?: string[] | object;
}

/**
 * A test double of `@revenuecat/purchases-capacitor`'s `Purchases` that answers as the SDK documents
 * (shapes and PURCHASES_ERROR_CODE values), recording every call.
 */
export function purchasesDouble(script: DoubleScript = {}): PurchasesApi & { calls: Array<[string, unknown]> } {
  const calls: Array<[string, unknown]> = [];
  return {
    calls,
    async configure(options) {
      calls.push(['configure', options]);
    },
    async logIn(options) {
      calls.push(['logIn', options]);
      return { customerInfo: customerInfo([]), created: false };
    },
    async getProducts(options) {
      calls.push(['getProducts', options]);
      return {
        products: (script.products ?? ['verepro.founders'])
          .filter((id) => options.productIdentifiers.includes(id))
          .map(product),
      };
    },
    async purchaseStoreProduct(options) {
      calls.push(['purchaseStoreProduct', options.product.identifier]);
      const outcome = script.purchase ?? 'ok';
      if (outcome === 'hang') return new Promise<MakePurchaseResult>(() => undefined);
      if (outcome === 'no-customer-info')
        return { productIdentifier: options.product.identifier } as unknown as MakePurchaseResult;
      if (outcome !== 'ok') throw outcome;
      return {
        productIdentifier: options.product.identifier,
        customerInfo: customerInfo(['pro']),
        transaction: {},
      } as unknown as MakePurchaseResult;
    },
    async restorePurchases() {
      calls.push(['restorePurchases', null]);
      const outcome = script.restore ?? [];
      if (!Array.isArray(outcome)) throw outcome;
      return { customerInfo: customerInfo(outcome) };
    },
  };
}
