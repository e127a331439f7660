#!/usr/bin/env node
// What the metrics hook costs per request (decision 0046): the same service app with and without
// `/metrics`' onResponse hook (a counter and a histogram per request), in one process and one run,
// alternating, so the machine's load drifts over both alike.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \
//     node bench/metrics-hook.mjs [--seconds 4] [--connections 20] [--rounds 5]
//
// Both apps come from service-kit's createServiceApp (request ids, error shape, auth, OpenAPI …) and
// answer GET /api/sample/items/:id with one query (libs/service-kit/test/metrics-hook-apps.ts). Each round
// runs both back to back, in alternating order; prints each round, the median requests/s of each and
// the median of the rounds' ratios with / without (1.00: free), and the apps' process CPU time per
// request with and without (from process.cpuUsage(), which the machine's other load hardly moves).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { root } from './support/app.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '5' },
  },
});
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'libs/service-kit/test/metrics-hook-apps.ts')], {
  cwd: join(root, 'libs/service-kit'),
  env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const [withHook, withoutHook, cpuUrl] = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /ready (\S+) (\S+) (\S+)/.exec(out);
      if (m) resolve([m[1], m[2], m[3]]);
    });
    child.once('exit', (code) => reject(new Error(`the apps exited (${code})`)));
  });
  const run = (base) =>
    autocannon({
      url: `${base}/api/sample/items/42`,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
  // Warm-up of both: JIT, pool connections.
  await run(withHook);
  await run(withoutHook);
  const cpuNow = async () => Number(await (await fetch(cpuUrl)).text());
  const rates = { with: [], without: [] };
  const cpuPerRequest = { with: [], without: [] };
  const ratios = [];
  for (let round = 0; round < Number(values.rounds); round += 1) {
    const order = round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
    const got = {};
    for (const name of order) {
      const before = await cpuNow();
      const r = await run(name === 'with' ? withHook : withoutHook);
      cpuPerRequest[name].push(((await cpuNow()) - before) / r.requests.total);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      got[name] = r.requests.average;
      rates[name].push(r.requests.average);
    }
    ratios.push(got.with / got.without);
    console.log(
      `round ${round + 1}: without ${Math.round(got.without)} req/s, with ${Math.round(got.with)} req/s, ratio ${(got.with / got.without).toFixed(3)}`,
    );
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [without, withIt, ratio] = [median(rates.without), median(rates.with), median(ratios)];
  console.log(
    `\nGET /api/sample/items/:id, ${values.connections} connections, ${values.seconds} s × ${values.rounds} rounds each (medians)`,
  );
  console.log(`without metrics hook ${String(Math.round(without)).padStart(6)} req/s`);
  console.log(`with metrics hook    ${String(Math.round(withIt)).padStart(6)} req/s`);
  const [cpuWithout, cpuWith] = [median(cpuPerRequest.without), median(cpuPerRequest.with)];
  console.log(
    `CPU per request: without ${cpuWithout.toFixed(0)} µs, with ${cpuWith.toFixed(0)} µs (the apps' process)`,
  );
  console.log(
    `metrics hook: ${ratio.toFixed(3)} of the throughput without it; ` +
      `${(cpuWith / cpuWithout).toFixed(3)} × the CPU per request (+${(cpuWith - cpuWithout).toFixed(0)} µs)`,
  );
} finally {
  child.kill('SIGTERM');
  await once(child, 'exit');
}
