import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PURCHASE_MESSAGES, purchasePro, restorePro, type IosPurchaseDeps } from './index';
import { SDK_ERRORS, purchasesDouble, type DoubleScript } from './purchases-double';

function deps(script: DoubleScript = {}, over: Partial<IosPurchaseDeps> = {}) {
  const purchases = purchasesDouble(script);
  const reload = vi.fn();
  const waitForEntitlement = vi.fn(async () => true);
  return {
    purchases,
    reload,
    waitForEntitlement,
    deps: { purchases, platform: 'ios', apiKey: 'appl_test', userId: 'user-1', reload, waitForEntitlement, ...over },
  };
}

describe('purchasePro on iOS (RevenueCat plugin double)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('success: configures with our user id, buys the founders product, waits for billing, reloads after 2 s', async () => {
    const t = deps();
    const outcome = await purchasePro(t.deps);
    expect(outcome).toEqual({ ok: true, message: 'Welcome to Vere Pro!', confirmed: true });
    expect(t.purchases.calls).toEqual([
      ['configure', { apiKey: 'appl_test', appUserID: 'user-1' }],
      ['getProducts', { productIdentifiers: ['verepro.founders'] }],
      ['purchaseStoreProduct', 'verepro.founders'],
    ]);
    expect(t.waitForEntitlement).toHaveBeenCalledOnce();
    expect(t.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_999);
    expect(t.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(t.reload).toHaveBeenCalledOnce();
  });

  it('says so when billing has not confirmed yet, and never marks Pro itself', async () => {
    const t = deps({}, { waitForEntitlement: async () => false });
    expect(await purchasePro(t.deps)).toEqual({
      ok: true,
      message: PURCHASE_MESSAGES.pendingConfirmation,
      confirmed: false,
    });
  });

  it('cancel', async () => {
    const t = deps({ purchase: SDK_ERRORS.cancelled });
    expect(await purchasePro(t.deps)).toEqual({ ok: false, message: 'Purchase cancelled.', cancelled: true });
    expect(t.waitForEntitlement).not.toHaveBeenCalled();
  });

  it('time-out after 30 s tells the user to sign in to their Apple ID and use a sandbox account', async () => {
    const t = deps({ purchase: 'hang' });
    const pending = purchasePro(t.deps);
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const outcome = await pending;
    expect(outcome).toEqual({ ok: false, message: PURCHASE_MESSAGES.timeout });
    expect(outcome.message).toMatch(/Apple ID.*sandbox account/);
  });

  it('not signed in to an Apple ID (No active account)', async () => {
    expect((await purchasePro(deps({ purchase: SDK_ERRORS.noActiveAccount }).deps)).message).toBe(
      PURCHASE_MESSAGES.appleIdRequired,
    );
  });

  it('product not found in the store', async () => {
    const t = deps({ products: [] });
    expect(await purchasePro(t.deps)).toEqual({ ok: false, message: PURCHASE_MESSAGES.productNotFound });
    expect(t.purchases.calls.map(([name]) => name)).not.toContain('purchaseStoreProduct');
  });

  it('not iOS, an unknown product, no customerInfo', async () => {
    expect((await purchasePro(deps({}, { platform: 'web' }).deps)).message).toBe(PURCHASE_MESSAGES.notIos);
    expect((await purchasePro(deps({}, { productId: 'verepro.other' }).deps)).message).toBe(
      PURCHASE_MESSAGES.unknownProduct,
    );
    expect((await purchasePro(deps({ purchase: 'no-customer-info' }).deps)).message).toBe(
      PURCHASE_MESSAGES.noCustomerInfo,
    );
  });

  it.each([
    ['notAllowed', PURCHASE_MESSAGES.notAllowed],
    ['notAvailable', PURCHASE_MESSAGES.notAvailable],
    ['inReview', PURCHASE_MESSAGES.underReview],
    ['pending', PURCHASE_MESSAGES.waitingForApproval],
    ['backend', PURCHASE_MESSAGES.backend],
    ['invalid', PURCHASE_MESSAGES.invalidProduct],
    ['offline', PURCHASE_MESSAGES.network],
  ] as const)("SDK error %s shows the spec's message", async (error, message) => {
    expect((await purchasePro(deps({ purchase: SDK_ERRORS[error] }).deps)).message).toBe(message);
  });
});

describe('restorePro', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('with purchases: restored through billing, reload after 2 s', async () => {
    const t = deps({ restore: ['pro'] });
    expect(await restorePro(t.deps)).toEqual({ ok: true, message: PURCHASE_MESSAGES.restored, confirmed: true });
    vi.advanceTimersByTime(2_000);
    expect(t.reload).toHaveBeenCalledOnce();
  });

  it('without purchases: No active subscriptions found', async () => {
    const t = deps({ restore: [] });
    expect(await restorePro(t.deps)).toEqual({ ok: false, message: 'No active subscriptions found.' });
    expect(t.waitForEntitlement).not.toHaveBeenCalled();
  });

  it('a failing restore: Failed to restore purchases', async () => {
    expect(await restorePro(deps({ restore: SDK_ERRORS.restoreFailed }).deps)).toEqual({
      ok: false,
      message: 'Failed to restore purchases.',
    });
  });
});

describe('nativePlatform', () => {
  afterEach(() => vi.unstubAllGlobals());
  it("is web in a browser, ios inside the iOS wrapper (Capacitor's bridge), without loading the SDK", async () => {
    const { nativePlatform } = await import('./ios-purchase');
    expect(nativePlatform()).toBe('web');
    vi.stubGlobal('webkit', { messageHandlers: { bridge: {} } });
    expect(nativePlatform()).toBe('ios');
  });
});
