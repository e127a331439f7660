import { defineConfig } from 'tsup';

// One file per service: workspace libs are bundled in, npm packages stay external.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@vere\//],
  external: ['@vere/prisma-engine'],
});
