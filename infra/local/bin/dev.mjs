#!/usr/bin/env node
// `npm run dev`: every service with hot reload (the launcher in API-only mode under `tsx watch`,
// on http://127.0.0.1:3000) and every app on its Rspack dev server (shell on http://localhost:4200,
// remotes on 4201–4204). Open the shell; it proxies /api to the launcher.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from './node-flags.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// Nx's CLI script, wherever npm put it (its package.json names it).
const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' };
const nx = nxBin;

const generate = spawnSync(process.execPath, [nx, 'run-many', '-t', 'prisma:generate'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
if (generate.status !== 0) process.exit(generate.status ?? 1);

const children = [
  spawn(
    process.execPath,
    [...NODE_FLAGS, '--import', 'tsx', '--watch', '--watch-preserve-output', `${root}infra/local/src/main.ts`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, API_ONLY: 'true', PORT: process.env.PORT ?? '3000' },
    },
  ),
  spawn(
    process.execPath,
    [
      nx,
      'run-many',
      '-t',
      'dev',
      '--projects=shell,challenges,connect,playbooks,account',
      '--parallel=5',
      '--outputStyle=stream',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  ),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
let exited = 0;
for (const child of children)
  child.on('exit', () => {
    if (++exited === children.length) process.exit(0);
    else stop('SIGTERM');
  });
