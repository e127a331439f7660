import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, signUpThroughUi, visible } from '../support/app';
import { DESKTOP, PHONE, launchBrowser, snap } from '../support/browser';
import { removeDataDir, repoRoot, startStack, type Stack } from '../support/stack';

/**
 * Navigation into each area loads it from its own remote at run time, and a remote that is down
 * costs only its own area. The edge serves REMOTES_MANIFEST on every request, so the test can
 * point one remote at a missing manifest (as a failed deployment would) without a rebuild.
 */
describe('federated areas', () => {
  let browser: Browser;
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  const manifestDir = mkdtempSync(join(tmpdir(), 'vere-remotes-'));
  const manifest = join(manifestDir, 'remotes.json');
  const shellManifest = join(repoRoot, 'apps/shell/dist/remotes.json');

  beforeAll(async () => {
    copyFileSync(shellManifest, manifest);
    browser = await launchBrowser();
    stack = await startStack({ env: { REMOTES_MANIFEST: manifest } });
    context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await signUpThroughUi(page, stack.url, newUser('areas'));
    await page.waitForURL(`${stack.url}/`);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (stack) removeDataDir(stack.dataDir);
    removeDataDir(manifestDir);
  });

  const nav = () => page.getByRole('navigation', { name: 'Main' });
  const areaHeading = (remote: string, name: string) =>
    page.locator(`[data-remote="${remote}"]`).getByRole('heading', { level: 1, name });

  it.each([
    ['Connect', 'connect', 'Connect', '/connect'],
    ['Playbooks', 'playbooks', 'Playbooks', '/guides'],
    ['Settings', 'account', 'Settings', '/settings'],
    ['Challenges', 'challenges', 'Choose Your Challenge', '/'],
  ])('the %s tab renders the %s remote', async (tab, remote, heading, path) => {
    await nav().getByRole('link', { name: tab }).click();
    await page.waitForURL(`${stack.url}${path}`);
    await visible(areaHeading(remote, heading));
    expect(await nav().getByRole('link', { name: tab }).getAttribute('aria-current')).toBe('page');
    await snap(page, `area-${remote}-desktop`);
  });

  it('deep links reach the right remote', async () => {
    await page.goto(`${stack.url}/join/ABC123`);
    await visible(areaHeading('connect', 'Join pod ABC123'));
    await page.goto(`${stack.url}/vere-pro`);
    await visible(areaHeading('account', 'Vere Pro'));
    expect(await page.getByTestId('pro-price').textContent()).toContain('$0.99');
  });

  it('the settings area reads the signed-in user from the shared session store', async () => {
    await page.goto(`${stack.url}/settings`);
    await visible(areaHeading('account', 'Settings'));
    expect(await page.getByTestId('settings-name').textContent()).toContain('Grace Hopper');
  });

  it('shows the error card only in the area whose remote is down', async () => {
    const remotes = JSON.parse(readFileSync(manifest, 'utf8'));
    writeFileSync(manifest, JSON.stringify({ ...remotes, connect: '/remotes/connect-gone/mf-manifest.json' }));
    const fresh = await context.newPage();
    await fresh.setViewportSize(PHONE);
    await fresh.goto(`${stack.url}/connect`);
    const card = await visible(fresh.locator('[data-error-area="connect"]'));
    expect(await card.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(1);
    await visible(card.getByRole('button', { name: 'Try Again' }));
    await visible(card.getByRole('button', { name: 'Refresh Page' }));
    await snap(fresh, 'remote-down-phone');

    // The frame and the other areas still work.
    await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playbooks' }).click();
    await visible(fresh.locator('[data-remote="playbooks"]').getByRole('heading', { level: 1, name: 'Playbooks' }));

    // The remote comes back: Try Again loads it without a page reload.
    writeFileSync(manifest, JSON.stringify(remotes));
    await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connect' }).click();
    await fresh.locator('[data-error-area="connect"]').getByRole('button', { name: 'Try Again' }).click();
    await visible(fresh.locator('[data-remote="connect"]').getByRole('heading', { level: 1, name: 'Connect' }));
    await fresh.close();
  });
});
