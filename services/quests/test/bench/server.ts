// Servers of bench/quests-throughput.mjs (run with `node --import tsx`, not a test), one per process:
// `service` is quests as it ships (auth, schemas, rules, error mapping); `bare` is Fastify + `pg`
// running the same SQL statements for the same answers, with nothing else. Reads DATABASE_URL,
// ISSUER and JWKS_URL; prints "listening <port>".
import type { AddressInfo } from 'node:net';
import { createInProcessEventBus } from '@vere/service-kit';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { createQuestsService } from '../../src/index';
import { ACCEPT_SQL } from '../../src/repositories/deck-repository';
import { EVERYONE_ALL_SQL, EVERYONE_WEEK_SQL } from '../../src/repositories/leaderboard-repository';
import { createPlayersRepository } from '../../src/repositories/players-repository';
import { todoDue, xpWeekAt } from '@vere/domain';
import { dayContext } from '../../src/use-cases/day-context';

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
  // The service's pool size (service-kit createPool: 10).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const deps = { db: pool, players: createPlayersRepository() };
  const app = Fastify({ logger: false });
  // The user id from the token's payload, unverified: the bare handler measures HTTP and SQL alone.
  const userOf = (req: FastifyRequest) =>
    JSON.parse(Buffer.from(String(req.headers.authorization).split('.')[1]!, 'base64url').toString()).sub as string;
  app.post<{ Body: { sidequestId: string } }>('/api/quests/me/swipes/accept', async (req, reply) => {
    const ctx = await dayContext(deps, userOf(req), new Date());
    const { dueAt, dueDate } = todoDue(ctx.now, ctx.date);
    const { rows } = await pool.query({
      name: 'accept',
      text: ACCEPT_SQL,
      values: [
        ctx.userId,
        req.body.sidequestId,
        ctx.date,
        ctx.now,
        ctx.maxima.maxSwipes,
        ctx.weekendOpen,
        dueAt,
        dueDate,
      ],
    });
    return rows[0].todo
      ? reply.status(201).send(rows[0])
      : reply.status(409).send({ error: { code: 'SWIPE_LIMIT_REACHED' } });
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
