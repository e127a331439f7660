import { defineConfig } from 'tsup';

// One file per service: the @vere/* workspace libs (and the generated Prisma client) are bundled
// in; every npm package stays external and comes from node_modules at run time (bundling CommonJS
// packages into ESM output breaks their dynamic requires). @vere/prisma-engine stays external too:
// it loads its WebAssembly engine from its own folder.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@vere\/(?!prisma-engine)/],
  external: ['@vere/prisma-engine', /^(?!@vere\/)[@a-z]/],
});
