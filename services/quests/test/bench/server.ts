// Servers of bench/quests-throughput.mjs (run with `node --import tsx`, not a test), one per process:
// `service` is quests as it ships (auth, schemas, rules, error mapping); `bare` is Fastify + `pg`
// running the same SQL statements for the same answers, with nothing else. Reads DATABASE_URL,
// ISSUER and JWKS_URL; prints "listening <port>".
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { TodoChanged } from '@vere/contracts';
import { createInProcessEventBus, newEvent, outboxInsertSql, outboxValues } from '@vere/service-kit';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { createQuestsService } from '../../src/index';
import { EVERYONE_ALL_SQL, EVERYONE_WEEK_SQL } from '../../src/repositories/leaderboard-repository';
import { createPlayersRepository } from '../../src/repositories/players-repository';
import { createStreakRepository } from '../../src/repositories/streak-repository';
import { todoColumns } from '../../src/repositories/todos-repository';
import type { QuestsDeps } from '../../src/use-cases/deps';
import { weeklyStreakOf } from '../../src/use-cases/weekly';
import {
  FREE_LIMITS,
  levelProgress,
  levelThreshold,
  MAX_LEVEL,
  PRO_LIMITS,
  TODO_DUE_HOURS,
  xpWeekAt,
} from '@vere/domain';

const kind = process.argv[2];
const databaseUrl = process.env.DATABASE_URL!;
const logger = pino({ level: 'error' }) as unknown as FastifyBaseLogger;

if (kind === 'service') {
  const bus = createInProcessEventBus({ databaseUrl, logger });
  const quests = await createQuestsService(
    { databaseUrl, issuer: process.env.ISSUER!, jwksUrl: process.env.JWKS_URL!, logLevel: 'error' },
    { bus, logger },
  );
  await quests.app.listen({ host: '127.0.0.1', port: 0 });
  await quests.start();
  console.log(`listening ${(quests.app.server.address() as AddressInfo).port}`);
  process.on('SIGTERM', async () => {
    await quests.close();
    await bus.close();
    process.exit(0);
  });
} else {
  // The best one-statement accept we could write for the same work (the anchor, decision 0061): the
  // player's zone, Pro and level, the local date, the weekend window and the limit are all computed
  // inside the counting statement, from the player row, with the rules' numbers as parameters.
  const ACCEPT_ONE_STATEMENT_SQL = `
WITH pc AS (
  SELECT ($3::timestamptz AT TIME ZONE p.time_zone) AS lt,
    coalesce(e.is_active AND (e.expiration_date IS NULL OR e.expiration_date > $3::timestamptz), false) AS pro,
    1 + (SELECT count(*) FROM unnest($4::int[]) t WHERE t <= p.total_xp)::int AS level
  FROM quests.player p LEFT JOIN quests.entitlement e ON e.user_id = p.user_id WHERE p.user_id = $1
), c AS (
  SELECT lt::date AS date,
    extract(isodow FROM lt) IN (6, 7) OR (extract(isodow FROM lt) = 5 AND extract(hour FROM lt) >= 17) AS weekend_open,
    CASE WHEN pro THEN $6::int ELSE $5::int END + level / 5 AS max_swipes
  FROM pc
), ok AS (
  SELECT s.id, s.type, s.title, s.description, s.xp, c.date, c.max_swipes FROM quests.sidequest s, c
  WHERE s.id = $2 AND (s.type = 'daily' OR c.weekend_open)
    AND (s.pack_id IS NULL OR EXISTS (SELECT FROM quests.player_pack pp WHERE pp.user_id = $1 AND pp.pack_id = s.pack_id))
), u AS (
  INSERT INTO quests.daily_usage AS d (user_id, date, swipes_used, weekend_swipes_used, updated_at)
  SELECT $1, ok.date, (ok.type = 'daily')::int, (ok.type = 'weekend')::int, $3 FROM ok
  ON CONFLICT (user_id, date) DO UPDATE SET
    swipes_used = d.swipes_used + EXCLUDED.swipes_used,
    weekend_swipes_used = d.weekend_swipes_used + EXCLUDED.weekend_swipes_used,
    updated_at = EXCLUDED.updated_at
  WHERE (EXCLUDED.swipes_used = 1 AND d.swipes_used < (SELECT max_swipes FROM c))
     OR (EXCLUDED.weekend_swipes_used = 1 AND d.weekend_swipes_used < (SELECT max_swipes FROM c))
  RETURNING swipes_used, skips_used, weekend_swipes_used, weekend_skips_used
), seen AS (
  INSERT INTO quests.sidequest_seen (user_id, date, sidequest_id, verdict, seen_at)
  SELECT $1, ok.date, ok.id, 'accepted', $3 FROM ok, u
), t AS (
  INSERT INTO quests.todo (id, user_id, sidequest_id, type, title, description, xp_reward, created_at, created_date, due_at, due_date, updated_at)
  SELECT $8::uuid, $1, ok.id, ok.type || '_sidequest', ok.title, ok.description, ok.xp, $3, ok.date,
    $3::timestamptz + make_interval(hours => $7::int), ok.date + 1, $3
  FROM ok, u
  RETURNING ${todoColumns}
), ev AS (
  ${outboxInsertSql('quests', 9, 't')}
)
SELECT (SELECT row_to_json(c) FROM c) AS context, (SELECT row_to_json(u) FROM u) AS usage, (SELECT row_to_json(t) FROM t) AS todo`;
  const thresholds = Array.from({ length: MAX_LEVEL - 1 }, (_, i) => levelThreshold(i + 1));
  // The service's pool size (service-kit createPool: 10).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const deps = { db: pool, players: createPlayersRepository() };
  const app = Fastify({ logger: false });
  // The user id from the token's payload, unverified: the bare handler measures HTTP and SQL alone.
  const userOf = (req: FastifyRequest) =>
    JSON.parse(Buffer.from(String(req.headers.authorization).split('.')[1]!, 'base64url').toString()).sub as string;
  app.post<{ Body: { sidequestId: string } }>('/api/quests/me/swipes/accept', async (req, reply) => {
    try {
      // The same work as the service's: the to-do and its quests.todo.changed.v1 in the outbox.
      const userId = userOf(req);
      const now = new Date();
      const todoId = randomUUID();
      const dueAt = new Date(now.getTime() + TODO_DUE_HOURS * 3_600_000).toISOString();
      const event = newEvent(TodoChanged.subject, userId, { todoId, change: 'added' as const, dueAt });
      const { rows } = await pool.query({
        name: 'accept',
        text: ACCEPT_ONE_STATEMENT_SQL,
        values: [
          userId,
          req.body.sidequestId,
          now,
          thresholds,
          FREE_LIMITS.swipes,
          PRO_LIMITS.swipes,
          TODO_DUE_HOURS,
          todoId,
          ...outboxValues(event),
        ],
      });
      return rows[0].todo
        ? reply.status(201).send(rows[0])
        : reply.status(409).send({ error: { code: 'SWIPE_LIMIT_REACHED' } });
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        return reply.status(409).send({ error: { code: 'ALREADY_SWIPED_TODAY' } });
      throw err;
    }
  });
  // bench/auth-throughput.mjs: the same two reads and the same answer as the service's progress,
  // with the user id taken from the token unverified.
  const progressDeps = {
    db: pool,
    streaks: createStreakRepository(),
    clock: () => new Date(),
  } as unknown as QuestsDeps;
  app.get('/api/quests/me/progress', async (req, reply) => {
    const userId = userOf(req);
    const totalXp = await deps.players.totalXpOf(pool, userId);
    if (totalXp === undefined) return reply.status(404).send({ error: { code: 'PLAYER_NOT_FOUND' } });
    const streak = await weeklyStreakOf(progressDeps, userId);
    return { ...levelProgress(totalXp), weeklyStreak: streak?.currentStreak ?? 0 };
  });
  // The same statements as the service's Everyone boards (its own place included), nothing else.
  app.get<{ Querystring: { period?: string } }>('/api/quests/leaderboard', async (req) => {
    const userId = userOf(req);
    const { rows } =
      req.query.period === 'week'
        ? await pool.query({
            name: 'leaderboard-week',
            text: EVERYONE_WEEK_SQL,
            values: [userId, 10, xpWeekAt(new Date(), (await deps.players.timeZoneOf(pool, userId)) ?? 'UTC')],
          })
        : await pool.query({ name: 'leaderboard', text: EVERYONE_ALL_SQL, values: [userId, 10] });
    return { entries: rows.filter((r) => !r.me), me: rows.find((r) => r.me) ?? null };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`listening ${(app.server.address() as AddressInfo).port}`);
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
