import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { visible } from '../support/app';
import { PHONE, snap } from '../support/browser';
import { describe, expect, test as base } from '../support/fixtures';
import type { StackOptions } from '../support/stack';

const WEBHOOK_AUTH = 'Bearer e2e-revenuecat-webhook-secret';
const APPLE_KEY = 'appl_e2e_public_key';

const it = base.extend<{ stackOptions: StackOptions }>({
  stackOptions: [
    { env: { REVENUECAT_WEBHOOK_AUTH: WEBHOOK_AUTH, REVENUECAT_APPLE_API_KEY: APPLE_KEY } },
    { scope: 'file' },
  ],
});

/**
 * Capacitor's iOS bridge, shimmed in the page: `webkit.messageHandlers.bridge` makes Capacitor say
 * "ios", and `Capacitor.nativePromise` answers the Purchases plugin's calls the way the native
 * RevenueCat plugin does (results, and rejections with a numeric code and the error info under
 * `data`), so the real `@revenuecat/purchases-capacitor` and `@capacitor/core` run unchanged.
 */
const IOS_SHIM = `(() => {
  window.__rc = { calls: [], purchase: 'cancel', products: ['verepro.founders'] };
  window.webkit = { messageHandlers: { bridge: { postMessage() {} } } };
  const methods = ['configure', 'logIn', 'getProducts', 'purchaseStoreProduct', 'restorePurchases'];
  const info = (entitlements) => ({ entitlements: { active: Object.fromEntries(entitlements.map((e) => [e, { identifier: e, isActive: true }])), all: {} } });
  window.Capacitor = {
    PluginHeaders: [{ name: 'Purchases', methods: methods.map((name) => ({ name, rtype: 'promise' })) }],
    async nativePromise(plugin, method, options) {
      window.__rc.calls.push([method, options]);
      if (method === 'configure') return undefined;
      if (method === 'logIn') return { customerInfo: info([]), created: false };
      if (method === 'getProducts') return { products: window.__rc.products.map((identifier) => ({ identifier, title: 'Vere Pro', priceString: '$0.99' })) };
      if (method === 'restorePurchases') return { customerInfo: info([]) };
      if (method === 'purchaseStoreProduct') {
        if (window.__rc.purchase === 'cancel') {
          throw Object.assign(new Error('Purchase was cancelled.'), { code: '1', data: { readableErrorCode: 'PURCHASE_CANCELLED', underlyingErrorMessage: 'SKErrorDomain Code=2', userCancelled: true } });
        }
        await window.__rcPurchased();
        return { productIdentifier: options.product.identifier, customerInfo: info(['pro']), transaction: {} };
      }
      throw Object.assign(new Error('not in the shim: ' + method), { code: 'UNIMPLEMENTED' });
    },
  };
})();`;

describe('Vere Pro in the iOS app (Capacitor shimmed as iOS, RevenueCat plugin answered at the bridge)', () => {
  const shellPlan = (page: Page) => page.getByTestId('user-plan').filter({ visible: true });

  it("cancel shows the spec's message; a purchase makes the user Pro once billing has RevenueCat's webhook", async ({
    stack,
    signedIn: { page, account },
  }) => {
    await page.setViewportSize(PHONE);
    // The App Store purchase completes; RevenueCat then tells billing (as its webhook would).
    await page.exposeFunction('__rcPurchased', async () => {
      const now = Date.now();
      const res = await fetch(`${stack.url}/api/billing/webhooks/revenuecat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: WEBHOOK_AUTH },
        body: JSON.stringify({
          api_version: '1.0',
          event: {
            id: randomUUID(),
            type: 'INITIAL_PURCHASE',
            app_user_id: account.id,
            original_app_user_id: account.id,
            product_id: 'verepro.founders',
            original_transaction_id: `otx-${account.id}`,
            environment: 'SANDBOX',
            store: 'APP_STORE',
            event_timestamp_ms: now,
            purchased_at_ms: now,
            expiration_at_ms: now + 30 * 86_400_000,
          },
        }),
      });
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    });
    await page.addInitScript(IOS_SHIM);
    await page.goto(`${stack.url}/vere-pro`);
    await visible(page.getByRole('button', { name: 'Restore Purchases' }));

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Purchase cancelled.' }));
    await visible(shellPlan(page).filter({ hasText: 'Free User' }));

    await page.evaluate("window.__rc.purchase = 'ok'");
    // The page reloads 2 s after the purchase: wait for that load, or the goto below races it (ERR_ABORTED).
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Welcome to Vere Pro!' }));
    const calls = (await page.evaluate('window.__rc.calls.map((c) => c[0])')) as string[];
    expect(calls.filter((name) => name === 'purchaseStoreProduct')).toHaveLength(2);
    expect(calls.filter((name) => name === 'configure')).toHaveLength(1);
    await snap(page, 'ios-purchase-phone');
    // After the reload, the frame shows what billing says.
    await reloaded;
    await visible(shellPlan(page).filter({ hasText: 'Pro Member' }));

    // The subscription page sends App Store subscribers to Apple's page.
    await page.goto(`${stack.url}/subscription`);
    const manage = await visible(page.getByRole('link', { name: 'Manage in the App Store' }));
    expect(await manage.getAttribute('href')).toBe('https://apps.apple.com/account/subscriptions');
  });

  it("configures RevenueCat with billing's key and our user id; restore without purchases says so", async ({
    stack,
    signedIn: { page, account },
  }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(IOS_SHIM);
    await page.goto(`${stack.url}/vere-pro`);
    await (await visible(page.getByRole('button', { name: 'Restore Purchases' }))).click();
    await visible(page.getByRole('alert').filter({ hasText: 'No active subscriptions found.' }));
    const calls = (await page.evaluate('window.__rc.calls')) as Array<[string, Record<string, unknown>]>;
    expect(calls[0]).toEqual(['configure', expect.objectContaining({ apiKey: APPLE_KEY, appUserID: account.id })]);
    expect(calls.map(([name]) => name)).toContain('restorePurchases');
  });

  it('on the web (no shim) there is no App Store flow', async ({ stack, signedIn: { page } }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/vere-pro`);
    await visible(page.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await page.getByRole('button', { name: 'Restore Purchases' }).count()).toBe(0);
  });
});
