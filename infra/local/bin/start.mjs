#!/usr/bin/env node
// `npm start`: build whatever is missing or stale (Nx caches the rest), then run the whole app
// in one process on the embedded default (or DATABASE_URL / NATS_URL when set), from the
// launcher's bundle (infra/local/dist/main.mjs, built by `nx run local:build`; decision 0029).
import { existsSync } from 'node:fs';
import { nxRun, root, runBundle } from './process.mjs';

if (!process.argv.includes('--no-build')) {
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
runBundle('main.mjs', [], root);
