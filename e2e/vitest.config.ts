import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts', 'workspace/**/*.test.ts'],
    // Whole journeys (sign-up → swipes → proofs → level-up; three users and a pod streak) take 25–50 s
    // alone and past 60 s while two files and the services' suites share CI's two cores. Each wait
    // inside a test has its own short bound (support/app.ts `visible`: 15 s), so a hang still fails fast.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for what the page shows after its data arrives; Vitest's default (1 s) is
    // shorter than a data request takes while the services' suites load both cores. Same bound as
    // `visible`; a poll that names its own timeout keeps it.
    expect: { poll: { timeout: 15_000 } },
    // Each file starts its own stack and browser; two at once fit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
