#!/usr/bin/env node
// Prints the front end's two budgets:
//   1. cold build time of all five apps (no Nx cache, dist folders removed);
//   2. gzipped size of the JavaScript that `/` requests for a signed-in user before the home screen
//      is painted (shell + challenges remote + shared chunks), measured in Chromium; and, apart, what
//      it loads in the seconds after (deferred toasts, confetti, areas warmed in the background).
// Then runs the budgeted benchmarks one after the other (quests-throughput, auth-throughput, soak,
// first-visit-bytes, lighthouse), each writing its figures to a JSON file (BENCH_JSON), and ends with
// one summary table: every figure, its target, ok or MISSED; the exit code is 1 on any miss.
// Usage: npm run bench   (needs /usr/bin/chromium or CHROMIUM_PATH and DATABASE_URL's PostgreSQL;
//                          writes bench/results/latest.json; about 30 minutes)
//        npm run bench -- --no-build   (skips the cold build: measures the apps as last built)
//        npm run bench -- --only=paint,quests,auth,soak,bytes,lighthouse   (some of them; paint: the build
//                                                                  and the JS before the home paints)
//        npm run bench -- --quick   (shorter runs: 5 s per load, 200,000 players, a 2-minute soak)
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

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;
const wants = (name) => !only || only.has(name);
const kb = (n) => (n / 1024).toFixed(1);
let buildSeconds = null;
let scripts = [];
let waterfall = [];
let paintedAt = null;
let totalGzip = 0;
let totalRaw = 0;
if (wants('paint')) {
  buildSeconds = process.argv.includes('--no-build') ? null : coldBuild();
  const stack = await startApp();
  try {
    ({ scripts, waterfall, paintedAt } = await firstPaintJs(stack.url));
  } finally {
    await stack.stop();
  }
  const before = scripts.filter((f) => f.beforePaint);
  const after = scripts.filter((f) => !f.beforePaint);
  totalGzip = before.reduce((s, f) => s + f.gzip, 0);
  totalRaw = before.reduce((s, f) => s + f.raw, 0);

  console.log('\nVere front-end benchmark');
  if (buildSeconds !== null)
    console.log(`  cold build of ${APPS.length} apps:            ${buildSeconds.toFixed(1)} s`);
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
}

// The budgets (issue 28): each benchmark's figures against its target, in one table.
const quick = process.argv.includes('--quick');
const rows = [];
const row = (figure, value, target, ok) => rows.push({ figure, value, target, ok });
const pct = (x) => `${(x * 100).toFixed(1)} %`;
/** Runs bench/<file> with its figures written to a JSON file; the parsed figures, or null when it wrote none. */
function runBench(file, args = [], extraEnv = {}) {
  const out = join(root, 'bench/results', `${file.replace('.mjs', '')}.json`);
  rmSync(out, { force: true });
  console.log(`\n=== node bench/${file} ${args.join(' ')}`);
  spawnSync(process.execPath, [join(root, 'bench', file), ...args], {
    cwd: root,
    env: { ...env, ...extraEnv, BENCH_JSON: out },
    stdio: 'inherit',
  });
  try {
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    return null;
  }
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
if (wants('quests')) {
  const q = runBench('quests-throughput.mjs', quick ? ['--seconds', '5', '--players', '200000'] : []);
  if (!q) row('quests accept, ratio to the one-statement anchor', 'no result', '≥ 0.80', false);
  else {
    row(
      'quests accept, req/s ratio to the one-statement anchor',
      q.accept.ratio.toFixed(2),
      '≥ 0.80',
      q.accept.ratio >= 0.8,
    );
    row(
      'quests accept, p99 ratio to the anchor',
      `${q.accept.p99Ratio.toFixed(2)}×`,
      '≤ 1.50×',
      q.accept.p99Ratio <= 1.5,
    );
    row('quests leaderboard, ratio to bare', q.leaderboard.ratio.toFixed(2), '≥ 0.60', q.leaderboard.ratio >= 0.6);
    row('quests weekly leaderboard, ratio to bare', q.weekly.ratio.toFixed(2), '≥ 0.60', q.weekly.ratio >= 0.6);
  }
}
if (wants('auth')) {
  const a = runBench('auth-throughput.mjs', quick ? ['--seconds', '5'] : []);
  if (!a) row('authenticated GET, ratio to the bare same-query handler', 'no result', '≥ 0.90', false);
  else {
    row(
      'authenticated GET, ratio to the bare same-query handler',
      a.direct.ratio.toFixed(2),
      '≥ 0.90',
      a.direct.ratio >= 0.9 && a.direct.non2xx === 0,
    );
    row(
      'authenticated GET, ratio to the 401 path (edge)',
      a.edge.ratio.toFixed(2),
      '≥ 0.50',
      a.edge.ratio >= 0.5 && a.edge.non2xx === 0,
    );
  }
}
if (wants('soak')) {
  const m = runBench('soak.mjs', [], { SOAK_MINUTES: process.env.SOAK_MINUTES ?? (quick ? '2' : '10') });
  if (!m) row('soak, second-half growth', 'no result', '≤ 5 %', false);
  else {
    row('soak, RSS growth over the second half', pct(m.rssGrowth), '≤ 5 %', m.rssGrowth <= 0.05);
    row('soak, heap used growth over the second half', pct(m.heapGrowth), '≤ 5 %', m.heapGrowth <= 0.05);
    row('soak, failed actions', String(m.failures), '0', m.failures === 0);
  }
}
if (wants('bytes')) {
  const b = runBench('first-visit-bytes.mjs');
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  if (!b) row('first visit of / (signed in), compressed', 'no result', '≤ 140 KiB', false);
  else row('first visit of / (signed in), compressed', kib(b.home), `≤ ${kib(b.budget)}`, b.home <= b.budget);
}
if (wants('lighthouse')) {
  const l = runBench('lighthouse.mjs');
  if (!l) row('Lighthouse', 'no result', 'see bench/lighthouse.mjs', false);
  else
    for (const [path, r] of Object.entries(l.results)) {
      const t = l.targets[path];
      row(
        `Lighthouse ${path} performance`,
        String(r.performance),
        `≥ ${t.performance}`,
        r.performance >= t.performance,
      );
      row(
        `Lighthouse ${path} accessibility`,
        String(r.accessibility),
        `≥ ${t.accessibility}`,
        r.accessibility >= t.accessibility,
      );
      if (t.lcpMs)
        row(
          `Lighthouse ${path} LCP`,
          `${(r.lcpMs / 1000).toFixed(2)} s`,
          `≤ ${(t.lcpMs / 1000).toFixed(1)} s`,
          r.lcpMs <= t.lcpMs,
        );
    }
}
if (wants('paint'))
  row('JS before the home paints (gzipped)', `${kb(totalGzip)} KiB`, '≤ 150 KiB', totalGzip <= 150 * 1024);
const { loadavg } = await import('node:os');
console.log(
  `\nVere benchmark budgets (load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')} at the end)`,
);
const width = Math.max(...rows.map((r) => r.figure.length));
console.log(`| ${'figure'.padEnd(width)} | value      | target     | result |`);
console.log(`| ${'-'.repeat(width)} | ---------- | ---------- | ------ |`);
for (const r of rows)
  console.log(
    `| ${r.figure.padEnd(width)} | ${r.value.padEnd(10)} | ${r.target.padEnd(10)} | ${r.ok ? 'ok    ' : 'MISSED'} |`,
  );
const missed = rows.filter((r) => !r.ok).length;
console.log(missed ? `\n${missed} budget(s) missed` : '\nevery budget met');
process.exitCode = missed ? 1 : 0;

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
      budgets: rows,
    },
    null,
    2,
  ),
);
