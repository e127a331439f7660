#!/usr/bin/env node
// `nx run local:build`: the launcher and its operator commands as plain ES modules in dist/
// (decision 0029), so `npm start`, the CLIs and every test that starts them load ~30 bundled files
// with plain `node` instead of ~1,200 TypeScript and npm modules through tsx's loader hooks.
//
// The @vere/* libraries and services written in TypeScript (and their generated Prisma clients) are
// bundled in; npm packages stay external and load from node_modules at run time, as in the
// services' own tsup bundles (bundling CommonJS packages into ESM output breaks their dynamic
// requires). The workspace packages shipped as plain .mjs stay external too: they find files next
// to themselves (prisma-engine its WebAssembly engine, web-build the shell's build).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const plainJs = new Set(['@vere/prisma-engine', '@vere/service-build', '@vere/web-build']);
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    'admin-cli': 'src/admin-cli.ts',
    'billing-cli': 'src/billing-cli.ts',
    'events-cli': 'src/events-cli.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // One shared chunk for what the entries have in common (dist/ sits beside src/, so
  // paths.ts's `../../../` names the repository root from either).
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[@a-z]/ }, ({ path }) => {
          if (path.startsWith('node:')) return { path, external: true };
          const name = packageName(path);
          if (name.startsWith('@vere/') && !plainJs.has(name)) return undefined;
          return { path, external: true };
        });
      },
    },
  ],
});
