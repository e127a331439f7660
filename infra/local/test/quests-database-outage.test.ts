import { createTestDatabase, startTcpProxy, type TcpProxy, type TestDatabase } from '@vere/dev-db';
import { loadEnv, natsDeadLetterStore } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, it } from 'vitest';
import { LocalEnv } from '../src/config';
import { startStack, type RunningStack } from '../src/stack';

const NATS_URL = process.env.NATS_URL;
if (!NATS_URL && process.env.VERE_REQUIRE_NATS === '1') {
  throw new Error('VERE_REQUIRE_NATS=1 but NATS_URL is not set: the NATS outage test must run here');
}
const OUTAGE_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Harness {
  stack: RunningStack;
  db: TestDatabase;
  proxy: TcpProxy;
  close(): Promise<void>;
}

/** The whole app, with quests (only) reaching PostgreSQL through a TCP proxy the test can cut. */
async function startWithPausableQuestsDatabase(natsUrl: string | undefined): Promise<Harness> {
  const db = await createTestDatabase('vere_db_outage');
  const target = new URL(db.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const config = loadEnv(LocalEnv, {
    DATABASE_URL: db.url,
    ...(natsUrl ? { NATS_URL: natsUrl } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    API_ONLY: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const logger = pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger;
  const stack = await startStack(config, logger, {
    serviceDatabaseUrl: (service, url) => {
      if (service !== 'quests') return url;
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      return proxied.toString();
    },
  });
  return {
    stack,
    db,
    proxy,
    async close() {
      await proxy.restore();
      await stack.stop();
      await proxy.close();
      await db.drop();
    },
  };
}

async function signUp(url: string): Promise<{ userId: string; accessToken: string }> {
  // (no assertion here: called from concurrent tests, which must use their own expect)
  const res = await fetch(`${url}/api/identity/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `outage.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      password: 'Challenge1!',
      name: 'Ana',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { id: string } };
  return { userId: body.user.id, accessToken: body.accessToken };
}

/** Dead letters of quests' registration consumer for these users, wherever the bus keeps them. */
async function deadLettersFor(h: Harness, natsUrl: string | undefined, userIds: Set<string>): Promise<number> {
  if (natsUrl) {
    const store = await natsDeadLetterStore(natsUrl);
    try {
      return (await store.list({ durable: 'quests-player-registry' })).filter((d) =>
        userIds.has(d.event.payload.userId),
      ).length;
    } finally {
      await store.close();
    }
  }
  const pool = new pg.Pool({ connectionString: h.db.url, max: 1 });
  try {
    const { rows } = await pool.query(`SELECT payload->>'userId' AS "userId" FROM vere_events.dead_letter`);
    return rows.filter((r: { userId: string }) => userIds.has(r.userId)).length;
  } finally {
    await pool.end();
  }
}

/**
 * quests loses its database for a minute while people keep signing up: identity and the bus
 * carry on, quests' consumer keeps retrying (a lost connection is transient, never a dead
 * letter), and once the database is back every new user has a player.
 */
describe.concurrent('quests loses PostgreSQL for 60 s during sign-ups', () => {
  const harnesses: Harness[] = [];
  afterAll(async () => {
    await Promise.all(harnesses.map((h) => h.close()));
  });

  const buses = [
    { name: 'embedded bus (PostgreSQL log)', natsUrl: undefined, skip: false },
    { name: 'NATS JetStream', natsUrl: NATS_URL, skip: !NATS_URL },
  ];

  for (const { name, natsUrl, skip } of buses) {
    // Concurrent tests must use their own `expect` (vitest).
    it.skipIf(skip)(
      `every player exists afterwards and nothing is dead-lettered (${name})`,
      async ({ expect }) => {
        const h = await startWithPausableQuestsDatabase(natsUrl);
        harnesses.push(h);
        const users = [await signUp(h.stack.url)];

        await h.proxy.cut();
        const cutAt = Date.now();
        while (Date.now() - cutAt < OUTAGE_MS) {
          users.push(await signUp(h.stack.url));
          await sleep(10_000);
        }
        await h.proxy.restore();
        users.push(await signUp(h.stack.url));

        const progress = (token: string) =>
          fetch(`${h.stack.url}/api/quests/me/progress`, { headers: { authorization: `Bearer ${token}` } }).then(
            (r) => r.status,
          );
        for (const user of users) {
          await expect.poll(() => progress(user.accessToken), { timeout: 60_000, interval: 500 }).toBe(200);
        }
        expect(users.length).toBeGreaterThanOrEqual(7);
        expect(await deadLettersFor(h, natsUrl, new Set(users.map((u) => u.userId)))).toBe(0);
      },
      200_000,
    );
  }
});
