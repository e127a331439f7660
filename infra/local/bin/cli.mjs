#!/usr/bin/env node
// `npm run admin|billing|events -- …`: brings the launcher's bundle up to date (`nx run local:build`,
// cached when nothing changed; its output shown only if it fails), then runs the operator command
// `infra/local/dist/<name>-cli.mjs` with the remaining arguments (decision 0029).
//
//   node infra/local/bin/cli.mjs <admin|billing|events> [args…]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const [name, ...args] = process.argv.slice(2);
if (!['admin', 'billing', 'events'].includes(name ?? '')) {
  console.error('usage: node infra/local/bin/cli.mjs <admin|billing|events> [args…]');
  process.exit(2);
}

// Nx's CLI script, wherever npm put it (its package.json names it).
const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
const build = spawnSync(process.execPath, [nxBin, 'run', 'local:build', '--outputStyle=stream-without-prefixes'], {
  cwd: root, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout}${build.stderr}\nThe launcher's build failed; see the output above.\n`);
  process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', `${root}infra/local/dist/${name}-cli.mjs`, ...args], {
  cwd: process.cwd(), stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
