import type { PurchasesPlugin } from '@revenuecat/purchases-capacitor';
import { PURCHASE_MESSAGES, purchaseErrorMessage, type PurchaseMessage } from './messages';

/** Spec §9: the founders product, a 30 s purchase time-out, reload 2 s after success. */
export const FOUNDERS_PRODUCT_ID = 'verepro.founders';
export const PURCHASE_TIMEOUT_MS = 30_000;
export const RELOAD_AFTER_MS = 2_000;

/** The part of the Capacitor plugin this flow calls (the real `Purchases`, or a test double). */
export type PurchasesApi = Pick<
  PurchasesPlugin,
  'configure' | 'logIn' | 'getProducts' | 'purchaseStoreProduct' | 'restorePurchases'
>;

export interface IosPurchaseDeps {
  purchases: PurchasesApi;
  /** Capacitor's platform: 'ios', 'android' or 'web'. */
  platform: string;
  /** RevenueCat's public App Store API key. */
  apiKey: string;
  /** Our user id: the app logs in to RevenueCat with it, and billing's webhook reads it back. */
  userId: string;
  /**
   * Resolves true once billing's entitlement is active (the webhook arrived). The app never marks
   * itself Pro: only billing does.
   */
  waitForEntitlement: () => Promise<boolean>;
  reload: () => void;
  timeoutMs?: number;
  reloadAfterMs?: number;
  /** Which product to buy (the founders plan unless said otherwise). */
  productId?: string;
}

export type PurchaseOutcome =
  | { ok: true; message: PurchaseMessage; confirmed: boolean }
  | { ok: false; message: PurchaseMessage; cancelled?: boolean };

class PurchaseTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PurchaseTimeout('purchase timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const configured = new WeakMap<PurchasesApi, string>();

/** Configures the SDK once per user (spec §7: configure, then log in with our user id). */
async function ready(deps: IosPurchaseDeps): Promise<void> {
  if (configured.get(deps.purchases) === deps.userId) return;
  if (!configured.has(deps.purchases)) await deps.purchases.configure({ apiKey: deps.apiKey, appUserID: deps.userId });
  else await deps.purchases.logIn({ appUserID: deps.userId });
  configured.set(deps.purchases, deps.userId);
}

async function afterSuccess(deps: IosPurchaseDeps, success: PurchaseMessage): Promise<PurchaseOutcome> {
  const confirmed = await deps.waitForEntitlement().catch(() => false);
  setTimeout(deps.reload, deps.reloadAfterMs ?? RELOAD_AFTER_MS);
  return { ok: true, message: confirmed ? success : PURCHASE_MESSAGES.pendingConfirmation, confirmed };
}

/**
 * Spec §4 "Purchase on iOS": configure, find the product, purchase with a 30 s time-out; on success
 * wait for billing's entitlement (from RevenueCat's webhook) and reload 2 s later. Every failure
 * becomes one of the spec's §8 messages.
 */
export async function purchasePro(deps: IosPurchaseDeps): Promise<PurchaseOutcome> {
  if (deps.platform !== 'ios') return { ok: false, message: PURCHASE_MESSAGES.notIos };
  const productId = deps.productId ?? FOUNDERS_PRODUCT_ID;
  if (productId !== FOUNDERS_PRODUCT_ID) return { ok: false, message: PURCHASE_MESSAGES.unknownProduct };
  try {
    await ready(deps);
    const { products } = await deps.purchases.getProducts({ productIdentifiers: [productId] });
    const product = products.find((p) => p.identifier === productId);
    if (!product) return { ok: false, message: PURCHASE_MESSAGES.productNotFound };
    const result = await withTimeout(
      deps.purchases.purchaseStoreProduct({ product }),
      deps.timeoutMs ?? PURCHASE_TIMEOUT_MS,
    );
    if (!result?.customerInfo) return { ok: false, message: PURCHASE_MESSAGES.noCustomerInfo };
    return await afterSuccess(deps, PURCHASE_MESSAGES.success);
  } catch (err) {
    if (err instanceof PurchaseTimeout) return { ok: false, message: PURCHASE_MESSAGES.timeout };
    const message = purchaseErrorMessage(err);
    return { ok: false, message, ...(message === PURCHASE_MESSAGES.cancelled ? { cancelled: true } : {}) };
  }
}

/** "Restore purchases": an active App Store entitlement comes back through billing like a purchase. */
export async function restorePro(deps: IosPurchaseDeps): Promise<PurchaseOutcome> {
  if (deps.platform !== 'ios') return { ok: false, message: PURCHASE_MESSAGES.notIos };
  try {
    await ready(deps);
    const { customerInfo } = await deps.purchases.restorePurchases();
    if (Object.keys(customerInfo?.entitlements?.active ?? {}).length === 0)
      return { ok: false, message: PURCHASE_MESSAGES.noActiveSubscriptions };
    return await afterSuccess(deps, PURCHASE_MESSAGES.restored);
  } catch {
    return { ok: false, message: PURCHASE_MESSAGES.restoreFailed };
  }
}

interface NativeGlobals {
  webkit?: { messageHandlers?: { bridge?: unknown } };
  androidBridge?: unknown;
  Capacitor?: { getPlatform?: () => string };
}

/**
 * The platform as Capacitor decides it (its iOS bridge is `webkit.messageHandlers.bridge`), read
 * without loading `@capacitor/core`, so the web bundle never fetches the SDK.
 */
export function nativePlatform(): string {
  const g = globalThis as NativeGlobals;
  if (g.androidBridge) return 'android';
  if (g.webkit?.messageHandlers?.bridge) return 'ios';
  return g.Capacitor?.getPlatform?.() ?? 'web';
}

/**
 * The real plugin, loaded on iOS only (a separate chunk the web bundle never fetches). Capacitor's
 * plugin is a Proxy that answers every property, `then` included, so it is wrapped in a plain
 * object: returned bare from an async function, the Promise would try to adopt it as a thenable.
 */
let loaded: Promise<PurchasesApi> | undefined;

/** One plugin wrapper per app run: RevenueCat is configured once per launch (see `ready`). */
export function loadPurchases(): Promise<PurchasesApi> {
  loaded ??= wrapPlugin();
  return loaded;
}

async function wrapPlugin(): Promise<PurchasesApi> {
  const { Purchases } = await import('@revenuecat/purchases-capacitor');
  return {
    configure: (options) => Purchases.configure(options),
    logIn: (options) => Purchases.logIn(options),
    getProducts: (options) => Purchases.getProducts(options),
    purchaseStoreProduct: (options) => Purchases.purchaseStoreProduct(options),
    restorePurchases: () => Purchases.restorePurchases(),
  };
}
