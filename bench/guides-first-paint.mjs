#!/usr/bin/env node
// Gzipped JavaScript that `/guides` requests for a signed-in user before the playbook list is on
// screen (shell + playbooks remote + shared chunks), and the playbooks remote's own part of it.
// Usage: node bench/guides-first-paint.mjs   (needs the apps built; Chromium at /usr/bin/chromium or CHROMIUM_PATH)
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startApp } from './support/app.mjs';

const app = await startApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const setup = await context.newPage();
  await setup.goto(`${app.url}/auth`);
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
    { email: `bench.guides.${Date.now()}@example.com`, password: 'Challenge1!', name: 'Bench Mark' },
  );
  if (status !== 201) throw new Error(`sign-up answered ${status}`);
  await setup.evaluate(() => localStorage.setItem('vere_known_user', 'true'));
  await setup.close();

  const page = await context.newPage();
  const scripts = [];
  let painted = false;
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && !painted) scripts.push({ url: r.url().replace(app.url, ''), request: r });
  });
  await page.goto(`${app.url}/guides`);
  await page.getByTestId('playbook-card').first().waitFor({ state: 'visible', timeout: 30_000 });
  painted = true;
  let total = 0;
  let remote = 0;
  for (const s of scripts) {
    const body = await (await s.request.response())?.body().catch(() => null);
    const gz = body ? gzipSync(body, { level: 9 }).length : 0;
    total += gz;
    if (s.url.includes('/playbooks/')) remote += gz;
    console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KiB  ${s.url}`);
  }
  console.log(`JS before /guides paints its list: ${(total / 1024).toFixed(1)} KiB gzipped in ${scripts.length} files`);
  console.log(`  of which the playbooks remote: ${(remote / 1024).toFixed(1)} KiB gzipped`);
} finally {
  await browser.close();
  await app.stop();
}
