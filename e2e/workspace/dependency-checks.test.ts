import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/stack';

/** Lints a package.json text as if it were `file`, with the workspace's real ESLint config and project graph. */
async function lintPackageJson(file: string, edit: (pkg: { dependencies: Record<string, string> }) => void) {
  const pkg = JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));
  edit(pkg);
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(`${JSON.stringify(pkg, null, 2)}\n`, { filePath: join(repoRoot, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`).join('\n');
}

describe('dependency checks', () => {
  it('pass for the package.json as committed', async () => {
    expect(await lintPackageJson('services/quests/package.json', () => {})).toBe('');
  });

  it('fail lint when code imports a package the project does not declare', async () => {
    const messages = await lintPackageJson('services/quests/package.json', (pkg) => {
      delete pkg.dependencies['@fastify/multipart']; // quests' photo upload route imports it
    });
    expect(messages).toMatch(
      /@nx\/dependency-checks: The "quests" project uses the following packages, but they are missing from "dependencies":\s+- @fastify\/multipart/,
    );
  });

  it('fail lint on a dependency nothing uses', async () => {
    const messages = await lintPackageJson('services/quests/package.json', (pkg) => {
      pkg.dependencies['left-pad'] = '^1.3.0';
    });
    expect(messages).toMatch(/@nx\/dependency-checks: The "left-pad" package is not used by "quests" project/);
  });
});
