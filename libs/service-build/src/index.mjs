// Build-time configuration every service shares: its tsup bundle, its Prisma CLI config and its
// Vitest config.
import { defineConfig } from 'prisma/config';

/**
 * tsup options for `dist/main.js`: the @vere/* workspace libs (and the generated Prisma client)
 * are bundled in; every npm package stays external and comes from node_modules at run time
 * (bundling CommonJS packages into ESM output breaks their dynamic requires). @vere/prisma-engine
 * stays external too: it loads its WebAssembly engine from its own folder.
 */
export function serviceBundle() {
  return {
    entry: { main: 'src/main.ts' },
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    noExternal: [/^@vere\/(?!prisma-engine)/],
    external: ['@vere/prisma-engine', /^(?!@vere\/)[@a-z]/],
  };
}

/**
 * The Prisma CLI config of the service owning PostgreSQL schema `schema`: its migrations, and its
 * `_prisma_migrations`, live in that schema (`?schema=` on DATABASE_URL).
 */
export function servicePrismaConfig(schema) {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vere');
  url.searchParams.set('schema', schema);
  return defineConfig({
    schema: 'prisma/schema.prisma',
    migrations: { path: 'prisma/migrations' },
    datasource: { url: url.toString() },
  });
}

/**
 * The Vitest config of a service's suite (`test/` and `src/`, integration tests against real
 * PostgreSQL and NATS). Without per-file isolation a worker (one on CI's 2 cores) runs the files one
 * after another in one module graph instead of a fresh process per file re-importing Fastify,
 * Prisma and the service. The files share no state that matters: each builds its own service on its
 * own database and closes it; no handles or process listeners outlive a file (decision 0029).
 */
export function serviceTestConfig() {
  return {
    test: {
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      isolate: false,
    },
  };
}
