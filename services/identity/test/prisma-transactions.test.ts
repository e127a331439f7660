import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../src/prisma-client';

// CI's failure (load average 13 on two cores): identity's start-up transaction waited past Prisma's
// default 2 s for a connection and the whole stack failed to start. Here the pool's one connection is
// busy for 3 s, as a loaded machine's would be.
describe("identity's Prisma transactions", () => {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const prisma = createPrismaClient(new PrismaPg(pool));
  afterAll(async () => {
    await prisma.$disconnect();
    await pool.end();
  });

  it('wait for a busy pool for longer than 2 s, then run', async () => {
    const busy = await pool.connect();
    const release = new Promise<void>((resolve) =>
      setTimeout(() => {
        busy.release();
        resolve();
      }, 3_000),
    );
    const started = Date.now();
    const answer = await prisma.$transaction(async (tx) =>
      tx.$queryRawUnsafe<Array<{ one: number }>>('SELECT 1 AS one'),
    );
    await release;
    expect(answer).toEqual([{ one: 1 }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
  }, 20_000);
});
