/**
 * `npm run billing -- grant|revoke`: support and founders grants of Vere Pro, recorded with who and why.
 *
 *   npm run billing -- grant  <email | user id> --reason TEXT [--until YYYY-MM-DD] [--by NAME]
 *   npm run billing -- revoke <email | user id> --reason TEXT [--by NAME]
 *
 * The grant is a `database` subscription in billing's schema, written with its
 * billing.entitlement.changed.v1 event in billing's outbox; the running app publishes it within a
 * second. Billing does not hold e-mail addresses: this operator command (launcher scope, like
 * `npm run events`) maps an e-mail to the user id with one read-only query on identity's `user`
 * table; services themselves never read another service's schema (decision 0017).
 * Where: DATABASE_URL, else the embedded default's `.data` (the running `npm start`'s PostgreSQL).
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openBillingAdmin } from '@vere/billing-service';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '@vere/dev-db';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { repoRoot } from './paths';

const USAGE = `usage: npm run billing -- grant  <email | user id> --reason TEXT [--until YYYY-MM-DD] [--by NAME]
       npm run billing -- revoke <email | user id> --reason TEXT [--by NAME]`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The end of the given day (UTC): "--until 2027-01-31" keeps Pro through that day. */
export function parseUntil(value: string | undefined, now = new Date()): Date | null {
  if (value === undefined) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999)) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new Error(`--until must be a date like 2027-01-31 (got "${value}")`);
  if (date <= now) throw new Error('--until must be in the future');
  return date;
}

async function databaseUrl(): Promise<{ url: string; stop?: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const dataDir = join(process.env.VERE_DATA_DIR ?? join(repoRoot, '.data'), 'postgres');
  const running = runningEmbeddedPostgres(dataDir, 'vere');
  if (running) return { url: running };
  const db = await startEmbeddedPostgres({ dataDir, database: 'vere' });
  return { url: db.url, stop: () => db.stop() };
}

async function resolveUser(url: string, who: string): Promise<string> {
  if (UUID.test(who)) return who.toLowerCase();
  if (!who.includes('@')) throw new Error(`"${who}" is neither an e-mail address nor a user id`);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM identity."user" WHERE email = $1', [
      who.trim().toLowerCase(),
    ]);
    if (!rows[0]) throw new Error(`No account with the e-mail ${who}`);
    return rows[0].id;
  } finally {
    await pool.end();
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      until: { type: 'string' },
      reason: { type: 'string' },
      by: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, who] = positionals;
  if (values.help || (command !== 'grant' && command !== 'revoke') || !who || positionals.length > 2) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (!values.reason?.trim()) {
    process.stderr.write(`--reason is required: every grant is recorded with who and why\n${USAGE}\n`);
    return 2;
  }
  if (command === 'revoke' && values.until !== undefined) {
    process.stderr.write(`--until is for grant only\n${USAGE}\n`);
    return 2;
  }
  const by = values.by?.trim() || userInfo().username;
  const until = command === 'grant' ? parseUntil(values.until) : null;
  const { url, stop } = await databaseUrl();
  const logger = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
  try {
    const userId = await resolveUser(url, who);
    const admin = await openBillingAdmin(url, logger);
    try {
      const entitlement =
        command === 'grant'
          ? await admin.grant({ userId, until, by, reason: values.reason })
          : await admin.revoke({ userId, by, reason: values.reason });
      process.stdout.write(
        `${command === 'grant' ? 'Granted' : 'Revoked'} for ${userId} by ${by}: ${JSON.stringify(entitlement)}\n`,
      );
      return 0;
    } finally {
      await admin.close();
    }
  } finally {
    await stop?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
