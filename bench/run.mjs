#!/usr/bin/env node
// Prints the front end's two budgets:
//   1. cold build time of all five apps (no Nx cache, dist folders removed);
//   2. gzipped size of the JavaScript that `/` requests for a signed-in user before the home screen
//      is painted (shell + challenges remote + shared chunks), measured in Chromium; and, apart, what
//      it loads in the seconds after (deferred toasts, confetti, areas warmed in the background).
// Usage: npm run bench   (needs /usr/bin/chromium or CHROMIUM_PATH; writes bench/results/latest.json)
//        npm run bench -- --no-build   (skips the cold build: measures the apps as last built)
// Also prints the waterfall before the paint: every request (documents, scripts, JSON, API calls)
// with its start and end in ms after navigation, so the sequential round trips can be counted.
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
  const result = nx(
    'run-many',
    '-t',
    'build',
    `--projects=${APPS.join(',')}`,
    '--skip-nx-cache',
    '--outputStyle=static',
  );
  if (result.status !== 0) throw new Error('build failed');
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function firstPaintJs(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const setup = await context.newPage();
    // Sign up through the API from the page's origin so the refresh cookie lands in this context.
    await setup.goto(`${url}/auth`);
    const email = `bench.${Date.now()}@example.com`;
    const status = await setup.evaluate(
      async (body) =>
        (
          await fetch('/api/identity/auth/sign-up', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            credentials: 'include',
          })
        ).status,
      { email, password: 'Challenge1!', name: 'Bench Mark' },
    );
    if (status !== 201) throw new Error(`sign-up answered ${status}`);
    // What the app's own sign-in leaves in this browser (web-session's KNOWN_USER_KEY): a returning
    // user has it, and the shell then starts the first screen's remote before it boots.
    await setup.evaluate(() => localStorage.setItem('vere_known_user', 'true'));
    await setup.close();

    const page = await context.newPage();
    const scripts = [];
    const requests = [];
    let painted = false;
    let navigationStart = 0;
    page.on('request', (request) => {
      // A script asked for before the home is on screen is on the first paint's path; later ones
      // (toasts, confetti, the areas warmed in the background) are not.
      if (request.resourceType() === 'script')
        scripts.push({ url: request.url().replace(url, ''), beforePaint: !painted, request });
      if (!painted)
        requests.push({
          request,
          type: request.resourceType(),
          url: request.url().replace(url, ''),
          at: Date.now() - navigationStart,
        });
    });
    page.on('requestfinished', (request) => {
      const r = requests.find((x) => x.request === request);
      if (r) r.done = Date.now() - navigationStart;
    });
    navigationStart = Date.now();
    await page.goto(`${url}/`);
    await page.getByTestId('level-badge').first().waitFor({ state: 'visible', timeout: 30_000 });
    painted = true;
    const paintedAt = Date.now() - navigationStart;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3500); // the idle-time loads (toasts) and the 2 s background task
    await page.waitForLoadState('networkidle');
    for (const s of scripts) {
      const body = await (await s.request.response())?.body().catch(() => null);
      s.raw = body?.length ?? 0;
      s.gzip = body ? gzipSync(body, { level: 9 }).length : 0;
      delete s.request;
    }
    const waterfall = requests.map(({ type, url: u, at, done }) => ({ type, url: u, at, done }));
    return { scripts: scripts.sort((a, b) => b.gzip - a.gzip), waterfall, paintedAt };
  } finally {
    await browser.close();
  }
}

const buildSeconds = process.argv.includes('--no-build') ? null : coldBuild();
const stack = await startApp();
let scripts, waterfall, paintedAt;
try {
  ({ scripts, waterfall, paintedAt } = await firstPaintJs(stack.url));
} finally {
  await stack.stop();
}
const kb = (n) => (n / 1024).toFixed(1);
const before = scripts.filter((f) => f.beforePaint);
const after = scripts.filter((f) => !f.beforePaint);
const totalGzip = before.reduce((s, f) => s + f.gzip, 0);
const totalRaw = before.reduce((s, f) => s + f.raw, 0);

console.log('\nVere front-end benchmark');
if (buildSeconds !== null) console.log(`  cold build of ${APPS.length} apps:            ${buildSeconds.toFixed(1)} s`);
console.log(`  waterfall before the level badge was visible (${paintedAt} ms; start → end, ms after navigation):`);
for (const r of waterfall)
  console.log(`    ${String(r.at).padStart(5)} → ${String(r.done ?? '…').padStart(5)}  ${r.type.padEnd(8)} ${r.url}`);
console.log(
  `  JS loaded by / before the home paints: ${kb(totalGzip)} KiB gzipped (${kb(totalRaw)} KiB raw, ${before.length} files; budget 150 KiB)`,
);
for (const f of before) console.log(`    ${kb(f.gzip).padStart(7)} KiB  ${f.url}`);
console.log(
  `  JS loaded after the home painted (first 4 s): ${kb(after.reduce((s, f) => s + f.gzip, 0))} KiB gzipped, ${after.length} files`,
);
for (const f of after) console.log(`    ${kb(f.gzip).padStart(7)} KiB  ${f.url}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/latest.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      coldBuildSeconds: buildSeconds,
      firstPaintJsGzipBytes: totalGzip,
      firstPaintJsRawBytes: totalRaw,
      paintedAtMs: paintedAt,
      scripts,
      waterfall,
    },
    null,
    2,
  ),
);
