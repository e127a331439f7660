import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@vere/dev-db';
import { openServiceDatabase, TOKEN_AUDIENCE_SERVICES, serviceAudience } from '@vere/service-kit';
import { testLogger } from '@vere/test-kit';
import { createVerifier } from 'fast-jwt';
import pg from 'pg';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { PrismaClient } from '../src/generated/prisma/client';
import type { IdentityConfig } from '../src/index';
import { parseEncryptionKey } from '../src/key-encryption';
import { rotateSigningKey, signingKeyStore } from '../src/signing-keys';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

const logger = testLogger();
const projectDir = fileURLToPath(new URL('..', import.meta.url));
const prismaDir = fileURLToPath(new URL('../prisma', import.meta.url));
const newKek = () => randomBytes(32).toString('base64');
const newPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase('vere_identity_rotation');
  cleanups.push(() => db.drop());
  return db;
}

async function identity(db: TestDatabase, overrides: Partial<IdentityConfig> = {}): Promise<IdentityHarness> {
  const running = await buildIdentity({ signingKeyRefreshMs: 100, ...overrides }, { db });
  cleanups.push(running.close);
  return running;
}

async function prismaOn(db: TestDatabase): Promise<PrismaClient> {
  const { pool, adapter } = await openServiceDatabase({ schema: 'identity', databaseUrl: db.url, prismaDir, logger });
  const prisma = new PrismaClient({ adapter });
  cleanups.push(async () => {
    await prisma.$disconnect();
    await pool.end();
  });
  return prisma;
}

interface KeyRow {
  kid: string;
  private_pem: string;
  encryption: string;
  retired_at: Date | null;
}

async function sql<T = KeyRow>(db: TestDatabase, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const keyRows = (db: TestDatabase) =>
  sql(db, 'SELECT kid, private_pem, encryption, retired_at FROM identity.signing_key ORDER BY created_at');

async function signUp(running: IdentityHarness): Promise<string> {
  const res = await authCalls(running.service).signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Rae' });
  expect(res.statusCode).toBe(201);
  return res.json().accessToken as string;
}

const kidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;

async function jwksKids(running: IdentityHarness): Promise<string[]> {
  const res = await running.service.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  return res.json().keys.map((k: { kid: string }) => k.kid);
}

/** What quests, pods and billing do: the token's key from identity's JWKS, then iss/aud/exp. */
async function verifiesViaJwks(running: IdentityHarness, token: string): Promise<boolean> {
  const { keys } = (await running.service.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
  const jwk = keys.find((k: { kid: string }) => k.kid === kidOf(token));
  if (!jwk) return false;
  const key = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  createVerifier({
    key,
    algorithms: ['ES256'],
    allowedIss: 'vere-identity',
    allowedAud: serviceAudience(TOKEN_AUDIENCE_SERVICES[0]!),
  })(token);
  return true;
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('signing keys at rest', () => {
  it('stores a generated private key encrypted with SIGNING_KEY_ENCRYPTION_KEY and loads it again', async () => {
    const db = await database();
    const kek = newKek();
    const first = await identity(db, { signingKeyEncryptionKey: kek });
    const token = await signUp(first);
    const [row, ...others] = await keyRows(db);
    expect(others).toHaveLength(0);
    expect(row!.encryption).toBe('aes-256-gcm');
    expect(row!.private_pem).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(row!.private_pem).not.toMatch(/BEGIN|PRIVATE|KEY/);
    expect(Buffer.from(row!.private_pem.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('PRIVATE KEY');
    await first.close();

    const second = await identity(db, { signingKeyEncryptionKey: kek });
    expect((await authCalls(second.service).me(token)).statusCode).toBe(200);
    expect(kidOf(await signUp(second))).toBe(row!.kid);
    expect(await keyRows(db)).toHaveLength(1);
  });

  it('keeps a plain key (marked none) without an encryption key, and encrypts it once one is set', async () => {
    const db = await database();
    const first = await identity(db);
    const token = await signUp(first);
    const [plain] = await keyRows(db);
    expect(plain!.encryption).toBe('none');
    expect(plain!.private_pem).toContain('BEGIN PRIVATE KEY');
    await first.close();

    const second = await identity(db, { signingKeyEncryptionKey: newKek() });
    const [encrypted, ...others] = await keyRows(db);
    expect(others).toHaveLength(0);
    expect(encrypted!.kid).toBe(plain!.kid);
    expect(encrypted!.encryption).toBe('aes-256-gcm');
    expect(encrypted!.private_pem).not.toContain('PRIVATE KEY');
    expect((await authCalls(second.service).me(token)).statusCode).toBe(200);
  });

  it('refuses to start with a wrong or missing encryption key instead of generating a new key', async () => {
    const db = await database();
    const first = await identity(db, { signingKeyEncryptionKey: newKek() });
    await first.close();
    const before = await keyRows(db);

    await expect(buildIdentity({ signingKeyEncryptionKey: newKek() }, { db })).rejects.toThrow(
      /SIGNING_KEY_ENCRYPTION_KEY does not decrypt the stored signing key/,
    );
    await expect(buildIdentity({}, { db })).rejects.toThrow(/is encrypted: set SIGNING_KEY_ENCRYPTION_KEY/);
    await expect(buildIdentity({ signingKeyEncryptionKey: 'too-short' }, { db })).rejects.toThrow(
      /32 random bytes in base64/,
    );
    expect(await keyRows(db)).toEqual(before);
  });

  it('refuses to start in production without JWT_PRIVATE_KEY or SIGNING_KEY_ENCRYPTION_KEY', async () => {
    const db = await database();
    // Production also needs its VAPID pair (decision 0053); this test is about the signing keys.
    const production = { production: true, smtpUrl: 'smtp://127.0.0.1:2525', vapid: webpush.generateVAPIDKeys() };
    await expect(buildIdentity(production, { db })).rejects.toThrow(
      /JWT_PRIVATE_KEY or SIGNING_KEY_ENCRYPTION_KEY must be set in production/,
    );
    await identity(db, { ...production, signingKeyEncryptionKey: newKek() });
    expect((await keyRows(db))[0]!.encryption).toBe('aes-256-gcm');
  });

  it('parses only 32-byte base64 keys', () => {
    expect(parseEncryptionKey(newKek())).toHaveLength(32);
    for (const bad of [
      '',
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      randomBytes(32).toString('hex'),
    ]) {
      expect(() => parseEncryptionKey(bad)).toThrow(/32 random bytes/);
    }
  });
});

describe('signing key rotation', () => {
  it('keeps earlier tokens valid through the overlap, switches running replicas, then drops the old key', async () => {
    const db = await database();
    const kek = newKek();
    const a = await identity(db, { signingKeyEncryptionKey: kek });
    const b = await identity(db, { signingKeyEncryptionKey: kek });
    const before = await signUp(a);
    const unchecked = await signUp(a); // never verified before the old key is dropped (no cached verdict)
    const oldKid = kidOf(before);

    const { kid: newKid, retired } = await rotateSigningKey(
      signingKeyStore(await prismaOn(db)),
      parseEncryptionKey(kek),
    );
    expect(retired).toEqual([oldKid]);
    // Both running replicas sign with the new key without a restart.
    for (const replica of [a, b])
      await eventually(async () => kidOf(await signUp(replica)) === newKid, 'replicas sign with the new key');
    const after = await signUp(b);

    for (const replica of [a, b]) {
      expect((await authCalls(replica.service).me(before)).statusCode).toBe(200);
      expect(await jwksKids(replica)).toEqual(expect.arrayContaining([oldKid, newKid]));
      expect(await verifiesViaJwks(replica, before)).toBe(true);
      expect(await verifiesViaJwks(replica, after)).toBe(true);
    }
    const rows = await keyRows(db);
    const old = rows.find((r) => r.kid === oldKid)!;
    expect(old.retired_at).not.toBeNull();
    expect(old.private_pem).toBe(''); // a retired private key is no longer kept

    // The overlap (access TTL 900 s + 5 min margin) has passed.
    await sql(db, `UPDATE identity.signing_key SET retired_at = now() - interval '1 hour' WHERE kid = $1`, [oldKid]);
    for (const replica of [a, b]) {
      await eventually(async () => !(await jwksKids(replica)).includes(oldKid), 'the old key leaves the JWKS');
      expect(await jwksKids(replica)).toEqual([newKid]);
      expect(await verifiesViaJwks(replica, unchecked)).toBe(false);
      expect((await authCalls(replica.service).me(unchecked)).statusCode).toBe(401);
      expect((await authCalls(replica.service).me(after)).statusCode).toBe(200);
    }
  });

  it('rotations at once all succeed and leave exactly one current key', async () => {
    const db = await database();
    const running = await identity(db);
    const clients = await Promise.all([1, 2, 3, 4].map(() => prismaOn(db)));
    const results = await Promise.all(
      [...clients, ...clients].map((prisma) => rotateSigningKey(signingKeyStore(prisma), undefined)),
    );
    const current = await sql(
      db,
      `SELECT kid, private_pem, encryption, retired_at FROM identity.signing_key WHERE retired_at IS NULL AND private_pem <> ''`,
    );
    expect(current).toHaveLength(1);
    expect(results.map((r) => r.kid)).toContain(current[0]!.kid);
    // Each rotation retired exactly the key before it: one chain, no key retired twice or skipped.
    expect(new Set(results.flatMap((r) => r.retired)).size).toBe(8);
    expect(await keyRows(db)).toHaveLength(9);
    await eventually(
      async () => kidOf(await signUp(running)) === current[0]!.kid,
      'the service signs with the current key',
    );
    // The database itself holds one current key, whoever writes.
    await expect(
      sql(db, `INSERT INTO identity.signing_key (kid, private_pem, public_jwk) VALUES ('x', 'pem', '{}')`),
    ).rejects.toThrow(/signing_key_one_current/);
  });

  it('a changed configured key retires the previous one, which leaves the JWKS after the overlap', async () => {
    const db = await database();
    const first = await identity(db, { jwtPrivateKey: newPem() });
    const oldToken = await signUp(first);
    await first.close();
    const second = await identity(db, { jwtPrivateKey: newPem() });
    const rows = await keyRows(db);
    expect(rows.map((r) => r.retired_at === null)).toEqual([false, true]);
    expect(rows.every((r) => r.private_pem === '')).toBe(true);
    expect(await jwksKids(second)).toHaveLength(2);

    await sql(db, `UPDATE identity.signing_key SET retired_at = now() - interval '1 hour' WHERE kid = $1`, [
      kidOf(oldToken),
    ]);
    await eventually(async () => (await jwksKids(second)).length === 1, 'the previous configured key leaves the JWKS');
    expect((await authCalls(second.service).me(oldToken)).statusCode).toBe(401);
  });
});

describe('npm run rotate-keys', () => {
  const exec = promisify(execFile);
  async function rotateKeys(env: Record<string, string>) {
    const { JWT_PRIVATE_KEY: _j, SIGNING_KEY_ENCRYPTION_KEY: _s, NODE_ENV: _n, ...inherited } = process.env;
    try {
      const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'src/rotate-keys.ts'], {
        cwd: projectDir,
        env: { ...inherited, ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('rotates, and the running service picks the new key up', async () => {
    const db = await database();
    const kek = newKek();
    const running = await identity(db, { signingKeyEncryptionKey: kek });
    const oldKid = kidOf(await signUp(running));
    const result = await rotateKeys({ DATABASE_URL: db.url, SIGNING_KEY_ENCRYPTION_KEY: kek });
    expect(result.code).toBe(0);
    const newKid = /New current signing key (\S+) \(encrypted\)/.exec(result.stdout)?.[1];
    expect(newKid).toBeTruthy();
    expect(result.stdout).toContain(`Retired ${oldKid}`);
    await eventually(async () => kidOf(await signUp(running)) === newKid, 'the service signs with the new key');
  });

  it('refuses with a configured key, with keys it cannot decrypt, and in production without an encryption key', async () => {
    const db = await database();
    await (await identity(db, { signingKeyEncryptionKey: newKek() })).close();
    const before = await keyRows(db);

    // Three refusals, each its own process (a tsx start-up each): side by side.
    const [configured, wrongKey, production] = await Promise.all([
      rotateKeys({ DATABASE_URL: db.url, JWT_PRIVATE_KEY: newPem() }),
      rotateKeys({ DATABASE_URL: db.url, SIGNING_KEY_ENCRYPTION_KEY: newKek() }),
      rotateKeys({ DATABASE_URL: db.url, NODE_ENV: 'production' }),
    ]);
    expect(configured.code).toBe(2);
    expect(configured.stderr).toMatch(/JWT_PRIVATE_KEY is set.*Rotate by changing JWT_PRIVATE_KEY/);
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toMatch(/does not decrypt the stored signing key/);
    expect(production.code).toBe(2);
    expect(production.stderr).toMatch(/SIGNING_KEY_ENCRYPTION_KEY must be set in production/);
    expect(await keyRows(db)).toEqual(before);

    // A service running with JWT_PRIVATE_KEY, the command run without it: the table says so.
    const other = await database();
    await (await identity(other, { jwtPrivateKey: newPem() })).close();
    const byTable = await rotateKeys({ DATABASE_URL: other.url });
    expect(byTable.code).toBe(2);
    expect(byTable.stderr).toMatch(/configured JWT_PRIVATE_KEY .*rotate by changing JWT_PRIVATE_KEY/);
    // Four command runs and two service starts: past 30 s when CI's two cores run other suites too.
  }, 90_000);
});
