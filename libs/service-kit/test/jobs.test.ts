import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import PgBossV10 from 'pg-boss-v10';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent } from '../src/events/sql';
import { startJobs } from '../src/jobs';
import { databaseUrl, waitFor } from './events/helpers';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('startJobs (pg-boss)', () => {
  let pool: pg.Pool;
  const schemas: string[] = [];
  const newSchema = () => {
    const schema = `jobs_test_${randomBytes(5).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };
  const schemaVersion = async (schema: string) =>
    Number((await pool.query(`SELECT version FROM ${quoteIdent(schema)}.version`)).rows[0].version);

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: databaseUrl(), max: 10 });
  });
  afterAll(async () => {
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await pool.end();
  });

  it('runs a queued job once per key and reports its state', async () => {
    let runs = 0;
    const jobs = await startJobs({
      pool,
      schema: newSchema(),
      logger,
      jobs: [{ name: 'test-sweep', cron: '0 0 1 1 *', run: async () => ++runs }],
      pollingIntervalSeconds: 0.5,
    });
    try {
      const id = await jobs.queue('test-sweep', 'slot-1');
      expect(id).toEqual(expect.any(String));
      expect(await jobs.queue('test-sweep', 'slot-1')).toBeNull();
      await waitFor(async () => (await jobs.state('test-sweep', id!)) === 'completed', 15_000, 'the job to complete');
      expect(runs).toBe(1);
      expect(await jobs.state('test-sweep', '00000000-0000-4000-8000-000000000000')).toBeNull();
    } finally {
      await jobs.stop();
    }
  });

  it('starts replicas together on a new schema (pg-boss alone fails some of them)', async () => {
    for (let round = 0; round < 3; round++) {
      const schema = newSchema();
      const replicas = await Promise.all(
        [1, 2, 3].map(() =>
          startJobs({ pool, schema, logger, jobs: [{ name: 'test-sweep', cron: '0 0 1 1 *', run: async () => 0 }] }),
        ),
      );
      await Promise.all(replicas.map((jobs) => jobs.stop()));
    }
  });

  it('takes over a schema pg-boss 10 installed (which pg-boss 12 alone refuses to migrate)', async () => {
    const schema = newSchema();
    const db = { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
    const v10 = new PgBossV10({ db, schema });
    await v10.start();
    await v10.createQueue('test-sweep', { name: 'test-sweep' });
    await v10.schedule('test-sweep', '*/15 * * * *', {}, { tz: 'UTC' });
    expect(await v10.send('test-sweep', {}, { singletonKey: 'slot-1', singletonSeconds: 900 })).toEqual(
      expect.any(String),
    );
    await v10.stop({ graceful: true, wait: true, close: false });
    expect(await schemaVersion(schema)).toBe(24);

    const plain = new PgBoss({ db, schema });
    plain.on('error', () => {});
    await expect(plain.start()).rejects.toThrow(/Cannot migrate pg-boss schema from version 24/);
    await plain.stop({ close: false }).catch(() => undefined);

    // Replicas starting together: each takes the same path, the schema is replaced once.
    let runs = 0;
    const start = () =>
      startJobs({
        pool,
        schema,
        logger,
        jobs: [{ name: 'test-sweep', cron: '*/15 * * * *', run: async () => ++runs }],
        pollingIntervalSeconds: 0.5,
      });
    const replicas = await Promise.all([start(), start()]);
    try {
      expect(await schemaVersion(schema)).toBeGreaterThanOrEqual(25);
      const id = await replicas[0].queue('test-sweep', 'slot-1');
      expect(id).toEqual(expect.any(String));
      await waitFor(
        async () => (await replicas[1].state('test-sweep', id!)) === 'completed',
        15_000,
        'the job to complete',
      );
      expect(runs).toBe(1);
      const { rows } = await pool.query(`SELECT name, cron FROM ${quoteIdent(schema)}.schedule`);
      expect(rows).toEqual([{ name: 'test-sweep', cron: '*/15 * * * *' }]);
    } finally {
      await Promise.all(replicas.map((jobs) => jobs.stop()));
    }
  });
});
