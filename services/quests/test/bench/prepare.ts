// Fixture of bench/quests-throughput.mjs (run with `node --import tsx`, not a test): a database of
// its own on DATABASE_URL's server, migrated by quests, with PLAYERS players seeded in SQL, and a
// token issuer. Writes { databaseUrl, issuer, jwksUrl, sidequestIds, tokens } to the file named by
// its argument, prints "ready", and keeps the issuer up until SIGTERM, then drops the database.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createTestDatabase } from '@vere/dev-db';
import { ACCESS_TOKEN_MAX_LIFETIME_SECONDS, createInProcessEventBus } from '@vere/service-kit';
import { startTestIssuer } from '@vere/test-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { createQuestsService } from '../../src/index';

const [outFile] = process.argv.slice(2);
const PLAYERS = Number(process.env.PLAYERS ?? 1_000_000);
const TOKEN_USERS = Number(process.env.TOKEN_USERS ?? 5_000);
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';

/** md5('bench-<n>') shaped as a version-4 UUID (tokens must carry one), as the seed shapes it in SQL. */
const uuidOf = (n: number) => {
  const h = createHash('md5').update(`bench-${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const db = await createTestDatabase('vere_bench_quests');
const issuer = await startTestIssuer();
const logger = pino({ level: 'error' }) as unknown as FastifyBaseLogger;

// Migrations: quests applies them when it is created.
const bus = createInProcessEventBus({ databaseUrl: db.url, logger });
await (
  await createQuestsService({ databaseUrl: db.url, issuer: issuer.issuer, jwksUrl: issuer.jwksUrl }, { bus, logger })
).close();
await bus.close();

const sql = new pg.Pool({ connectionString: db.url });
const started = Date.now();
await sql.query('ALTER TABLE quests.player DISABLE TRIGGER USER');
// XP skewed low, in steps of 5 as completions make it; zones spread over four.
await sql.query(
  `INSERT INTO quests.player (user_id, name, username, total_xp, time_zone, updated_at)
  SELECT overlay(overlay(md5('bench-' || g) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid, 'Player ' || g, 'player_' || g,
    (floor(random() * random() * 4000) * 5)::int, (ARRAY['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'])[1 + g % 4], now()
  FROM generate_series(1, $1::int) g`,
  [PLAYERS],
);
await sql.query('ALTER TABLE quests.player ENABLE TRIGGER USER');
await sql.query('TRUNCATE quests.xp_rank_count');
await sql.query(
  'INSERT INTO quests.xp_rank_count (total_xp, players) SELECT total_xp, count(*) FROM quests.player GROUP BY total_xp',
);
// This week's XP (week number in each player's zone): about 60 % of players earned some, skewed low.
await sql.query('ALTER TABLE quests.weekly_xp DISABLE TRIGGER USER');
await sql.query(
  `INSERT INTO quests.weekly_xp (week_number, user_id, xp)
  SELECT floor(((now() AT TIME ZONE p.time_zone)::date - date '1970-01-04') / 7)::int, p.user_id,
    (5 + floor(random() * random() * 120) * 5)::int
  FROM quests.player p WHERE random() < 0.6`,
);
await sql.query('ALTER TABLE quests.weekly_xp ENABLE TRIGGER USER');
await sql.query(
  'INSERT INTO quests.weekly_xp_rank_count (week_number, xp, players) SELECT week_number, xp, count(*) FROM quests.weekly_xp GROUP BY 1, 2',
);
await sql.query('VACUUM ANALYZE quests.player');
await sql.query('VACUUM ANALYZE quests.weekly_xp');
// Five cards: a caller accepts each once (the same card twice in a day is refused, decision 0036).
const { rows: cards } = await sql.query<{ id: string }>(
  "SELECT id FROM quests.sidequest WHERE type = 'daily' AND pack_id IS NULL ORDER BY created_at DESC LIMIT 5",
);
await sql.end();

const tokens = Array.from(
  { length: Math.min(TOKEN_USERS, PLAYERS) },
  (_, i) => issuer.sign(uuidOf(i + 1), { expiresInMs: ACCESS_TOKEN_MAX_LIFETIME_SECONDS * 1000 }), // services refuse longer-lived tokens (0033)
);
writeFileSync(
  outFile!,
  JSON.stringify({
    databaseUrl: db.url,
    issuer: issuer.issuer,
    jwksUrl: issuer.jwksUrl,
    sidequestIds: cards.map((c) => c.id),
    tokens,
    seededSeconds: (Date.now() - started) / 1000,
  }),
);
console.log('ready');

process.on('SIGTERM', async () => {
  await issuer.close();
  await db.drop();
  process.exit(0);
});
