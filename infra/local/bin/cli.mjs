#!/usr/bin/env node
// `npm run admin|billing|events -- …`: brings the launcher's bundle up to date (`nx run local:build`,
// cached when nothing changed; its output shown only if it fails), then runs the operator command
// `infra/local/dist/<name>-cli.mjs` with the remaining arguments (decision 0029).
//
//   node infra/local/bin/cli.mjs <admin|billing|events> [args…]
import { nxRun, runBundle } from './process.mjs';

const [name, ...args] = process.argv.slice(2);
if (!['admin', 'billing', 'events'].includes(name ?? '')) {
  console.error('usage: node infra/local/bin/cli.mjs <admin|billing|events> [args…]');
  process.exit(2);
}

const build = nxRun('local:build', { quiet: true });
if (build.status !== 0) {
  process.stderr.write(`${build.stdout}${build.stderr}\nThe launcher's build failed; see the output above.\n`);
  process.exit(build.status ?? 1);
}
runBundle(`${name}-cli.mjs`, args, process.cwd());
