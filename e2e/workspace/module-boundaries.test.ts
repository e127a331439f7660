import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/stack';

// Lints source text as if it lived at `file`, with the workspace's real ESLint config.
async function lintAs(file: string, code: string) {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries', () => {
  it('keep development-only libraries (embedded database, test issuer) out of shipped service code', async () => {
    const inSource = await lintAs(
      'services/quests/src/probe.ts',
      "import { createTestDatabase } from '@vere/dev-db';\nexport const x = createTestDatabase;\n",
    );
    expect(inSource.join('\n')).toMatch(
      /@nx\/enforce-module-boundaries: A project tagged with "type:service" can only depend on/,
    );
    const issuer = await lintAs(
      'services/quests/src/probe.ts',
      "import { startTestIssuer } from '@vere/test-kit';\nexport const x = startTestIssuer;\n",
    );
    expect(issuer.join('\n')).toMatch(/@nx\/enforce-module-boundaries/);
    const inTest = await lintAs(
      'services/quests/test/probe.test.ts',
      "import { createTestDatabase } from '@vere/dev-db';\nexport const x = createTestDatabase;\n",
    );
    expect(inTest.join('\n')).not.toMatch(/enforce-module-boundaries/);
  });

  it('stop a service importing another service', async () => {
    const messages = await lintAs(
      'services/quests/src/probe.ts',
      "import { createIdentityService } from '@vere/identity-service';\nexport const x = createIdentityService;\n",
    );
    expect(messages.join('\n')).toMatch(
      /@nx\/enforce-module-boundaries: A project tagged with "type:service" can only depend on/,
    );
  });

  it('stop an app importing a service', async () => {
    const messages = await lintAs(
      'apps/challenges/src/probe.ts',
      "import { createQuestsService } from '@vere/quests-service';\nexport const x = createQuestsService;\n",
    );
    expect(messages.join('\n')).toMatch(/@nx\/enforce-module-boundaries/);
  });

  it('stop a lib importing an app', async () => {
    // Apps are not packages, so the only way in is a path; both rules refuse it.
    const messages = await lintAs(
      'libs/domain/src/probe.ts',
      "import { x } from '../../../apps/shell/src/bootstrap';\nexport const y = x;\n",
    );
    expect(messages.join('\n')).toMatch(
      /@nx\/enforce-module-boundaries: Projects cannot be imported by a relative or absolute path/,
    );
  });

  it('stop deep imports past a package index', async () => {
    const messages = await lintAs(
      'services/quests/src/probe.ts',
      "import { levelForXP } from '@vere/domain/src/levels';\nexport const x = levelForXP;\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-imports: .*index/);
  });

  it('stop a web app feature importing another feature (what two features use lives in src/shared/)', async () => {
    const messages = await lintAs(
      'apps/challenges/src/features/weekly/components/probe.tsx',
      "import { CompleteForm } from '../../todos/components/complete-form';\nexport const x = CompleteForm;\n",
    );
    expect(messages.join('\n')).toMatch(/vere\/feature-boundaries: features\/weekly imports features\/todos/);
    const root = await lintAs(
      'apps/connect/src/features/pods/probe.ts',
      "import { useFriends } from '../social/api/get-friends';\nexport const x = useFriends;\n",
    );
    expect(root.join('\n')).toMatch(/vere\/feature-boundaries: features\/pods imports features\/social/);
  });

  it('keep web app imports going down: app → pages → features → shared', async () => {
    const shared = await lintAs(
      'apps/connect/src/shared/utils/probe.ts',
      "import { useFriends } from '../../features/social/api/get-friends';\nexport const x = useFriends;\n",
    );
    expect(shared.join('\n')).toMatch(/vere\/feature-boundaries: A shared file imports feature code/);
    const feature = await lintAs(
      'apps/shell/src/features/auth/utils/probe.ts',
      "import { routes } from '../../../routes';\nexport const x = routes;\n",
    );
    expect(feature.join('\n')).toMatch(/vere\/feature-boundaries: A feature file imports app code/);
    const page = await lintAs(
      'apps/challenges/src/pages/probe.tsx',
      "import { useTodos } from '../features/todos/api/get-todos';\nimport { useProgress } from '../shared/api/get-progress';\nexport const x = [useTodos, useProgress];\n",
    );
    expect(page).toEqual([]);
    const own = await lintAs(
      'apps/challenges/src/features/weekly/components/probe.tsx',
      "import { useVictories } from '../api/get-victories';\nimport { useNow } from '../../../shared/hooks/use-now';\nexport const x = [useVictories, useNow];\n",
    );
    expect(own).toEqual([]);
  });

  it('allow a service importing the shared libs', async () => {
    const messages = await lintAs(
      'services/quests/src/probe.ts',
      "import { levelForXP } from '@vere/domain';\nexport const x = levelForXP;\n",
    );
    expect(messages).toEqual([]);
  });
});
