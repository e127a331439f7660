import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { visible } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { describe, expect, test as base } from '../support/fixtures';
import { removeDataDir, repoRoot, type StackOptions } from '../support/stack';

/** The remotes manifest the edge serves (REMOTES_MANIFEST), in a file the tests may rewrite. */
interface RemotesManifest {
  /** Points one remote somewhere else, as a failed deployment would. */
  point(remote: string, url: string): void;
  /** Puts the built manifest back. */
  restore(): void;
}

/**
 * Navigation into each area loads it from its own remote at run time, and a remote that is down
 * costs only its own area. The edge serves REMOTES_MANIFEST on every request, so the test can
 * point one remote at a missing manifest (as a failed deployment would) without a rebuild.
 */
const it = base.extend<{ manifestFile: string; remotes: RemotesManifest; stackOptions: StackOptions }>({
  manifestFile: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'vere-remotes-'));
      const file = join(dir, 'remotes.json');
      copyFileSync(join(repoRoot, 'apps/shell/dist/remotes.json'), file);
      await use(file);
      removeDataDir(dir);
    },
    { scope: 'file' },
  ],
  // The file's stack reads its remotes from the copy.
  stackOptions: [async ({ manifestFile }, use) => use({ env: { REMOTES_MANIFEST: manifestFile } }), { scope: 'file' }],
  remotes: async ({ manifestFile }, use) => {
    const built = readFileSync(manifestFile, 'utf8');
    const manifest: RemotesManifest = {
      point: (remote, url) => writeFileSync(manifestFile, JSON.stringify({ ...JSON.parse(built), [remote]: url })),
      restore: () => writeFileSync(manifestFile, built),
    };
    await use(manifest);
    manifest.restore();
  },
});

describe('federated areas', () => {
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const areaHeading = (page: Page, remote: string, name: string) =>
    page.locator(`[data-remote="${remote}"]`).getByRole('heading', { level: 1, name });

  it.for<[tab: string, remote: string, heading: string, path: string]>([
    ['Connect', 'connect', 'Connect', '/connect'],
    ['Playbooks', 'playbooks', 'Playbooks', '/guides'],
    ['Settings', 'account', 'Settings', '/settings'],
    ['Challenges', 'challenges', 'Choose Your Challenge', '/'],
  ])('the %s tab renders the %s remote', async ([tab, remote, heading, path], { stack, signedIn: { page } }) => {
    await page.setViewportSize(DESKTOP);
    // Start from another area, so the tab really navigates.
    await page.goto(`${stack.url}${path === '/guides' ? '/settings' : '/guides'}`);
    await nav(page).getByRole('link', { name: tab }).click();
    await page.waitForURL(`${stack.url}${path}`);
    await visible(areaHeading(page, remote, heading));
    expect(await nav(page).getByRole('link', { name: tab }).getAttribute('aria-current')).toBe('page');
    await snap(page, `area-${remote}-desktop`);
  });

  it('warms the other areas by downloading their files, not running them, and their tabs then open', async ({
    stack,
    signedIn: { page },
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/`);
    await visible(areaHeading(page, 'challenges', 'Choose Your Challenge'));
    // Once the home has settled, the other areas' App chunks are in the browser's cache…
    const fetched = (remote: string) =>
      page.evaluate(
        `performance.getEntriesByType('resource').some((e) => e.name.includes('/remotes/${remote}/__federation_expose_App.') && e.name.endsWith('.js'))`,
      );
    for (const remote of ['connect', 'playbooks', 'account'])
      await expect.poll(() => fetched(remote), { timeout: 20_000 }).toBe(true);
    // …but none of their code has run: a remote's entry, once run, defines its container as a global.
    const ran = (remote: string) => page.evaluate(`typeof window['${remote}'] !== 'undefined'`);
    expect(await ran('challenges')).toBe(true);
    for (const remote of ['connect', 'playbooks', 'account']) expect(await ran(remote)).toBe(false);
    await nav(page).getByRole('link', { name: 'Connect' }).click();
    await visible(areaHeading(page, 'connect', 'Connect'));
    expect(await ran('connect')).toBe(true);
  });

  it('deep links reach the right remote', async ({ stack, signedIn: { page } }) => {
    await page.goto(`${stack.url}/join/ABC123`);
    await visible(areaHeading(page, 'connect', 'Join a Pod'));
    await page.goto(`${stack.url}/vere-pro`);
    await visible(areaHeading(page, 'account', 'Vere Pro'));
    expect(await page.getByTestId('pro-price').textContent()).toContain('$0.99');
  });

  it('the settings area reads the signed-in user from the shared session store', async ({
    stack,
    signedIn: { page, account },
  }) => {
    await page.goto(`${stack.url}/settings`);
    await visible(areaHeading(page, 'account', 'Settings'));
    expect(await page.getByTestId('settings-name').textContent()).toContain(account.name);
  });

  it('shows an area the moment its remote has loaded, with no timer between', async ({ stack, signedIn: { page } }) => {
    // React holds content that replaces a Suspense fallback back for 300 ms, on a timer: the home
    // appeared that much late on every cold start, and asked for its data that late. With the page's
    // clock stopped such a hold never ends; the home must appear all the same.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.goto(`${stack.url}/`);
    await visible(areaHeading(page, 'challenges', 'Choose Your Challenge'));
  });

  it('shows the error card only in the area whose remote is down', async ({ stack, remotes, signedIn: { page } }) => {
    remotes.point('connect', '/remotes/connect-gone/remoteEntry.js');
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/connect`);
    const card = await visible(page.locator('[data-error-area="connect"]'));
    expect(await card.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(1);
    await visible(card.getByRole('button', { name: 'Try Again' }));
    await visible(card.getByRole('button', { name: 'Refresh Page' }));
    await snap(page, 'remote-down-phone');

    // The frame and the other areas still work.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playbooks' }).click();
    await visible(page.locator('[data-remote="playbooks"]').getByRole('heading', { level: 1, name: 'Playbooks' }));

    // The remote comes back: Try Again loads it without a page reload.
    remotes.restore();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connect' }).click();
    await page.locator('[data-error-area="connect"]').getByRole('button', { name: 'Try Again' }).click();
    await visible(page.locator('[data-remote="connect"]').getByRole('heading', { level: 1, name: 'Connect' }));
  });
});
