// The quests bench fixture and servers (services/quests/test/bench), shared by quests-throughput.mjs
// and auth-throughput.mjs: each runs in a process of its own, with `node --import tsx`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './app.mjs';

/**
 * Runs a TypeScript file of services/quests/test/bench and resolves when it prints a line matching
 * `ready`. `nodeArgs` go before the file (e.g. `--cpu-prof`).
 */
export async function launch(file, args, ready, env, nodeArgs = []) {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', join(root, 'services/quests/test/bench', file), ...args],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  for await (const chunk of child.stdout) {
    out += chunk;
    const m = ready.exec(out);
    if (m)
      return {
        match: m,
        /** CPU seconds (user + system) the process has used so far (Linux /proc). */
        cpuSeconds: () => {
          const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
          return (Number(fields[11]) + Number(fields[12])) / 100;
        },
        stop: async () => {
          if (child.exitCode === null) {
            child.kill('SIGTERM');
            await once(child, 'exit');
          }
        },
      };
  }
  throw new Error(`${file} ${args.join(' ')} exited before it was ready:\n${out}`);
}

/**
 * Runs `measure` (an autocannon run) and adds the server's CPU time per answered request to its result
 * (`cpuMsPerRequest`): on a machine loaded by others this moves far less than requests/s.
 */
export async function withCpu(server, measure) {
  const before = server.cpuSeconds();
  const r = await measure();
  r.cpuMsPerRequest = ((server.cpuSeconds() - before) * 1000) / Math.max(1, r.requests.total);
  return r;
}

/** One autocannon result as a line: requests/s, p50, p99, server CPU per request, statuses, errors. */
export const resultLine = (name, r) =>
  `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   ` +
  (r.cpuMsPerRequest === undefined ? '' : `cpu ${r.cpuMsPerRequest.toFixed(2)} ms/req   `) +
  `statuses ${Object.entries(r.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ')}   errors ${r.errors}`;
