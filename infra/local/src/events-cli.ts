/**
 * `npm run events -- dlq list|replay|drop`: the operator's hands on dead letters.
 *
 *   npm run events -- dlq list [--durable NAME] [--json]
 *   npm run events -- dlq replay (--id ID … | --all) [--durable NAME]
 *   npm run events -- dlq drop   (--id ID … | --all) [--durable NAME]
 *
 * Where the dead letters are: NATS_URL set → the VERE_DLQ stream; else DATABASE_URL → the
 * embedded bus's tables in that database; else the embedded default's `.data` (the running
 * `npm start`'s PostgreSQL, or one started just for this command). Replay hands an event back
 * to the consumer that gave up on it; the running app delivers it within a second.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '@vere/dev-db';
import { deadLetterStore, natsDeadLetterStore, type DeadLetterFilter, type DeadLetterStore } from '@vere/service-kit';
import pg from 'pg';
import { repoRoot } from './paths';

const USAGE = `usage: npm run events -- dlq list [--durable NAME] [--json]
       npm run events -- dlq replay (--id ID ... | --all) [--durable NAME]
       npm run events -- dlq drop   (--id ID ... | --all) [--durable NAME]`;

interface OpenStore {
  store: DeadLetterStore;
  where: string;
  close(): Promise<void>;
}

async function openStore(): Promise<OpenStore> {
  const { NATS_URL, DATABASE_URL } = process.env;
  if (NATS_URL) {
    const store = await natsDeadLetterStore(NATS_URL.split(','));
    return { store, where: `NATS ${NATS_URL}`, close: () => store.close() };
  }
  let url = DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const dataDir = join(process.env.VERE_DATA_DIR ?? join(repoRoot, '.data'), 'postgres');
    url = runningEmbeddedPostgres(dataDir, 'vere');
    if (!url) {
      const db = await startEmbeddedPostgres({ dataDir, database: 'vere' });
      url = db.url;
      stopEmbedded = () => db.stop();
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const store = deadLetterStore(pool);
  await store.ensureSchema();
  return {
    store,
    where: DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database',
    async close() {
      await pool.end();
      await stopEmbedded?.();
    },
  };
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: 'string', multiple: true },
      all: { type: 'boolean', default: false },
      durable: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [area, action] = positionals;
  if (values.help || area !== 'dlq' || !['list', 'replay', 'drop'].includes(action ?? '')) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const filter: DeadLetterFilter = { ids: values.id, durable: values.durable };
  if (action !== 'list' && !values.id?.length && !values.all) {
    console.error(`${action} needs --id ID (repeatable) or --all\n${USAGE}`);
    return 2;
  }

  const { store, where, close } = await openStore();
  try {
    if (action === 'list') {
      const letters = await store.list(filter);
      if (values.json) {
        console.log(JSON.stringify(letters, null, 2));
      } else if (letters.length === 0) {
        console.log(`No dead letters in ${where}.`);
      } else {
        for (const l of letters) {
          const state = l.replayRequestedAt ? ' (replay pending)' : '';
          console.log(
            `${l.id}\t${l.deadAt.toISOString()}\t${l.durable}\t${l.subject}\tevent ${l.event.payload.eventId}\tattempts ${l.attempts}${state}\n\t${l.error}`,
          );
        }
        console.log(`${letters.length} dead letter(s) in ${where}.`);
      }
    } else {
      const count = action === 'replay' ? await store.replay(filter) : await store.drop(filter);
      console.log(`${action === 'replay' ? 'Replayed' : 'Dropped'} ${count} dead letter(s) in ${where}.`);
    }
    return 0;
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
