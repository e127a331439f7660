#!/usr/bin/env node
// What the metrics hook costs per request (decision 0046): the same service app with and without
// `/metrics`' onResponse hook (a counter and a histogram per request), in one process and one run,
// alternating, so the machine's load drifts over both alike.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     node bench/metrics-hook.mjs [--seconds 8] [--connections 20] [--rounds 2]
//
// Both apps come from service-kit's createServiceApp (request ids, error shape, auth, OpenAPI …) and
// answer GET /api/sample/items/:id with one query (bench/support/metrics-hook-apps.ts). Prints the
// best requests/s of each, their latencies, and the ratio with / without (1.00: free).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { root } from './support/app.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
  },
});
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/support/metrics-hook-apps.ts')], {
  cwd: join(root, 'libs/service-kit'),
  env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const [withHook, withoutHook] = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /ready (\S+) (\S+)/.exec(out);
      if (m) resolve([m[1], m[2]]);
    });
    child.once('exit', (code) => reject(new Error(`the apps exited (${code})`)));
  });
  const run = (base) =>
    autocannon({
      url: `${base}/api/sample/items/42`,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
  await run(withHook); // warm-up: JIT, pool connections
  const best = { with: undefined, without: undefined };
  for (let round = 0; round < Number(values.rounds); round += 1) {
    for (const [name, base] of [
      ['without', withoutHook],
      ['with', withHook],
    ]) {
      const r = await run(base);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      if (!best[name] || r.requests.average > best[name].requests.average) best[name] = r;
    }
  }
  const line = (name, r) =>
    `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms`;
  console.log(
    `\nGET /api/sample/items/:id, ${values.connections} connections, ${values.seconds} s, best of ${values.rounds}`,
  );
  console.log(line('without metrics hook', best.without));
  console.log(line('with metrics hook', best.with));
  const ratio = best.with.requests.average / best.without.requests.average;
  console.log(
    `metrics hook: ${ratio.toFixed(3)} of the throughput without it ` +
      `(≈ ${((1 / best.with.requests.average - 1 / best.without.requests.average) * 1e6).toFixed(0)} µs per request of one process's time)`,
  );
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
}
