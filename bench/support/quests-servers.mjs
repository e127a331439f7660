// The quests bench fixture and servers (services/quests/test/bench), shared by quests-throughput.mjs
// and auth-throughput.mjs: each runs in a process of its own, with `node --import tsx`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
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

/** One autocannon result as a line: requests/s, p50, p99, statuses, errors. */
export const resultLine = (name, r) =>
  `${name.padEnd(30)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   ` +
  `statuses ${Object.entries(r.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ')}   errors ${r.errors}`;
