import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.mjs'],
    // Every CLI run spawns Node twice and boots the wasm engine; on a loaded CI box that is seconds.
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
