import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts', 'workspace/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each file starts its own stack and browser; two at once fit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
