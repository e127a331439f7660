// What the two entry points (start.mjs, cli.mjs) share: running an Nx target, and running the
// launcher's bundle as a child that gets our signals and hands back its exit code.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from './node-flags.mjs';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

// Nx's CLI script, wherever npm put it (its package.json names it).
const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);

/** Runs `nx run <target>` in the repo; `quiet` keeps its output for the caller instead of showing it. */
export function nxRun(target, { quiet = false } = {}) {
  return spawnSync(process.execPath, [nxBin, 'run', target, '--outputStyle=stream-without-prefixes'], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

/** Runs a bundle of infra/local/dist as a child: it gets SIGINT/SIGTERM, and its exit ends us. */
export function runBundle(file, args, cwd) {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...NODE_FLAGS, `${root}infra/local/dist/${file}`, ...args],
    {
      cwd,
      stdio: 'inherit',
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
