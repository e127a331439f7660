import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The soak's one-time step of the live heap (decision 0064): with Prisma's default error format
// outside production, the first failed query decoded Prisma's source map for its message and kept it
// (+4.8 MB). In a process of its own: vitest's own source-map handling would blur the figure.
describe("identity's Prisma client", () => {
  it('keeps no memory for the first failed query', () => {
    const script = fileURLToPath(new URL('./fixtures/first-prisma-error.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
      encoding: 'utf8',
      env: process.env,
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const { before, after } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { before: number; after: number };
    expect(after - before).toBeLessThan(1024 * 1024);
  });
});
