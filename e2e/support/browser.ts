import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoRoot } from './stack';

/** Debian's `chromium`: the whole browser, web push included. CHROMIUM_PATH names another (for every test). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`: the same engine without the browser's own layer, 11–22 % less
 * CPU for the same journeys (decision 0077), but no push messaging. The suite's browser wherever it
 * is installed and CHROMIUM_PATH is unset.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export interface LaunchOptions {
  /** The test needs web push (a push subscription, notifications): the whole browser. */
  push?: boolean;
}

/** Debian's Chromium, headless, with the flags this network needs (no background calls home). */
export function launchBrowser({ push = false }: LaunchOptions = {}): Promise<Browser> {
  const shell = !push && process.env.CHROMIUM_PATH === undefined && existsSync(HEADLESS_SHELL);
  return chromium.launch({
    executablePath: shell ? HEADLESS_SHELL : CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Saves a screenshot under e2e/screenshots/ (ignored by git) for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = join(repoRoot, 'e2e', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
