import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import prettierOwnedRules from 'eslint-config-prettier/flat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/stack';

const UNFORMATTED = 'export const probe = {a:1,b:"two"}\n';

/**
 * The formatting check runs over the whole repository, so a probe written into this checkout would
 * fail the real `npm test` running beside this file. It runs instead in a scratch workspace with the
 * repository's own Nx, Prettier and ignore configuration and one project (quests) in it.
 */
describe('formatting', () => {
  let workspace: string;
  const write = async (file: string, text: string) => {
    await mkdir(dirname(join(workspace, file)), { recursive: true });
    await writeFile(join(workspace, file), text);
  };

  /** The root project's lint target, the formatting check `npm run lint` (`nx run-many -t lint`) runs. */
  const lint = () =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('NX_')));
      Object.assign(env, { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: 'true' });
      execFile(
        join(repoRoot, 'node_modules/.bin/nx'),
        ['run', 'workspace:lint', '--outputStyle=stream'],
        { cwd: workspace, env },
        (err, stdout, stderr) =>
          resolve({
            code: err ? Number(err.code ?? 1) : 0,
            output: `${stdout}${stderr}`.replace(/\x1b\[[0-9;]*m/g, ''),
          }),
      );
    });

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'vere-formatting-'));
    for (const file of [
      'package.json',
      'nx.json',
      '.prettierrc.json',
      '.prettierignore',
      '.gitignore',
      'services/quests/package.json',
    ]) {
      await mkdir(dirname(join(workspace, file)), { recursive: true });
      await copyFile(join(repoRoot, file), join(workspace, file));
    }
    await symlink(join(repoRoot, 'node_modules'), join(workspace, 'node_modules'), 'dir');
    // Generated, installed or written by tools: never checked, however it is laid out.
    await write('services/quests/dist/main.js', UNFORMATTED);
    await write('services/quests/src/generated/prisma/client.ts', UNFORMATTED);
    await write('services/quests/coverage/index.ts', UNFORMATTED);
  });
  afterAll(async () => {
    if (workspace) await rm(workspace, { recursive: true, force: true });
  });

  it('fails lint on a badly formatted file in a project, and passes again once it is gone', async () => {
    await write('services/quests/src/probe.ts', UNFORMATTED);
    const failed = await lint();
    expect(failed.code, failed.output).not.toBe(0);
    expect(failed.output).toMatch(/\[warn\] services\/quests\/src\/probe\.ts/);
    expect(failed.output).not.toMatch(/\[warn\] .*(dist|generated|coverage)/);

    await rm(join(workspace, 'services/quests/src/probe.ts'));
    const passed = await lint();
    expect(passed.output).toMatch(/All matched files use Prettier code style/);
    expect(passed.code, passed.output).toBe(0);
  });

  it('skips only what is generated, installed or binary', async () => {
    const ignored = async (file: string) =>
      (
        await prettier.getFileInfo(join(repoRoot, file), {
          ignorePath: ['.gitignore', '.prettierignore'].map((f) => join(repoRoot, f)),
        })
      ).ignored;
    const skipped = [
      'package-lock.json',
      'node_modules/pg/lib/index.js',
      'apps/shell/dist/index.html',
      'services/quests/src/generated/prisma/client.ts',
      'services/quests/prisma/migrations/20250101000000_init/migration.sql',
      'libs/domain/coverage/index.html',
      '.data/photos/x.json',
      '.nx/workspace-data/x.json',
      'docs/screenshots/home.png',
      'e2e/screenshots/home.png',
    ];
    for (const file of skipped) expect(await ignored(file), file).toBe(true);
    const checked = [
      'services/quests/src/service.ts',
      'apps/shell/index.html',
      'apps/shell/src/bootstrap.tsx',
      'apps/challenges/src/challenges.css',
      'README.md',
      'docs/architecture.md',
      'docker-compose.yml',
      'nx.json',
      'eslint.config.mjs',
      'services/quests/prisma/seed/weekly-challenges.json',
    ];
    for (const file of checked) expect(await ignored(file), file).toBe(false);
  });

  it('is part of npm run lint and npm test, and npm run format:check is the same command', async () => {
    const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.scripts.lint).toMatch(/^nx run-many -t lint\b/);
    expect(pkg.scripts.test).toMatch(/^nx run-many -t (\S+ )*lint /);
    expect(pkg.nx.targets.lint.command).toBe(pkg.scripts['format:check']);
    expect(pkg.scripts.format).toBe('prettier --write .');
  });

  it('leaves layout to Prettier: the ESLint config turns off every rule eslint-config-prettier names', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    for (const file of ['services/quests/src/probe.ts', 'apps/challenges/src/probe.tsx', 'infra/local/bin/probe.mjs']) {
      const { rules } = await eslint.calculateConfigForFile(join(repoRoot, file));
      const on = Object.keys(prettierOwnedRules.rules).filter((rule) => {
        const setting = rules[rule];
        const level = Array.isArray(setting) ? setting[0] : setting;
        return level !== undefined && level !== 0 && level !== 'off';
      });
      expect(on, file).toEqual([]);
    }
  });
});
