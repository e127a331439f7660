import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { pgTransaction, quoteIdent } from '../../src/events/sql';
import { createTestSchema, databaseUrl, sleep, type TestSchema } from './helpers';

describe('pgTransaction when the database connection dies mid-transaction', () => {
  let db: TestSchema;
  let table: string;

  beforeAll(async () => {
    db = await createTestSchema();
    table = `${quoteIdent(db.schema)}.note`;
    await db.pool.query(`CREATE TABLE ${table} (body TEXT NOT NULL)`);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('rejects the transaction, writes nothing and does not crash the process', async () => {
    const uncaught: Error[] = [];
    const onUncaught = (err: Error) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    const admin = new pg.Client({ connectionString: databaseUrl() });
    await admin.connect();
    try {
      const attempt = pgTransaction(db.pool)(async (tx) => {
        await tx.query(`INSERT INTO ${table} (body) VALUES ('half-done')`);
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // The connection is cut while the work is between two queries (checked out, nothing in flight).
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await sleep(300);
        await tx.query(`INSERT INTO ${table} (body) VALUES ('rest')`);
      });
      await expect(attempt).rejects.toThrow();
      await sleep(100);
      expect(uncaught).toEqual([]);
      // The pool still works (the dead client was discarded, not returned) and nothing was committed.
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect(rows[0].n).toBe(0);
    } finally {
      process.off('uncaughtException', onUncaught);
      await admin.end();
    }
  });
});
