import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker (one on CI's 2 cores) runs its files one after another in one module graph instead of
    // a fresh process per file re-importing Fastify, Prisma and the service. The files share no state
    // that matters: each builds its own service on its own database and closes it; no handles or
    // process listeners outlive a file (decision 0029).
    isolate: false,
  },
});
