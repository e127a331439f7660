import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { openServiceDatabase } from '@vere/service-kit';
import { testLogger } from '@vere/test-kit';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PrismaClient } from '../src/generated/prisma/client';
import type { IdentityConfig } from '../src/index';
import { SigningKeys, signingKeyStore } from '../src/signing-keys';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail } from './helper';

const logger = testLogger();
const prismaDir = fileURLToPath(new URL('../prisma', import.meta.url));
const newKey = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase('vere_identity_keys');
  cleanups.push(() => db.drop());
  return db;
}

async function identity(db: TestDatabase, overrides: Partial<IdentityConfig> = {}) {
  const running = await buildIdentity(overrides, { db });
  cleanups.push(running.close);
  return running;
}

describe('signing keys', () => {
  it('keeps tokens signed with the previous configured key valid after the key changes', async () => {
    const db = await database();
    const first = await identity(db, { jwtPrivateKey: newKey() });
    const signUp = await authCalls(first.service).signUp({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      name: 'Rae',
    });
    const { accessToken } = signUp.json();
    await first.close();

    const second = await identity(db, { jwtPrivateKey: newKey() });
    const me = await authCalls(second.service).me(accessToken);
    expect(me.statusCode).toBe(200);
    const kids = (await second.service.app.inject({ method: 'GET', url: '/.well-known/jwks.json' }))
      .json()
      .keys.map((k: { kid: string }) => k.kid);
    expect(kids).toHaveLength(2);
  });

  it('replicas starting together on a new database agree on one generated key', async () => {
    const db = await database();
    // The tables, without a key yet: migrations as a service runs them.
    const { pool } = await openServiceDatabase({ schema: 'identity', databaseUrl: db.url, prismaDir, logger });
    await pool.end();
    const replicas: PrismaClient[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { pool: p, adapter } = await openServiceDatabase({
        schema: 'identity',
        databaseUrl: db.url,
        prismaDir,
        logger,
      });
      const prisma = new PrismaClient({ adapter });
      cleanups.push(async () => {
        await prisma.$disconnect();
        await p.end();
      });
      replicas.push(prisma);
    }
    // ...then all five load their keys at the same moment.
    const loaded = await Promise.all(
      replicas.map((prisma) => SigningKeys.load(signingKeyStore(prisma), { overlapMs: 60_000 })),
    );
    expect(new Set(loaded.map((k) => k.current.kid)).size).toBe(1);
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM identity.signing_key');
    await sql.end();
    expect(rows[0].n).toBe(1);
  });
});
