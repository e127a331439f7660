/**
 * `npm run admin -- grant|revoke <email | user id>`: gives or takes the admin role (weekly challenge
 * management). The role lives on identity's user row and reaches services as the `role` claim of
 * access tokens, so it applies from the user's next sign-in or token refresh (within 15 minutes).
 * Operator command (launcher scope, like `npm run billing`): one UPDATE on identity's `user` table.
 * Where: DATABASE_URL, else the embedded default's `.data` (the running `npm start`'s PostgreSQL).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '@vere/dev-db';
import pg from 'pg';
import { repoRoot } from './paths';

const USAGE = `usage: npm run admin -- grant  <email | user id>
       npm run admin -- revoke <email | user id>`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function databaseUrl(): Promise<{ url: string; stop?: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const dataDir = join(process.env.VERE_DATA_DIR ?? join(repoRoot, '.data'), 'postgres');
  const running = runningEmbeddedPostgres(dataDir, 'vere');
  if (running) return { url: running };
  const db = await startEmbeddedPostgres({ dataDir, database: 'vere' });
  return { url: db.url, stop: () => db.stop() };
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  const [command, who] = positionals;
  if (values.help || (command !== 'grant' && command !== 'revoke') || !who || positionals.length > 2) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const byId = UUID.test(who);
  if (!byId && !who.includes('@')) {
    process.stderr.write(`"${who}" is neither an e-mail address nor a user id\n`);
    return 2;
  }
  const { url, stop } = await databaseUrl();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string; email: string }>(
      `UPDATE identity."user" SET role = $2, updated_at = now() WHERE ${byId ? 'id = $1::uuid' : 'email = $1'} RETURNING id, email`,
      [byId ? who.toLowerCase() : who.trim().toLowerCase(), command === 'grant' ? 'admin' : null],
    );
    if (!rows[0]) {
      process.stderr.write(`No account with the ${byId ? 'id' : 'e-mail'} ${who}\n`);
      return 1;
    }
    process.stdout.write(
      `${command === 'grant' ? 'Granted' : 'Revoked'} admin for ${rows[0].email} (${rows[0].id}); it applies from their next sign-in or token refresh.\n`,
    );
    return 0;
  } finally {
    await pool.end();
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
