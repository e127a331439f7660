import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Loading every Kubernetes schema and spawning the render CLI take seconds on a busy machine.
    testTimeout: 60_000,
  },
});
