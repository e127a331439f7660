import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent, quoteIdent } from '../src/events/outbox';
import { markHandled, pgTransactions, writeOutbox } from '../src/unit-of-work';
import { createTestSchema, type TestSchema } from './events/helpers';

describe('unit of work (pg)', () => {
  let db: TestSchema;
  let kicks = 0;
  const relay = { kick: () => void kicks++ };
  const outboxRows = async (eventId: string) =>
    Number(
      (await db.pool.query(`SELECT count(*) FROM ${quoteIdent(db.schema)}.outbox_event WHERE id = $1`, [eventId]))
        .rows[0].count,
    );

  beforeAll(async () => {
    db = await createTestSchema();
    await db.pool.query(`CREATE TABLE ${quoteIdent(db.schema)}.note (text TEXT NOT NULL)`);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('commits the state change and its event together, then kicks the relay once', async () => {
    const transaction = pgTransactions(db.pool, { schema: db.schema, relay });
    const event = newEvent('test.note.written.v1', 'user-1', { text: 'hi' });
    const before = kicks;
    const answer = await transaction(async (tx) => {
      await tx.query(`INSERT INTO ${quoteIdent(db.schema)}.note (text) VALUES ('hi')`);
      await writeOutbox(tx, event);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await outboxRows(event.payload.eventId)).toBe(1);
    const { rows } = await db.pool.query(
      `SELECT subject, payload FROM ${quoteIdent(db.schema)}.outbox_event WHERE id = $1`,
      [event.payload.eventId],
    );
    expect(rows[0]).toEqual({ subject: 'test.note.written.v1', payload: event.payload });
    expect(kicks).toBe(before + 1);
  });

  it('rolls the event back with the state change when the work throws, and does not kick', async () => {
    const transaction = pgTransactions(db.pool, { schema: db.schema, relay });
    const event = newEvent('test.note.written.v1', 'user-1', { text: 'lost' });
    const before = kicks;
    await expect(
      transaction(async (tx) => {
        await tx.query(`INSERT INTO ${quoteIdent(db.schema)}.note (text) VALUES ('lost')`);
        await writeOutbox(tx, event);
        throw new Error('rule broken after the write');
      }),
    ).rejects.toThrow('rule broken');
    expect(await outboxRows(event.payload.eventId)).toBe(0);
    expect(
      (await db.pool.query(`SELECT count(*) FROM ${quoteIdent(db.schema)}.note WHERE text = 'lost'`)).rows[0].count,
    ).toBe('0');
    expect(kicks).toBe(before);
  });

  it('does not kick the relay after a transaction that wrote no event', async () => {
    const before = kicks;
    await pgTransactions(db.pool, { schema: db.schema, relay })((tx) => tx.query('SELECT 1'));
    expect(kicks).toBe(before);
  });

  it('refuses writeOutbox on a client that is not in an open unit of work', async () => {
    const client = await db.pool.connect();
    try {
      await expect(writeOutbox(client, newEvent('test.note.written.v1', 'u', {}))).rejects.toThrow(/open unit of work/);
    } finally {
      client.release();
    }
    let leaked: object | undefined;
    await pgTransactions(db.pool, { schema: db.schema })(async (tx) => {
      leaked = tx;
    });
    await expect(writeOutbox(leaked!, newEvent('test.note.written.v1', 'u', {}))).rejects.toThrow(/open unit of work/);
  });

  it('marks an event handled once per consumer', async () => {
    const transaction = pgTransactions(db.pool, { schema: db.schema });
    const event = newEvent('test.note.written.v1', 'user-1', {});
    expect(await transaction((tx) => markHandled(tx, 'c1', event))).toBe(true);
    expect(await transaction((tx) => markHandled(tx, 'c1', event))).toBe(false);
    expect(await transaction((tx) => markHandled(tx, 'c2', event))).toBe(true);
  });
});
