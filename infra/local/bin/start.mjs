#!/usr/bin/env node
// `npm start`: build whatever is missing or stale (Nx caches the rest), then run the whole app
// in one process on the embedded default (or DATABASE_URL / NATS_URL when set), from the
// launcher's bundle (infra/local/dist/main.mjs, built by `nx run local:build`; decision 0029).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// Nx's CLI script, wherever npm put it (its package.json names it).
const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(
    process.execPath,
    [nxBin, 'run', 'local:prepare', '--outputStyle=stream-without-prefixes'],
    { cwd: root, stdio: 'inherit', env },
  );
  if (build.status !== 0) {
    console.error('\nThe build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}

const main = `${root}infra/local/dist/main.mjs`;
if (!existsSync(main)) {
  console.error(`${main} is missing: run \`npx nx run local:build\` (or \`npm start\` without --no-build).`);
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', main], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
