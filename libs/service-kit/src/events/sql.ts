// Small plain-`pg` helpers shared by the outbox, the inbox and the embedded bus (internal to events/).
import type pg from 'pg';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `transaction` for plain `pg`: BEGIN / COMMIT, ROLLBACK when `fn` throws (a connection that cannot roll back is discarded). */
export function pgTransaction(pool: pg.Pool): <R>(fn: (tx: pg.PoolClient) => Promise<R>) => Promise<R> {
  return async (fn) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: Error) => {
        broken = rollbackErr;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  };
}
