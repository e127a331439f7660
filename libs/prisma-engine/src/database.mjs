// Database-level operations the native engine performs without a Prisma schema (`schema-engine
// cli can-connect-to-database|create-database`, JSON-RPC `createDatabase`), done with plain pg.
import pg from 'pg';
import { EngineError, parseDatabaseUrl, quoteIdent } from './engine.mjs';

/** Maps a node-postgres connection error onto the native engine's P1xxx errors. */
export function connectionError(error, target) {
  const { database, location } = target;
  const user = safeUser(target.connectionString);
  switch (error?.code) {
    case '3D000':
      return new EngineError(
        'P1003',
        `Database \`${database}\` does not exist on the database server at \`${location}\`.`,
        {
          database_name: database,
          database_location: location,
        },
      );
    case '28P01':
      return new EngineError(
        'P1000',
        `Authentication failed against database server, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${location}\`.`,
      );
    case '28000':
      return new EngineError('P1010', `User \`${user}\` was denied access on the database \`${database}\``);
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return new EngineError(
        'P1001',
        `Can't reach database server at \`${location}\`\n\nPlease make sure your database server is running at \`${location}\`.`,
      );
    default:
      return error;
  }
}

function safeUser(connectionString) {
  try {
    return decodeURIComponent(new URL(connectionString).username) || 'postgres';
  } catch {
    return 'postgres';
  }
}

async function withClient(target, fn) {
  const client = new pg.Client({ connectionString: target.connectionString });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw connectionError(error, target);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function canConnectToDatabase(url) {
  const target = parseDatabaseUrl(url);
  await withClient(target, (client) => client.query('SELECT 1'));
}

/** Creates the database named in `url` (connecting to the `postgres` maintenance database). */
export async function createDatabase(url) {
  const target = parseDatabaseUrl(url);
  const maintenance = parseDatabaseUrl(target.withDatabase(target.database === 'postgres' ? 'template1' : 'postgres'));
  await withClient(maintenance, async (client) => {
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(target.database)}`);
    } catch (error) {
      // 23505: a concurrent CREATE DATABASE of the same name won the race.
      if (error?.code === '42P04' || error?.code === '23505') {
        throw new EngineError(
          'P1009',
          `Database \`${target.database}\` already exists on the database server at \`${target.location}\``,
        );
      }
      throw error;
    }
  });
  return target.database;
}
