// Small plain-`pg` helpers shared by the outbox, the inbox and the embedded bus (internal to events/).
import type pg from 'pg';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * `transaction` for plain `pg`: BEGIN / COMMIT, ROLLBACK when `fn` throws (a connection that cannot roll back is
 * discarded). A checked-out client has no pool listener for 'error', so a connection lost between two queries
 * would be an uncaught exception and kill the process: the error is kept here instead, the next query fails
 * and the client is discarded rather than returned to the pool.
 */
export function pgTransaction(pool: pg.Pool): <R>(fn: (tx: pg.PoolClient) => Promise<R>) => Promise<R> {
  return async (fn) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
    };
    client.on('error', onError);
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
      client.removeListener('error', onError);
      client.release(broken);
    }
  };
}
