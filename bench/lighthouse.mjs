#!/usr/bin/env node
// Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and 4× CPU slowdown) on `/auth`
// for a visitor and on `/` for a signed-in user, against the app as `npm start` runs it, in Debian's
// Chromium. Prints performance, accessibility, LCP, FCP, TBT and CLS per page, the median of RUNS runs.
// Targets (issue 7): /auth performance ≥ 95 with LCP ≤ 1.5 s, / ≥ 90, accessibility ≥ 95 on both.
// Usage: node bench/lighthouse.mjs   (builds the apps first through Nx's cache; RUNS=3 by default;
// LH_REPORT_DIR=dir keeps each run's full Lighthouse JSON report there; THROTTLING=devtools applies
// the slow network and CPU for real instead of simulating them, see below)
// The figures depend on the machine's load: run it on an otherwise idle machine.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { root, startApp } from './support/app.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
/**
 * 'simulate' (Lighthouse's default): the page loads at full speed and Lighthouse computes the slow
 * phone's timings from that trace; a script that ran before the observed LCP counts towards it
 * (why the prerendered /auth runs its entry script after the first paint, decision 0030).
 * 'devtools' slows the network and CPU for real while the page loads, so the order is a phone's.
 */
const THROTTLING = process.env.THROTTLING ?? 'simulate';
/**
 * The preset's 4× CPU slowdown is relative to the machine: Lighthouse calibrated it for a high-end
 * desktop (benchmarkIndex 1500–2000, its docs/throttling.md), so on a faster machine the emulated
 * phone is faster too, and on a loaded or slower one it is slower. CPU_SLOWDOWN=auto scales the
 * multiplier to this machine's benchmarkIndex (4 × index / 1750) so that runs on different machines
 * emulate the same phone; CPU_SLOWDOWN=6 sets it. Unset: the preset's 4×, as the issue's target reads.
 */
const CPU_SLOWDOWN = process.env.CPU_SLOWDOWN;
const REFERENCE_BENCHMARK_INDEX = 1750;
let cpuSlowdown;
const MOBILE_THROTTLING = LIGHTHOUSE_THROTTLING.mobileSlow4G;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = {
  '/auth': { performance: 95, accessibility: 95, lcpMs: 1500 },
  '/': { performance: 90, accessibility: 95 },
};

function build() {
  const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
  const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
  const apps = 'shell,challenges,connect,playbooks,account';
  const r = spawnSync(
    process.execPath,
    [nxBin, 'run-many', '-t', 'build', `--projects=${apps}`, '--outputStyle=static'],
    {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('build failed');
}

/** Signs a user up in this Chromium (the refresh cookie stays in its profile) with the intro and tours done. */
async function signUpIn(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${url}/auth`);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/identity/auth/sign-up', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `lighthouse.${Date.now()}@example.com`,
          password: 'Challenge1!',
          name: 'Light House',
        }),
      });
      if (res.status !== 201) return res.status;
      const { accessToken } = await res.json();
      for (const m of ['onboarding', 'tutorial-home', 'tutorial-challenges']) {
        const done = await fetch(`/api/identity/me/milestones/${m}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${accessToken}` },
        });
        if (!done.ok) return done.status;
      }
      // What the app's own sign-in leaves in this browser (web-session's KNOWN_USER_KEY).
      localStorage.setItem('vere_known_user', 'true');
      return 201;
    });
    if (status !== 201) throw new Error(`sign-up answered ${status}`);
    await page.close();
  } finally {
    await browser.close().catch(() => {});
  }
}

async function audit(port, url, signedIn) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttlingMethod: THROTTLING,
    ...(cpuSlowdown === undefined ? {} : { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: cpuSlowdown } }),
    // The signed-in run keeps the refresh cookie (Lighthouse clears storage by default).
    disableStorageReset: signedIn,
  });
  const { categories, audits, environment } = result.lhr;
  if (process.env.LH_REPORT_DIR) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
    const name = `${signedIn ? 'home' : 'auth'}-${Date.now()}.json`;
    writeFileSync(join(process.env.LH_REPORT_DIR, name), JSON.stringify(result.lhr));
  }
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    fcpMs: audits['first-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    benchmarkIndex: environment.benchmarkIndex,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

build();
const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const results = {};
try {
  if (CPU_SLOWDOWN === 'auto') {
    // One run to read this machine's benchmarkIndex (Lighthouse measures it before every audit).
    const { benchmarkIndex } = await audit(chrome.port, `${app.url}/auth`, false);
    cpuSlowdown =
      Math.round(((MOBILE_THROTTLING.cpuSlowdownMultiplier * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX) * 10) / 10;
  } else if (CPU_SLOWDOWN !== undefined) {
    cpuSlowdown = Number(CPU_SLOWDOWN);
    if (!(cpuSlowdown > 0)) throw new Error(`CPU_SLOWDOWN must be a positive number or auto, not ${CPU_SLOWDOWN}`);
  }
  // /auth first, as a visitor (no cookie yet), then / signed in.
  for (const [path, signedIn] of [
    ['/auth', false],
    ['/', true],
  ]) {
    if (signedIn) await signUpIn(chrome.port, app.url);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${app.url}${path}`, signedIn));
    results[path] = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
    results[path].runs = runs.map((r) => r.performance);
  }
} finally {
  await chrome.kill();
  await app.stop();
}

const slowdown = cpuSlowdown ?? MOBILE_THROTTLING.cpuSlowdownMultiplier;
const index = median(Object.values(results).map((r) => r.benchmarkIndex));
console.log(
  `\nVere Lighthouse (mobile preset, ${THROTTLING} throttling, ${slowdown}× CPU slowdown` +
    `${cpuSlowdown === undefined ? ' (the preset)' : ''}, median of ${RUNS}; this machine's benchmarkIndex ${Math.round(index)})`,
);
let missed = 0;
for (const [path, r] of Object.entries(results)) {
  const t = TARGETS[path];
  const ok =
    r.performance >= t.performance &&
    r.accessibility >= t.accessibility &&
    (t.lcpMs === undefined || r.lcpMs <= t.lcpMs);
  if (!ok) missed++;
  console.log(
    `  ${path.padEnd(6)} performance ${r.performance} (runs ${r.runs.join(', ')}; target ${t.performance})  accessibility ${r.accessibility} (target ${t.accessibility})` +
      `  LCP ${(r.lcpMs / 1000).toFixed(2)} s${t.lcpMs ? ` (target ${(t.lcpMs / 1000).toFixed(1)} s)` : ''}  FCP ${(r.fcpMs / 1000).toFixed(2)} s  TBT ${Math.round(r.tbtMs)} ms  CLS ${r.cls.toFixed(3)}  ${ok ? 'ok' : 'MISSED'}`,
  );
}
// BENCH_JSON=<file>: the medians and the targets, for bench/run.mjs's summary.
if (process.env.BENCH_JSON) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.BENCH_JSON, JSON.stringify({ results, targets: TARGETS }));
}
process.exitCode = missed ? 1 : 0;
