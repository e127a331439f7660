import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { visible } from '../support/app';
import { seriousViolations } from '../support/axe';
import { describe, expect, test as base } from '../support/fixtures';
import { googleStackEnv, startGoogleStandIn, type GoogleStandIn } from '../support/google';
import { auth, befriend, docShot, member, podThroughApi, type Member } from '../support/people';
import type { Stack, StackOptions } from '../support/stack';

const WEBHOOK_AUTH = 'Bearer e2e-revenuecat-webhook-secret';
const APPLE_KEY = 'appl_e2e_public_key';
/** An iPhone 15's viewport, in CSS pixels. */
const IPHONE_15 = { width: 393, height: 852 };
/** The iOS keyboard's height on an iPhone 15 (with the suggestion bar). */
const KEYBOARD_HEIGHT = 336;
const APNS_TOKEN = 'e2e0apns0token0123456789abcdef0123456789abcdef0123456789abcdef01';

const GOOGLE_CLIENT = { clientId: 'vere-ios-e2e', clientSecret: 'vere-ios-e2e-secret' };

/**
 * The stack of this file, with Google sign-in pointed at a real OpenID provider (oidc-provider, as in
 * google-sign-in.e2e.ts) on 127.0.0.2: the app's Google return (vere://auth/callback?code=…) is real.
 */
const it = base.extend<{ stackOptions: StackOptions; op: GoogleStandIn }>({
  op: [
    async ({}, use) => {
      const op = await startGoogleStandIn(GOOGLE_CLIENT);
      await use(op);
      await op.close();
    },
    { scope: 'file' },
  ],
  stackOptions: [
    async ({ op }, use) => {
      await use({
        env: {
          REVENUECAT_WEBHOOK_AUTH: WEBHOOK_AUTH,
          REVENUECAT_APPLE_API_KEY: APPLE_KEY,
          ...googleStackEnv(op, GOOGLE_CLIENT),
        },
      });
    },
    { scope: 'file' },
  ],
});

/**
 * Capacitor's iOS bridge, shimmed in the page as the native side answers it: `webkit.messageHandlers
 * .bridge` makes `@capacitor/core` say "ios"; every plugin the app calls is declared in
 * `PluginHeaders`, its promise methods answered by `nativePromise` and its listeners kept by
 * `nativeCallback`, so the real `@capacitor/*` and `@revenuecat/purchases-capacitor` JavaScript runs
 * unchanged. `__native` holds the calls, and `__native.fire(plugin, event, data)` raises a native
 * event (a tapped push, a link, the keyboard).
 */
const IOS_SHIM = `(() => {
  const n = (window.__native = {
    calls: [], listeners: {}, launchUrl: null, permission: 'granted', token: ${JSON.stringify(APNS_TOKEN)},
    purchase: 'ok', products: ['verepro.founders'], restore: 'none',
  });
  n.fire = (plugin, event, data) => (n.listeners[plugin + ':' + event] || []).forEach((callback) => callback(data));
  const info = (active) => ({ entitlements: { active: Object.fromEntries(active.map((e) => [e, { identifier: e, isActive: true }])), all: {} } });
  const answers = {
    App: { getLaunchUrl: () => (n.launchUrl ? { url: n.launchUrl } : undefined), removeListener: () => undefined },
    PushNotifications: {
      checkPermissions: () => ({ receive: n.permission }),
      requestPermissions: () => ({ receive: n.permission }),
      register: () => void setTimeout(() => n.fire('PushNotifications', 'registration', { value: n.token }), 20),
      removeListener: () => undefined,
    },
    StatusBar: { setStyle: () => undefined },
    SplashScreen: { hide: () => undefined },
    Keyboard: { removeListener: () => undefined },
    Purchases: {
      configure: () => undefined,
      logIn: () => ({ customerInfo: info([]), created: false }),
      getProducts: () => ({ products: n.products.map((identifier) => ({ identifier, title: 'Vere Pro', priceString: '$0.99' })) }),
      restorePurchases: () => {
        if (n.restore === 'fail') throw Object.assign(new Error('The App Store is unreachable.'), { code: '2' });
        return { customerInfo: info(n.restore === 'active' ? ['pro'] : []) };
      },
      purchaseStoreProduct: async ({ product }) => {
        if (n.purchase === 'ok') {
          await window.__rcPurchased();
          return { productIdentifier: product.identifier, customerInfo: info(['pro']), transaction: {} };
        }
        if (n.purchase === 'no-customer-info') return { productIdentifier: product.identifier };
        throw Object.assign(new Error(n.purchase.message), { code: n.purchase.code, userCancelled: n.purchase.code === '1' });
      },
    },
  };
  let nextCallback = 1;
  window.webkit = { messageHandlers: { bridge: { postMessage() {} } } };
  window.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'ios',
    PluginHeaders: Object.entries(answers).map(([name, methods]) => ({
      name,
      methods: [...Object.keys(methods).map((m) => ({ name: m, rtype: 'promise' })), { name: 'addListener', rtype: 'callback' }],
    })),
    nativeCallback(plugin, method, options, callback) {
      n.calls.push([plugin, method, options]);
      if (method !== 'addListener') throw new Error('not in the shim: ' + plugin + '.' + method);
      (n.listeners[plugin + ':' + options.eventName] ||= []).push(callback);
      return String(nextCallback++);
    },
    async nativePromise(plugin, method, options) {
      n.calls.push([plugin, method, options]);
      const answer = answers[plugin] && answers[plugin][method];
      if (!answer) throw Object.assign(new Error('not in the shim: ' + plugin + '.' + method), { code: 'UNIMPLEMENTED' });
      return answer(options);
    },
  };
})();`;

type Call = [plugin: string, method: string, options: Record<string, unknown> | undefined];
const calls = (page: Page) => page.evaluate('window.__native.calls') as Promise<Call[]>;
const fire = (page: Page, plugin: string, event: string, data: unknown) =>
  page.evaluate(`window.__native.fire(${JSON.stringify(plugin)}, ${JSON.stringify(event)}, ${JSON.stringify(data)})`);
const shellPlan = (page: Page) => page.getByTestId('user-plan').filter({ visible: true });

/** An iPhone user of the app: their own context at an iPhone 15's size, the bridge shimmed as iOS. */
async function iosMember(browser: Parameters<typeof member>[0], stack: Stack, prefix: string, name: string) {
  const m = await member(browser, stack, prefix, name, { viewport: IPHONE_15 });
  await m.context.addInitScript(IOS_SHIM);
  return m;
}

/** The App Store purchase completed: RevenueCat tells billing, as its signed webhook does. */
async function revenueCatWebhook(stack: Stack, userId: string): Promise<void> {
  const now = Date.now();
  const res = await fetch(`${stack.url}/api/billing/webhooks/revenuecat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: WEBHOOK_AUTH },
    body: JSON.stringify({
      api_version: '1.0',
      event: {
        id: randomUUID(),
        type: 'INITIAL_PURCHASE',
        app_user_id: userId,
        original_app_user_id: userId,
        product_id: 'verepro.founders',
        original_transaction_id: `otx-${userId}`,
        environment: 'SANDBOX',
        store: 'APP_STORE',
        event_timestamp_ms: now,
        purchased_at_ms: now,
        expiration_at_ms: now + 30 * 86_400_000,
      },
    }),
  });
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
}

describe('the iOS app (Capacitor bridge shimmed as iOS, iPhone 15 viewport)', () => {
  it('buys Vere Pro through RevenueCat with our user id; billing says Pro and the frame shows Pro Member', async ({
    browser,
    stack,
  }) => {
    const ana = await iosMember(browser, stack, 'ana', 'Ana Lima');
    await ana.page.exposeFunction('__rcPurchased', () => revenueCatWebhook(stack, ana.id));
    await ana.page.goto(`${stack.url}/vere-pro`);
    await visible(ana.page.getByRole('button', { name: 'Restore Purchases' }));
    await visible(shellPlan(ana.page).filter({ hasText: 'Free User' }));
    await docShot(ana.page, 'ios-purchase-sheet-phone', { fullPage: false });
    expect(await seriousViolations(ana.page)).toEqual([]);

    // The page reloads 2 s after the purchase: wait for that load, or a later goto races it (ERR_ABORTED).
    const reloaded = ana.page.waitForEvent('load', { timeout: 30_000 });
    await ana.page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await visible(ana.page.getByRole('status').filter({ hasText: 'Welcome to Vere Pro!' }));
    const purchases = (await calls(ana.page)).filter(([plugin]) => plugin === 'Purchases');
    expect(purchases[0]).toEqual([
      'Purchases',
      'configure',
      expect.objectContaining({ apiKey: APPLE_KEY, appUserID: ana.id }),
    ]);
    expect(purchases.map(([, method]) => method)).toEqual(['configure', 'getProducts', 'purchaseStoreProduct']);
    // After the reload, the frame shows what billing says.
    await reloaded;
    await visible(shellPlan(ana.page).filter({ hasText: 'Pro Member' }), 20_000);
    const entitlement = await ana.context.request.get(`${stack.url}/api/billing/me/entitlement`, {
      headers: auth(ana),
    });
    expect(await entitlement.json()).toMatchObject({ isActive: true, productId: 'verepro.founders' });

    // "Manage subscription" for an App Store subscriber is Apple's subscriptions page.
    await ana.page.goto(`${stack.url}/subscription`);
    const manage = await visible(ana.page.getByRole('link', { name: 'Manage in the App Store' }));
    expect(await manage.getAttribute('href')).toBe('https://apps.apple.com/account/subscriptions');
    await ana.context.close();
  });

  it("shows the spec's message for each App Store failure, and for restore", async ({ browser, stack }) => {
    const ben = await iosMember(browser, stack, 'ben', 'Ben Okafor');
    const { page } = ben;
    await page.goto(`${stack.url}/vere-pro`);
    const upgrade = await visible(page.getByRole('button', { name: 'Upgrade to Pro' }));
    const failures: Array<[purchase: unknown, message: string]> = [
      [{ code: '1', message: 'Purchase was cancelled.' }, 'Purchase cancelled.'],
      [{ code: '0', message: 'The operation couldn’t be completed. (No active account)' }, 'Apple ID required'],
      [{ code: '3', message: 'The device or user is not allowed to make the purchase.' }, 'Payment not allowed'],
      [{ code: '5', message: 'The product is not available for purchase.' }, 'Product not available right now'],
      [{ code: '4', message: 'One or more of the arguments provided are invalid.' }, 'Invalid product configuration.'],
      [{ code: '23', message: 'There is an issue with your configuration.' }, 'Invalid product configuration.'],
      [{ code: '0', message: 'This product is waiting for review.' }, 'under review by the App Store'],
      [{ code: '20', message: 'The payment is pending.' }, 'waiting for approval'],
      [{ code: '16', message: 'Received 500 from the backend.' }, 'server problem (500)'],
      [{ code: '35', message: 'The device is offline.' }, 'No connection to the App Store'],
      [{ code: '32', message: 'The request for products timed out.' }, 'signed in to your Apple ID'],
      [{ code: '15', message: 'The operation is already in progress.' }, 'already in progress'],
      [{ code: '0', message: 'Something unexpected.' }, 'Purchase failed. Please try again.'],
      ['no-customer-info', 'Purchase failed: no customerInfo received.'],
    ];
    for (const [purchase, message] of failures) {
      await page.evaluate(`window.__native.purchase = ${JSON.stringify(purchase)}`);
      await upgrade.click();
      await visible(page.getByRole('alert').filter({ hasText: message }));
      await expect.poll(() => upgrade.isEnabled()).toBe(true);
    }
    await page.evaluate(`window.__native.products = []`);
    await upgrade.click();
    await visible(
      page.getByRole('alert').filter({ hasText: 'Product not found. Please check the store configuration.' }),
    );

    const restore = page.getByRole('button', { name: 'Restore Purchases' });
    await restore.click();
    await visible(page.getByRole('alert').filter({ hasText: 'No active subscriptions found.' }));
    await page.evaluate(`window.__native.restore = 'fail'`);
    await restore.click();
    await visible(page.getByRole('alert').filter({ hasText: 'Failed to restore purchases.' }));
    await visible(shellPlan(page).filter({ hasText: 'Free User' }));
    await ben.context.close();
  });

  it('a cold start on a universal link /join/{code} lands on the join screen; the edge serves the association file', async ({
    browser,
    stack,
  }) => {
    const owner = await member(browser, stack, 'own', 'Olu Owner');
    const pod = await podThroughApi(stack, owner.context.request, 'Morning Movers', owner);
    const cleo = await iosMember(browser, stack, 'cleo', 'Cleo Park');
    await cleo.context.addInitScript(
      `window.__native.launchUrl = ${JSON.stringify(`https://vere.app/join/${pod.invites[0]!.code}`)};`,
    );
    await cleo.page.goto(`${stack.url}/`);
    await cleo.page.waitForURL(`${stack.url}/join/${pod.invites[0]!.code}`);
    await visible(cleo.page.getByRole('heading', { name: 'Join a Pod' }));
    await visible(cleo.page.getByTestId('invite-preview').filter({ hasText: 'Morning Movers' }));

    // Google sign-in's return through the custom scheme opens the sign-in return screen.
    await fire(cleo.page, 'App', 'appUrlOpen', { url: 'vere://auth/callback?error=ACCESS_DENIED' });
    await cleo.page.waitForURL(`${stack.url}/auth/callback?error=ACCESS_DENIED`);

    const aasa = await fetch(`${stack.url}/.well-known/apple-app-site-association`);
    expect(aasa.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await aasa.json()) as { applinks: { details: Array<{ appIDs: string[]; components: object[] }> } };
    expect(body.applinks.details[0]!.appIDs[0]).toMatch(/^[A-Z0-9]{10}\.app\.vere\.ios$/);
    expect(body.applinks.details[0]!.components).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '/': '/join/*' }),
        expect.objectContaining({ '/': '/reset-password' }),
        expect.objectContaining({ '/': '/auth/callback' }),
      ]),
    );
    // The app's web view (capacitor://localhost) may call the API; its preflight passes the edge.
    const preflight = await fetch(`${stack.url}/api/quests/me/today`, {
      method: 'OPTIONS',
      headers: {
        origin: 'capacitor://localhost',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
    await Promise.all([owner.context.close(), cleo.context.close()]);
  });

  it('registers the APNs token with identity, routes a tapped push, and styles the status bar per theme', async ({
    browser,
    stack,
  }) => {
    const dev = await iosMember(browser, stack, 'dev', 'Dev Anand');
    const registered = dev.page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/identity/me/push/ios',
    );
    await dev.page.goto(`${stack.url}/settings`);
    await visible(dev.page.getByRole('heading', { name: 'Settings' }));
    const request = await registered;
    expect(request.postDataJSON()).toEqual({ token: APNS_TOKEN });
    expect(request.headers()['authorization']).toMatch(/^Bearer /);

    // Spec §2: a push of type pod opens /pods (→ /connect); type challenge opens /challenges.
    const tap = (type: string) => ({ actionId: 'tap', notification: { id: '1', data: { type } } });
    await fire(dev.page, 'PushNotifications', 'pushNotificationActionPerformed', tap('pod'));
    await dev.page.waitForURL(`${stack.url}/connect`);
    await fire(dev.page, 'PushNotifications', 'pushNotificationActionPerformed', tap('challenge'));
    await dev.page.waitForURL(`${stack.url}/challenges`);

    const styles = async () =>
      (await calls(dev.page)).filter(([p, m]) => p === 'StatusBar' && m === 'setStyle').map(([, , o]) => o?.style);
    await expect.poll(styles).toEqual(['DARK']);
    await dev.page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    await expect.poll(styles).toEqual(['DARK', 'LIGHT']);
    await dev.context.close();
  });

  it('asks nothing and registers nothing at launch while notifications are not allowed', async ({ browser, stack }) => {
    const gus = await iosMember(browser, stack, 'gus', 'Gus Lind');
    await gus.context.addInitScript(`window.__native.permission = 'prompt';`);
    let sent = 0;
    gus.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/identity/me/push/ios') sent++;
    });
    await gus.page.goto(`${stack.url}/settings`);
    await visible(gus.page.getByRole('heading', { name: 'Settings' }));
    const pushCalls = async () =>
      (await calls(gus.page)).filter(([plugin]) => plugin === 'PushNotifications').map(([, method]) => method);
    await expect.poll(pushCalls).toContain('checkPermissions');
    expect(await pushCalls()).not.toContain('requestPermissions');
    expect(await pushCalls()).not.toContain('register');
    expect(sent).toBe(0);
    await gus.context.close();
  });

  it(
    'home, deck, pod and chat with the keyboard open, as an iPhone shows them',
    { timeout: 240_000 },
    async ({ browser, stack }) => {
      const eve = await iosMember(browser, stack, 'eve', 'Eve Moreau');
      const fin: Member = await member(browser, stack, 'fin', 'Fin Walsh');
      await befriend(stack, eve.context, eve, fin);
      const pod = await podThroughApi(stack, eve.context.request, 'Sunrise Crew', eve);
      const { page } = eve;

      await page.goto(`${stack.url}/`);
      await visible(page.getByRole('navigation').first());
      // The frame never bounces past its edges.
      expect(await page.evaluate('getComputedStyle(document.documentElement).overscrollBehaviorY')).toBe('none');
      await docShot(page, 'ios-home-phone', { fullPage: false });
      await page.goto(`${stack.url}/?deck=daily`);
      await visible(page.getByRole('button', { name: /Accept/ }).first(), 20_000);
      await docShot(page, 'ios-deck-phone', { fullPage: false });
      await page.goto(`${stack.url}/pods/${pod.id}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Sunrise Crew' }));
      await docShot(page, 'ios-pod-phone', { fullPage: false });

      // The keyboard comes up over the chat: the web view shrinks above it (Keyboard resize: native)
      // and the tab bar steps aside, so the composer sits right above the keyboard.
      await page.goto(`${stack.url}/chat/${fin.id}`);
      const composer = await visible(page.getByRole('textbox', { name: `Message ${fin.name}` }));
      await composer.focus();
      await composer.fill('On my way to the park, want to join?');
      await fire(page, 'Keyboard', 'keyboardWillShow', { keyboardHeight: KEYBOARD_HEIGHT });
      await page.setViewportSize({ width: IPHONE_15.width, height: IPHONE_15.height - KEYBOARD_HEIGHT });
      await expect.poll(() => page.locator('.shell-tabbar').isVisible()).toBe(false);
      const box = await composer.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(IPHONE_15.height - KEYBOARD_HEIGHT);
      await docShot(page, 'ios-chat-keyboard-phone', { fullPage: false, reset: false });
      expect(await seriousViolations(page)).toEqual([]);
      await fire(page, 'Keyboard', 'keyboardWillHide', {});
      await page.setViewportSize(IPHONE_15);
      await visible(page.locator('.shell-tabbar'));
      await Promise.all([eve.context.close(), fin.context.close()]);
    },
  );
  it('Google sign-in in the system browser returns vere://auth/callback?code=…; a cold start on it lands signed in, once', async ({
    browser,
    stack,
    op,
  }) => {
    const login = `ios${Date.now().toString(36)}`;
    op.addAccount(login, { email: `${login}@gmail.test`, email_verified: true, name: 'Iris Google' });
    const location = await googleInSystemBrowser(
      browser,
      op,
      login,
      `${stack.url}/api/identity/auth/google/start?app_redirect=${encodeURIComponent('vere://auth/callback')}`,
    );

    // iOS hands the URL to the app, which starts cold on it.
    const app = await browser.newContext({ viewport: IPHONE_15 });
    await app.addInitScript(IOS_SHIM);
    await app.addInitScript(`window.__native.launchUrl = ${JSON.stringify(location)};`);
    const page = await app.newPage();
    const exchange = (p: Page) => p.waitForResponse((r) => r.url().endsWith('/api/identity/auth/google/exchange'));
    const exchanged = exchange(page);
    await page.goto(`${stack.url}/`, { waitUntil: 'commit' });
    expect((await exchanged).status()).toBe(200);
    // The used code left the address: a reload cannot try it again.
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    await page.waitForURL(`${stack.url}/`, { timeout: 15_000 });
    // A new account made through Google is a new sign-up: the intro greets it, as after sign-up.
    await visible(page.getByRole('dialog', { name: 'Welcome to Vere' }));
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await visible(page.getByText(/hey iris/i));
    await docShot(page, 'ios-google-return-phone');
    expect(await seriousViolations(page)).toEqual([]);
    // Signed in to stay: the refresh cookie identity set on the exchange gives a new session. (Not a
    // reload: the shim would hand the app its launch URL, the used code, again.)
    const refreshed = (await page.evaluate(
      "fetch('/api/identity/auth/refresh', { method: 'POST' }).then(async (r) => [r.status, (await r.json()).user.name])",
    )) as [number, string];
    expect(refreshed).toEqual([200, 'Iris Google']);
    await app.close();

    // The same code a second time (another cold start on the same URL) signs nobody in.
    const again = await browser.newContext({ viewport: IPHONE_15 });
    await again.addInitScript(IOS_SHIM);
    await again.addInitScript(`window.__native.launchUrl = ${JSON.stringify(location)};`);
    // This phone has had Vere's sign-in screen before (where "Continue with Google" is).
    await again.addInitScript("localStorage.setItem('vere_known_user', 'true');");
    const second = await again.newPage();
    const refused = exchange(second);
    await second.goto(`${stack.url}/`, { waitUntil: 'commit' });
    expect((await refused).status()).toBe(400);
    // Nobody is signed in on this phone: identity has no session for it.
    const session = await second.evaluate(
      "fetch('/api/identity/auth/refresh', { method: 'POST' }).then((r) => r.status)",
    );
    expect(session).toBe(204);
    await again.close();
  });

  it('offers no "Continue with Google" inside the app, where Google refuses the web view; the web keeps it', async ({
    browser,
    stack,
  }) => {
    const web = await browser.newContext({ viewport: IPHONE_15 });
    await web.addInitScript("localStorage.setItem('vere_known_user', 'true');");
    const webPage = await web.newPage();
    await webPage.goto(`${stack.url}/auth`);
    await visible(webPage.getByRole('link', { name: 'Continue with Google' }));
    await web.close();

    const app = await browser.newContext({ viewport: IPHONE_15 });
    await app.addInitScript(IOS_SHIM);
    await app.addInitScript("localStorage.setItem('vere_known_user', 'true');");
    const page = await app.newPage();
    await page.goto(`${stack.url}/auth`);
    await visible(page.getByRole('button', { name: /sign in/i }).first());
    // The providers answer (identity offers Google here) has arrived by now; the app still shows none.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: 'Continue with Google' }).count()).toBe(0);
    await app.close();
  });
});

/**
 * iOS's in-app browser (a browser of its own, with its own cookies) opening Google sign-in's start URL:
 * signs in at the OpenID provider and answers where identity sends it back, vere://auth/callback?code=….
 */
async function googleInSystemBrowser(
  browser: Browser,
  op: GoogleStandIn,
  login: string,
  startUrl: string,
): Promise<string> {
  const system = await browser.newContext();
  const sheet = await system.newPage();
  const returned = sheet.waitForResponse((r) => new URL(r.url()).pathname === '/api/identity/auth/google/callback');
  await sheet.goto(startUrl, { waitUntil: 'domcontentloaded' });
  await sheet.waitForURL((url) => url.href.startsWith(`${op.issuer}/interaction/`), { waitUntil: 'domcontentloaded' });
  await sheet.locator('input[name=login]').fill(login);
  await sheet.locator('input[name=password]').fill('any password');
  await sheet.getByRole('button', { name: 'Sign-in' }).click({ noWaitAfter: true });
  await visible(sheet.getByRole('button', { name: 'Continue' }));
  await sheet.getByRole('button', { name: 'Continue' }).click({ noWaitAfter: true });
  const location = (await returned).headers()['location']!;
  expect(location).toMatch(/^vere:\/\/auth\/callback\?code=[A-Za-z0-9_-]{43}$/);
  // The system browser holds no Vere session: the code is the only thing that crosses.
  expect((await system.cookies()).some((c) => c.name === 'vere_refresh')).toBe(false);
  await system.close();
  return location;
}
