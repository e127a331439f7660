// The real Prisma CLI (through bin/prisma.mjs) driving the wasm bridge against real PostgreSQL.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cliEnv,
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  leftoverShadowDatabases,
  makeWorkdir,
  newDatabaseName,
  prisma,
  prismaBin,
  query,
  removeWorkdir,
  runNode,
  tables,
} from './helpers.mjs';

async function migrationNames(dir) {
  const entries = await readdir(join(dir, 'prisma', 'migrations'), { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

async function editSchema(dir, edit) {
  const path = join(dir, 'prisma', 'schema.prisma');
  await writeFile(path, edit(await readFile(path, 'utf8')));
}

const addXp = (schema) =>
  schema.replace('  title     String\n', '  title     String\n  xp        Int         @default(0)\n');

describe('prisma migrate with the schema named by ?schema=quests', () => {
  let db;
  let url;
  let dir;

  beforeAll(async () => {
    db = await createTestDatabase();
    url = databaseUrl(db, { schema: 'quests' });
    dir = await makeWorkdir('quests', { withMigrations: false });
  });

  afterAll(async () => {
    await removeWorkdir(dir);
    if (db) await dropTestDatabase(db);
  });

  it('migrate dev --create-only writes the first migration without applying it', async () => {
    const result = await prisma(['migrate', 'dev', '--name', 'init', '--create-only'], { cwd: dir, databaseUrl: url });
    expect(result.code, result.output).toBe(0);

    const [name, ...rest] = await migrationNames(dir);
    expect(rest).toEqual([]);
    expect(name).toMatch(/^\d{14}_init$/);
    const sql = await readFile(join(dir, 'prisma', 'migrations', name, 'migration.sql'), 'utf8');
    expect(sql).toContain(`CREATE TYPE "QuestStatus" AS ENUM ('DRAFT', 'ACTIVE', 'DONE')`);
    expect(sql).toContain('CREATE TABLE "quest"');
    expect(sql).toContain('CREATE INDEX "quest_status_created_at_idx"');
    expect(sql).toContain('FOREIGN KEY ("quest_id") REFERENCES "quest"("id") ON DELETE CASCADE');
    expect(await readFile(join(dir, 'prisma', 'migrations', 'migration_lock.toml'), 'utf8')).toContain(
      'provider = "postgresql"',
    );
    // Like the native engine, migrate dev sets up the (empty) migrations table first.
    expect(await tables(db)).toEqual(['quests._prisma_migrations']);
    expect(await leftoverShadowDatabases(db)).toEqual([]);
  });

  it('migrate deploy applies it inside the quests schema', async () => {
    const result = await prisma(['migrate', 'deploy'], { cwd: dir, databaseUrl: url });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('All migrations have been successfully applied');
    expect(await tables(db)).toEqual(['quests._prisma_migrations', 'quests.quest', 'quests.step']);
    const rows = await query(db, 'SELECT migration_name, finished_at, rolled_back_at FROM quests._prisma_migrations');
    expect(rows).toHaveLength(1);
    expect(rows[0].finished_at).not.toBeNull();
    expect(rows[0].rolled_back_at).toBeNull();
  });

  it('migrate status reports the database up to date', async () => {
    const result = await prisma(['migrate', 'status'], { cwd: dir, databaseUrl: url });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('Database schema is up to date!');
  });

  it('migrate diff prints the next change', async () => {
    await editSchema(dir, addXp);

    const script = await prisma(
      ['migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-schema', 'prisma/schema.prisma', '--script'],
      { cwd: dir, databaseUrl: url },
    );
    expect(script.code, script.output).toBe(0);
    expect(script.stdout).toMatch(/ALTER TABLE "quest" ADD COLUMN\s+"xp" INTEGER NOT NULL DEFAULT 0;/);
    expect(await leftoverShadowDatabases(db)).toEqual([]);

    const exitCode = await prisma(
      ['migrate', 'diff', '--from-config-datasource', '--to-schema', 'prisma/schema.prisma', '--exit-code'],
      { cwd: dir, databaseUrl: url },
    );
    expect(exitCode.code, exitCode.output).toBe(2);
    expect(exitCode.stdout).toContain('Added column `xp`');
  });

  it('migrate dev creates and applies the second migration', async () => {
    const result = await prisma(['migrate', 'dev', '--name', 'add_xp'], { cwd: dir, databaseUrl: url });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('Your database is now in sync with your schema.');

    const names = await migrationNames(dir);
    expect(names).toHaveLength(2);
    expect(names[1]).toMatch(/_add_xp$/);
    const sql = await readFile(join(dir, 'prisma', 'migrations', names[1], 'migration.sql'), 'utf8');
    expect(sql).toMatch(/ADD COLUMN\s+"xp"/);

    const columns = await query(
      db,
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'quests' AND table_name = 'quest'`,
    );
    expect(columns.map((column) => column.column_name)).toContain('xp');
    expect(await query(db, 'SELECT migration_name FROM quests._prisma_migrations ORDER BY 1')).toHaveLength(2);
    expect(await leftoverShadowDatabases(db)).toEqual([]);
  });

  it('migrate status flags unapplied migrations with a non-zero exit', async () => {
    await editSchema(dir, (schema) =>
      schema.replace('  label   String\n', '  label   String\n  done    Boolean @default(false)\n'),
    );
    const created = await prisma(['migrate', 'dev', '--name', 'step_done', '--create-only'], {
      cwd: dir,
      databaseUrl: url,
    });
    expect(created.code, created.output).toBe(0);

    const pending = await prisma(['migrate', 'status'], { cwd: dir, databaseUrl: url });
    expect(pending.code).toBe(1);
    expect(pending.stdout).toMatch(/_step_done/);
    expect(pending.stdout).toContain('have not yet been applied');

    const applied = await prisma(['migrate', 'deploy'], { cwd: dir, databaseUrl: url });
    expect(applied.code, applied.output).toBe(0);
    const upToDate = await prisma(['migrate', 'status'], { cwd: dir, databaseUrl: url });
    expect(upToDate.code, upToDate.output).toBe(0);
  });
});

describe('prisma db push / db pull', () => {
  let db;
  let dir;
  const url = () => databaseUrl(db, { schema: 'quests' });

  beforeAll(async () => {
    db = newDatabaseName();
    dir = await makeWorkdir('quests', { withMigrations: false });
  });

  afterAll(async () => {
    await removeWorkdir(dir);
    if (db) await dropTestDatabase(db);
  });

  it('db push creates the missing database and pushes the schema', async () => {
    const result = await prisma(['db', 'push'], { cwd: dir, databaseUrl: url() });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain(`database ${db} created`);
    expect(result.stdout).toContain('Your database is now in sync with your Prisma schema');
    expect(await tables(db)).toEqual(['quests.quest', 'quests.step']);
  });

  it('db push applies a later change', async () => {
    await editSchema(dir, addXp);
    const result = await prisma(['db', 'push'], { cwd: dir, databaseUrl: url() });
    expect(result.code, result.output).toBe(0);
    const columns = await query(
      db,
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'quests' AND table_name = 'quest'`,
    );
    expect(columns.map((column) => column.column_name)).toContain('xp');
  });

  it('db pull introspects the schema (catalog queries return "char" columns)', async () => {
    const result = await prisma(['db', 'pull', '--print'], { cwd: dir, databaseUrl: url() });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('enum QuestStatus');
    expect(result.stdout).toContain('@@index([status, createdAt])');
    expect(result.stdout).toContain('@relation(fields: [questId], references: [id], onDelete: Cascade)');
    expect(result.stdout).toContain('@@unique([questId, label])');
  });
});

describe('migrate dev on a fresh database with committed migrations (a new checkout)', () => {
  let db;
  let dir;

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await makeWorkdir('quests');
  });

  afterAll(async () => {
    await removeWorkdir(dir);
    if (db) await dropTestDatabase(db);
  });

  it('applies them, then creates and applies the next migration', async () => {
    await editSchema(dir, addXp);
    const result = await prisma(['migrate', 'dev', '--name', 'add_xp'], {
      cwd: dir,
      databaseUrl: databaseUrl(db, { schema: 'quests' }),
    });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('20250101000100_quest_title_trim');
    const names = await migrationNames(dir);
    expect(names).toHaveLength(3);
    expect(names[2]).toMatch(/_add_xp$/);
    expect(await query(db, 'SELECT count(*)::int AS n FROM quests._prisma_migrations')).toEqual([{ n: 3 }]);
    expect(await leftoverShadowDatabases(db)).toEqual([]);
  });
});

describe('multiSchema variant (`schemas` + `@@schema`, plus ?schema= for the bookkeeping)', () => {
  let db;
  let dir;

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await makeWorkdir('multi-schema', { withMigrations: false });
  });

  afterAll(async () => {
    await removeWorkdir(dir);
    if (db) await dropTestDatabase(db);
  });

  it('migrate dev creates and applies the migration, bookkeeping in the URL schema', async () => {
    const url = databaseUrl(db, { schema: 'pods' });
    const result = await prisma(['migrate', 'dev', '--name', 'init'], { cwd: dir, databaseUrl: url });
    expect(result.code, result.output).toBe(0);
    const [name] = await migrationNames(dir);
    const sql = await readFile(join(dir, 'prisma', 'migrations', name, 'migration.sql'), 'utf8');
    expect(sql).toContain(`CREATE TYPE "PodRole" AS ENUM ('OWNER', 'MEMBER')`);
    expect(sql).toContain('CREATE INDEX "pod_member_user_id_idx"');
    expect(await tables(db)).toEqual(['pods._prisma_migrations', 'pods.pod', 'pods.pod_member']);

    const status = await prisma(['migrate', 'status'], { cwd: dir, databaseUrl: url });
    expect(status.code, status.output).toBe(0);
    expect(status.stdout).toContain('Database schema is up to date!');
    expect(await leftoverShadowDatabases(db)).toEqual([]);
  });
});

describe('configured shadowDatabaseUrl', () => {
  let db;
  let shadow;
  let dir;

  beforeAll(async () => {
    [db, shadow] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    dir = await makeWorkdir('quests', { withMigrations: false });
    const config = join(dir, 'prisma.config.ts');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace(
        'datasource: { url: process.env.DATABASE_URL }',
        'datasource: { url: process.env.DATABASE_URL, shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL }',
      ),
    );
  });

  afterAll(async () => {
    await removeWorkdir(dir);
    await Promise.all([db, shadow].filter(Boolean).map(dropTestDatabase));
  });

  it('is reset before every use, like the native engine does', async () => {
    const env = { SHADOW_DATABASE_URL: databaseUrl(shadow, { schema: 'quests' }) };
    const url = databaseUrl(db, { schema: 'quests' });
    const first = await prisma(['migrate', 'dev', '--name', 'init'], { cwd: dir, databaseUrl: url, env });
    expect(first.code, first.output).toBe(0);
    await editSchema(dir, addXp);
    const second = await prisma(['migrate', 'dev', '--name', 'add_xp'], { cwd: dir, databaseUrl: url, env });
    expect(second.code, second.output).toBe(0);
    expect(await migrationNames(dir)).toHaveLength(2);
    expect(await leftoverShadowDatabases(db)).toEqual([]);
  });

  it('refuses to use the main database as the shadow database', async () => {
    const url = databaseUrl(db, { schema: 'quests' });
    const result = await prisma(['migrate', 'dev', '--name', 'nothing'], {
      cwd: dir,
      databaseUrl: url,
      env: { SHADOW_DATABASE_URL: url },
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('P3014');
    expect(await query(db, 'SELECT count(*)::int AS n FROM quests._prisma_migrations')).toEqual([{ n: 2 }]);
  });
});

describe('prisma generate through the wrapper', () => {
  let dir;

  beforeAll(async () => {
    dir = await makeWorkdir('quests', { withMigrations: false });
  });

  afterAll(() => removeWorkdir(dir));

  it('generates the client without a database URL or an engine override', async () => {
    const result = await runNode(prismaBin, ['generate'], {
      cwd: dir,
      env: cliEnv({ DATABASE_URL: undefined, PRISMA_SCHEMA_ENGINE_BINARY: undefined }),
    });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('Generated Prisma Client');
    const client = await readFile(join(dir, 'src', 'generated', 'prisma', 'client.ts'), 'utf8');
    expect(client).toContain('from "./enums"');
  });
});
