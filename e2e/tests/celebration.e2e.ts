import { visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';

/** The celebration overlay (spec: 3000 ms, 20 sparkles, 200 confetti, "You're on fire!"), from /personality-test. */
describe('celebration overlay', () => {
  it('shows the message, sparkles and confetti, and closes by itself after 3 s', async ({ browser, stack }) => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${stack.url}/personality-test`);
    // When the overlay came and went, on the page's own clock: the test runner's clock also counts
    // the click's round trip, which a loaded machine makes long enough to start after the overlay did.
    await page.evaluate(`(() => {
      const seen = (window.__celebration = {});
      new MutationObserver(() => {
        const here = document.querySelector('.vui-celebration') !== null;
        if (here && seen.shown === undefined) seen.shown = performance.now();
        if (!here && seen.shown !== undefined && seen.gone === undefined) seen.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    })()`);
    await page.getByRole('button', { name: 'Shiny' }).click();
    const overlay = await visible(page.getByRole('status', { name: 'Level up: Level 5!' }));
    await visible(overlay.getByText("You're on fire!"));
    expect(await page.locator('.vui-celebration__sparkle').count()).toBe(20);
    await page.locator('canvas').first().waitFor({ state: 'attached', timeout: 5000 });
    await snap(page, 'celebration-phone');
    await page.locator('.vui-celebration').waitFor({ state: 'detached', timeout: 6000 });
    const { shown, gone } = (await page.evaluate('window.__celebration')) as { shown: number; gone: number };
    expect(gone - shown).toBeGreaterThanOrEqual(2900);
    await page.close();
  });

  it('closes on Escape, says "Amazing!" by default, and skips confetti for reduced motion', async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${stack.url}/personality-test`);
    await page.getByRole('button', { name: 'Plain' }).click();
    await visible(page.getByRole('status', { name: 'Celebration: Amazing!' }));
    await page.waitForTimeout(300);
    expect(await page.locator('canvas').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.locator('.vui-celebration').waitFor({ state: 'detached', timeout: 1000 });
    await context.close();
  });
});

/**
 * The shell fetches its toast library (sonner) after the first screen, or on the first toast
 * (decision 0020). A deferred load once lost toasts under a fake clock: jumping the page's clock
 * past the bundler's 120 s script timeout while the library downloads fails the load.
 */
describe('toasts', () => {
  it('shows a toast raised before the toast library loaded, even when that load fails first', async ({
    browser,
    stack,
  }) => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto(`${stack.url}/personality-test`);
    await visible(page.getByRole('heading', { name: 'Button personalities' }));
    // From now on every script arrives 3 s late, so the clock can jump while one is on its way.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    // What notify.error() does (web-ui's cross-bundle toast event).
    await page.evaluate(
      `window.dispatchEvent(new CustomEvent('vere:toast', { detail: { kind: 'error', message: 'Raised before the toasts loaded' } }))`,
    );
    await page.clock.fastForward('05:00'); // past the bundler's 120 s script timeout, mid-download
    await visible(page.getByText('Raised before the toasts loaded'));
    await page.close();
  });
});

describe('utility pages', () => {
  it('answers /test, /mobile-test, /simple, /debug and an unknown path without a console error, on phone and desktop', async ({
    browser,
    stack,
  }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage({ viewport });
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${stack.url}/test`);
      await visible(page.getByTestId('working-check'));
      await page.goto(`${stack.url}/mobile-test`);
      expect(await (await visible(page.getByTestId('viewport'))).textContent()).toBe(
        `${viewport.width} × ${viewport.height}`,
      );
      expect(await page.getByTestId('layout').textContent()).toBe(viewport === PHONE ? 'Mobile' : 'Desktop');
      await page.goto(`${stack.url}/simple`);
      await visible(page.getByTestId('simple-time'));
      await page.goto(`${stack.url}/debug`);
      await visible(page.getByTestId('debug-marker'));
      await page.goto(`${stack.url}/personality-test`);
      await visible(page.getByRole('heading', { name: 'Button personalities' }));
      // Anything outside the route map: the not-found page, with the way back.
      await page.goto(`${stack.url}/no-such-page/here`);
      await visible(page.getByRole('heading', { name: 'Page not found' }));
      expect(await page.getByRole('link', { name: 'Back to Challenges' }).getAttribute('href')).toBe('/');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

describe('uncaught browser errors', () => {
  it('are reported to the service, which accepts them', async ({ browser, stack }) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${stack.url}/test`);
    await visible(page.getByTestId('working-check'));
    const [reported] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/identity/client-errors')),
      page.evaluate(
        'setTimeout(() => { throw new Error("e2e-boom") }); void Promise.reject(new Error("e2e-rejection"))',
      ),
    ]);
    expect(reported.status()).toBe(202);
    expect(JSON.parse(reported.request().postData() ?? '{}')).toMatchObject({ path: '/test', source: 'shell' });
    await page.close();
  });
});

describe('Pro guard', () => {
  it('sends a free user from a Pro page to /pro, saying why, and a visitor to /auth', async ({
    browser,
    stack,
    signedIn,
  }) => {
    const { page } = signedIn;
    await page.goto(`${stack.url}/pro/assessments/a1`);
    await page.waitForURL(`${stack.url}/pro`);
    await visible(page.getByTestId('pro-required'));
    await visible(page.getByRole('heading', { name: 'Vere Pro' }));

    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`${stack.url}/pro-hub`);
    await visitor.waitForURL(/\/auth$/);
    await visitor.close();
  });
});
