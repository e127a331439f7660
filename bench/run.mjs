#!/usr/bin/env node
// Prints the front end's two budgets:
//   1. cold build time of all five apps (no Nx cache, dist folders removed);
//   2. gzipped size of the JavaScript that `/` loads for a signed-in user before the home screen
//      is painted (shell + challenges remote + shared chunks), measured in Chromium.
// Usage: npm run bench   (needs /usr/bin/chromium or CHROMIUM_PATH; writes bench/results/latest.json)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startApp } from './support/app.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
// Nx's CLI script, wherever npm put it (its package.json names it).
const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
const APPS = ['shell', 'challenges', 'connect', 'playbooks', 'account'];
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' };
const nx = (...args) => spawnSync(process.execPath, [nxBin, ...args], { cwd: root, env, stdio: 'inherit' });

function coldBuild() {
  for (const app of APPS) rmSync(join(root, 'apps', app, 'dist'), { recursive: true, force: true });
  const started = process.hrtime.bigint();
  const result = nx('run-many', '-t', 'build', `--projects=${APPS.join(',')}`, '--skip-nx-cache', '--outputStyle=static');
  if (result.status !== 0) throw new Error('build failed');
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function firstPaintJs(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const setup = await context.newPage();
    // Sign up through the API from the page's origin so the refresh cookie lands in this context.
    await setup.goto(`${url}/auth`);
    const email = `bench.${Date.now()}@example.com`;
    const status = await setup.evaluate(async (body) => (await fetch('/api/identity/auth/sign-up', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'include',
    })).status, { email, password: 'Challenge1!', name: 'Bench Mark' });
    if (status !== 201) throw new Error(`sign-up answered ${status}`);
    await setup.close();

    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        const body = await response.body();
        scripts.push({ url: response.url().replace(url, ''), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      } catch { /* navigated away */ }
    });
    await page.goto(`${url}/`);
    await page.getByTestId('level-badge').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return scripts.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

const buildSeconds = coldBuild();
const stack = await startApp();
let scripts;
try {
  scripts = await firstPaintJs(stack.url);
} finally {
  await stack.stop();
}
const kb = (n) => (n / 1024).toFixed(1);
const totalGzip = scripts.reduce((s, f) => s + f.gzip, 0);
const totalRaw = scripts.reduce((s, f) => s + f.raw, 0);

console.log('\nVere front-end benchmark');
console.log(`  cold build of ${APPS.length} apps:            ${buildSeconds.toFixed(1)} s`);
console.log(`  JS loaded by / before the home paints: ${kb(totalGzip)} KiB gzipped (${kb(totalRaw)} KiB raw, ${scripts.length} files)`);
for (const f of scripts) console.log(`    ${kb(f.gzip).padStart(7)} KiB  ${f.url}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), JSON.stringify({
  date: new Date().toISOString(), coldBuildSeconds: buildSeconds, firstPaintJsGzipBytes: totalGzip, firstPaintJsRawBytes: totalRaw, scripts,
}, null, 2));
