import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { visible } from '../support/app';
import { DESKTOP, PHONE } from '../support/browser';
import { describe, expect, test as it } from '../support/fixtures';
import { repoRoot } from '../support/stack';

const OFFLINE_ACTION = "You're offline — try again when you're back online.";

/** Screenshots a person looks at, kept with the docs. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = join(repoRoot, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `offline-${name}.png`) });
}

describe('offline', () => {
  it('goes offline mid-session: a banner, the loaded page stays readable, an action says so; back online it completes without a reload', async ({
    stack,
    signedIn: { page, context },
  }) => {
    await page.goto(`${stack.url}/weekly`);
    const title = await visible(page.getByTestId('weekly-title'));
    const challenge = ((await title.first().textContent()) ?? '').trim();
    expect(challenge).not.toBe('');
    // The service worker is registered once the first screen has settled (with the toast library).
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    const banner = page.getByTestId('offline-banner');
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    await visible(banner);
    expect(await banner.textContent()).toContain("You're offline");
    // What was loaded stays readable: the challenge is still there, no skeleton, no error card.
    expect(((await page.getByTestId('weekly-title').first().textContent()) ?? '').trim()).toBe(challenge);
    expect(await page.getByText("Couldn't load this week's challenge").count()).toBe(0);
    await page.setViewportSize(PHONE);
    await shot(page, 'banner-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'banner-desktop');
    await page.setViewportSize(PHONE);

    await page.getByRole('button', { name: 'Accept Challenge' }).click();
    await visible(page.getByText(OFFLINE_ACTION));

    // Back online: the banner goes by itself, and the same action now works, with no reload.
    const marker = await page.evaluate('window.__same = Math.random()');
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Accept Challenge' }).click();
    await visible(page.getByRole('button', { name: 'Complete Challenge' }));
    expect(await page.evaluate('window.__same')).toBe(marker);
  });

  it("a reload offline shows Vere's offline page, which opens the app again once back online", async ({
    stack,
    signedIn: { page, context },
  }) => {
    await page.goto(`${stack.url}/weekly`);
    await visible(page.getByTestId('weekly-title'));
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');

    await context.setOffline(true);
    await page.reload();
    await visible(page.getByRole('heading', { name: "You're offline" }));
    await shot(page, 'reload-page');

    await context.setOffline(false);
    // offline.js reloads on `online`: the app comes back where the user was.
    await visible(page.getByTestId('weekly-title'), 20_000);
    expect(new URL(page.url()).pathname).toBe('/weekly');
  });
});

describe('wrong links', () => {
  it("a malformed invite and an unknown challenge say the link isn't valid, not to check the connection", async ({
    stack,
    signedIn: { page },
  }) => {
    for (const path of ['/join/BADCODE123', '/challenges/999']) {
      await page.goto(`${stack.url}${path}`);
      await visible(page.getByText("This link isn't valid"));
      expect(await page.getByText('Check your connection').count()).toBe(0);
    }
  });
});
