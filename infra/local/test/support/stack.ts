import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { loadEnv } from '@vere/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { LocalEnv } from '../../src/config';
import { startStack, type RunningStack } from '../../src/stack';

export interface LocalStack {
  db: TestDatabase;
  stack: RunningStack;
}

/** The whole app (API only) on a throw-away database of the test server, as `npm start` runs it. */
export async function startLocalStack(databaseName: string): Promise<LocalStack> {
  const db = await createTestDatabase(databaseName);
  const config = loadEnv(LocalEnv, {
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    API_ONLY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const stack = await startStack(config, pino({ level: config.LOG_LEVEL }) as unknown as FastifyBaseLogger);
  return { db, stack };
}

/** A JSON call to the running stack through its edge, signed in with `token` when given. */
export function stackApi(stack: RunningStack) {
  return (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${stack.url}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers ?? {}),
      },
    });
}
