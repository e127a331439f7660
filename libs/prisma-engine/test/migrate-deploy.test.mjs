// The programmatic migrateDeploy() against real PostgreSQL.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, migrateDeploy } from '../src/index.mjs';
import {
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  fixturesDir,
  makeWorkdir,
  newDatabaseName,
  packageDir,
  prisma,
  query,
  removeWorkdir,
  runNode,
  tables,
} from './helpers.mjs';

const schemaPath = join(fixturesDir, 'quests', 'prisma', 'schema.prisma');
const fixtureMigrations = ['20250101000000_init', '20250101000100_quest_title_trim'];

describe('migrateDeploy', () => {
  const databases = [];
  const workdirs = [];

  async function freshDatabase() {
    const name = await createTestDatabase();
    databases.push(name);
    return name;
  }

  afterAll(async () => {
    await Promise.all(workdirs.map(removeWorkdir));
    await Promise.all(databases.map(dropTestDatabase));
  });

  describe('on an empty database', () => {
    let db;
    let url;

    beforeAll(async () => {
      db = await freshDatabase();
      url = databaseUrl(db, { schema: 'quests' });
    });

    it('creates the schema and applies every migration', async () => {
      expect(await query(db, `SELECT 1 FROM pg_namespace WHERE nspname = 'quests'`)).toEqual([]);

      const started = performance.now();
      const result = await migrateDeploy({ databaseUrl: url, schemaPath });
      console.info(`migrateDeploy, 2 pending migrations: ${Math.round(performance.now() - started)} ms`);

      expect(result).toEqual({ applied: fixtureMigrations });
      expect(await tables(db)).toEqual(['quests._prisma_migrations', 'quests.quest', 'quests.step']);
      const rows = await query(
        db,
        'SELECT migration_name, checksum, finished_at, applied_steps_count FROM quests._prisma_migrations ORDER BY 1',
      );
      expect(rows.map((row) => row.migration_name)).toEqual(fixtureMigrations);
      for (const row of rows) {
        expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(row.finished_at).not.toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
    });

    it('ran the dollar-quoted function body as one statement', async () => {
      await query(db, `INSERT INTO quests.quest (id, title) VALUES (gen_random_uuid(), '  padded  ')`);
      expect(await query(db, 'SELECT title FROM quests.quest')).toEqual([{ title: 'padded' }]);
    });

    it('is idempotent', async () => {
      const started = performance.now();
      expect(await migrateDeploy({ databaseUrl: url, schemaPath })).toEqual({ applied: [] });
      console.info(`migrateDeploy, nothing pending: ${Math.round(performance.now() - started)} ms`);
      expect(await query(db, 'SELECT count(*)::int AS n FROM quests._prisma_migrations')).toEqual([{ n: 2 }]);
    });

    it('leaves bookkeeping that `prisma migrate status` accepts', async () => {
      const dir = await makeWorkdir('quests');
      workdirs.push(dir);
      const status = await prisma(['migrate', 'status'], { cwd: dir, databaseUrl: url });
      expect(status.code, status.output).toBe(0);
      expect(status.stdout).toContain('Database schema is up to date!');
    });
  });

  it('serialises concurrent callers across processes', async () => {
    const db = await freshDatabase();
    const url = databaseUrl(db, { schema: 'quests' });
    const runner = join(packageDir, 'test', 'deploy-runner.mjs');

    const [children, inProcess] = await Promise.all([
      Promise.all([1, 2, 3].map(() => runNode(runner, [url, schemaPath]))),
      Promise.all([1, 2].map(() => migrateDeploy({ databaseUrl: url, schemaPath }))),
    ]);
    for (const child of children) expect(child.code, child.output).toBe(0);

    const results = [...children.map((child) => JSON.parse(child.stdout)), ...inProcess];
    expect(results.flatMap((result) => result.applied).sort()).toEqual(fixtureMigrations);
    expect(results.filter((result) => result.applied.length > 0)).toHaveLength(1);
    const rows = await query(db, 'SELECT migration_name, finished_at FROM quests._prisma_migrations ORDER BY 1');
    expect(rows.map((row) => row.migration_name)).toEqual(fixtureMigrations);
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
  });

  it('creates a missing database, like prisma migrate deploy', async () => {
    const db = newDatabaseName();
    databases.push(db);
    const url = databaseUrl(db, { schema: 'quests' });
    const results = await Promise.all([1, 2].map(() => migrateDeploy({ databaseUrl: url, schemaPath })));
    expect(results.flatMap((result) => result.applied).sort()).toEqual(fixtureMigrations);
    expect(await tables(db)).toContain('quests.quest');
  });

  it('keeps the bookkeeping in public when the URL names no schema, like prisma migrate deploy', async () => {
    const db = await freshDatabase();
    const result = await migrateDeploy({ databaseUrl: databaseUrl(db), schemaPath });
    expect(result.applied).toEqual(fixtureMigrations);
    expect(await tables(db)).toEqual(['public._prisma_migrations', 'public.quest', 'public.step']);
  });

  it('applies a migration added after an up-to-date deploy (the no-engine answer is only for nothing pending)', async () => {
    const db = await freshDatabase();
    const url = databaseUrl(db, { schema: 'quests' });
    const dir = await makeWorkdir('quests');
    workdirs.push(dir);
    const options = { databaseUrl: url, schemaPath: join(dir, 'prisma', 'schema.prisma') };
    expect((await migrateDeploy(options)).applied).toEqual(fixtureMigrations);
    expect(await migrateDeploy(options)).toEqual({ applied: [] });
    const later = join(dir, 'prisma', 'migrations', '20250101000300_later');
    await mkdir(later);
    await writeFile(join(later, 'migration.sql'), 'CREATE TABLE "later" (id int);\n');
    expect(await migrateDeploy(options)).toEqual({ applied: ['20250101000300_later'] });
    expect(await tables(db)).toContain('quests.later');
    expect(await migrateDeploy(options)).toEqual({ applied: [] });
  });

  it('reports a failed migration, records it, and refuses to continue (P3009)', async () => {
    const db = await freshDatabase();
    const url = databaseUrl(db, { schema: 'quests' });
    const dir = await makeWorkdir('quests');
    workdirs.push(dir);
    const broken = join(dir, 'prisma', 'migrations', '20250101000200_broken');
    await mkdir(broken);
    await writeFile(join(broken, 'migration.sql'), 'CREATE TABLE "half_done" (id int);\nSELEC 1;\n');
    const options = { databaseUrl: url, schemaPath: join(dir, 'prisma', 'schema.prisma') };

    await expect(migrateDeploy(options)).rejects.toThrow(/syntax error at or near "SELEC"/);
    // The script ran as one implicit transaction: nothing of it is left behind.
    expect(await tables(db)).not.toContain('quests.half_done');
    const failed = await query(
      db,
      `SELECT migration_name FROM quests._prisma_migrations WHERE finished_at IS NULL AND rolled_back_at IS NULL`,
    );
    expect(failed).toEqual([{ migration_name: '20250101000200_broken' }]);

    const again = await migrateDeploy(options).catch((error) => error);
    expect(again).toBeInstanceOf(EngineError);
    expect(again.code).toBe('P3009');
  });

  it('fails with P1001 when the server is unreachable', async () => {
    const error = await migrateDeploy({
      databaseUrl: 'postgresql://postgres@127.0.0.1:1/nowhere?schema=quests',
      schemaPath,
    }).catch((caught) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect(error.code).toBe('P1001');
  });
});
