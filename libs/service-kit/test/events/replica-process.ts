// One replica of a service, reduced to its event path: an outbox relay and a durable consumer whose
// effect (a row in `effect`) commits with its inbox row, on the NATS or the embedded bus. Run as a
// child process (node --import tsx) by replica-kill.test.ts and bench/events.mjs, so a
// replica can be killed with SIGKILL mid-stream. Prints `ready` once it consumes.
import pg from 'pg';
import { createInProcessEventBus } from '../../src/events/in-process-bus';
import { idempotent } from '../../src/events/inbox';
import { createNatsEventBus } from '../../src/events/nats-bus';
import { OutboxRelay, quoteIdent } from '../../src/events/outbox';
import { pgTransaction } from '../../src/events/sql';
import type { EventBus } from '../../src/events/types';

export interface ReplicaConfig {
  bus: 'nats' | 'embedded';
  natsUrl?: string;
  databaseUrl: string;
  /** Schema of the embedded bus's log (shared by the replicas). */
  busSchema?: string;
  /** Schema holding outbox_event, inbox_event and effect. */
  schema: string;
  subject: string;
  durable: string;
  /** Run an outbox relay too (every service replica does). */
  relay: boolean;
  /** NATS: redelivery after a replica died holding a message. */
  ackWaitMs?: number;
  /** The effect also waits this long in its transaction (`pg_sleep`): a handler bound by I/O, not CPU. */
  handlerWaitMs?: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as ReplicaConfig;
const s = quoteIdent(config.schema);

const bus: EventBus =
  config.bus === 'nats'
    ? await createNatsEventBus({ servers: config.natsUrl!, name: 'replica', ackWaitMs: config.ackWaitMs ?? 2_000 })
    : createInProcessEventBus({ databaseUrl: config.databaseUrl, schema: config.busSchema, pollIntervalMs: 50 });
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
const transaction = pgTransaction(pool);

await bus.subscribe(
  { durable: config.durable, subjects: [config.subject], backoffMs: [50] },
  idempotent<pg.PoolClient>(
    {
      consumer: config.durable,
      transaction,
      async markHandled(tx, consumer, event) {
        const { rowCount } = await tx.query(
          `INSERT INTO ${s}.inbox_event (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [consumer, event.payload.eventId, event.subject],
        );
        return rowCount === 1;
      },
    },
    async (event, tx) => {
      if (config.handlerWaitMs) await tx.query('SELECT pg_sleep($1::float8 / 1000)', [config.handlerWaitMs]);
      await tx.query(`INSERT INTO ${s}.effect (event_id, user_id, step, replica) VALUES ($1, $2, $3, $4)`, [
        event.payload.eventId,
        event.payload.userId,
        event.payload.step,
        process.pid,
      ]);
    },
  ),
);
if (config.relay) {
  new OutboxRelay({ pool, schema: config.schema, bus, pollIntervalMs: 50 }).start();
}
process.stdout.write('ready\n');
process.on('SIGTERM', () => process.exit(0));
