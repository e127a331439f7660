#!/usr/bin/env node
// `npm start`: build whatever is missing or stale (Nx caches the rest), then run the whole app
// in one process on the embedded default (or DATABASE_URL / NATS_URL when set), from the
// launcher's bundle (infra/local/dist/main.mjs, built by `nx run local:build`; decision 0029).
//
// `npm start -- --replicas 2`: that many launcher processes — every service that many times, each
// process with its edge on PORT, PORT+1, … — sharing DATABASE_URL (required) and NATS_URL, or the
// embedded bus logged in that database (decision 0045). Started one after the other (the first
// applies the migrations). bench/replicas.mjs drives such a pair and kills one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NODE_FLAGS } from './node-flags.mjs';
import { nxRun, root, runBundle } from './process.mjs';

const { values } = parseArgs({
  strict: false,
  options: { 'no-build': { type: 'boolean', default: false }, replicas: { type: 'string', default: '1' } },
});
const replicas = Number(values.replicas);
if (!Number.isInteger(replicas) || replicas < 1) {
  console.error(`--replicas must be a positive integer, got ${values.replicas}`);
  process.exit(2);
}
if (replicas > 1 && !process.env.DATABASE_URL) {
  console.error('--replicas needs DATABASE_URL: the replicas share one PostgreSQL (the embedded one is per process).');
  process.exit(2);
}

if (!values['no-build']) {
  const build = nxRun('local:prepare');
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
if (replicas === 1) {
  runBundle('main.mjs', [], root);
} else {
  const port = Number(process.env.PORT ?? 3000);
  const children = [];
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
  let exited = 0;
  for (let i = 0; i < replicas; i += 1) {
    const child = spawn(process.execPath, ['--enable-source-maps', ...NODE_FLAGS, main], {
      cwd: root,
      env: { ...process.env, PORT: String(port === 0 ? 0 : port + i) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    child.on('exit', (code) => {
      exited += 1;
      if (code) process.exitCode = code;
      if (exited === replicas) process.exit();
    });
    // Echo its output, and wait for its line before starting the next.
    await new Promise((resolve) => {
      child.stdout.on('data', (chunk) => {
        process.stdout.write(chunk.toString().replace(/Vere is running/g, `Vere (replica ${i + 1}) is running`));
        if (chunk.toString().includes('Vere is running')) resolve();
      });
      child.once('exit', resolve);
    });
  }
}
