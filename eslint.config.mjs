// One lint config for the whole workspace. The boundary rules are the part that matters:
// apps never import services, services never import each other, libs never import apps,
// and nobody reaches past a package's index.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import jsoncParser from 'jsonc-eslint-parser';
import tseslint from 'typescript-eslint';

// Workspace packages are checked by the boundary rules above (imports), not by dependency-checks:
// Nx counts only buildable workspace libraries as dependencies, so it would call every other one unused.
const root = import.meta.dirname;
const workspacePackages = ['apps', 'libs', 'services', 'infra']
  .flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(root, dir, name, 'package.json')))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')).name);

const DOMAIN_SCOPES = ['shell', 'challenges', 'connect', 'playbooks', 'account', 'identity', 'quests', 'pods', 'billing'];

export const depConstraints = [
  // layers
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:domain'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  // Development-only infrastructure (embedded PostgreSQL, test databases, test token issuer):
  // the launcher, e2e and test files may use it; shipped service code may not.
  { sourceTag: 'type:dev-util', onlyDependOnLibsWithTags: ['type:dev-util', 'type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:service', 'type:util', 'type:dev-util', 'type:contracts', 'type:domain', 'type:tool'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:dev-util', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'] },
  // the root project: the repository-wide checks (Prettier), no code of its own
  { sourceTag: 'type:workspace', onlyDependOnLibsWithTags: [] },
  // runtimes: browser code never pulls Node-only libraries and vice versa
  { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:any'] },
  { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:any'] },
  // scopes: a domain's app or service uses only its own scope and shared code (never another domain's)
  ...DOMAIN_SCOPES.map((scope) => ({ sourceTag: `scope:${scope}`, onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'] })),
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // the launcher runs every service in one process
  { sourceTag: 'scope:launcher', onlyDependOnLibsWithTags: ['scope:shared', ...DOMAIN_SCOPES.map((s) => `scope:${s}`)] },
];

/** Test files may also use the development-only libraries (dev-db, test-kit). */
const testDepConstraints = depConstraints.map((c) =>
  ['type:service', 'type:util'].includes(c.sourceTag)
    ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:dev-util'] }
    : c,
);

export default [
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/src/generated/**', '**/.data/**', '**/.nx/**', '**/test-results/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints,
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Declared entry points besides the index: the CSP (the edge needs it without loading Rspack),
            // web-ui's stylesheet, which each app imports once (decision 0020), and test-kit's S3 stand-in
            // (s3rver takes seconds to import; only the S3 tests load it).
            { group: ['@vere/*/*', '!@vere/web-build/csp', '!@vere/web-ui/styles.css', '!@vere/test-kit/s3'], message: 'Import a workspace package through its index (e.g. "@vere/domain"), not a deep path.' },
            { group: ['**/services/*', '**/apps/*', '**/libs/*', '../../*/src/*'], message: 'Cross-project relative imports are not allowed; depend on the package instead.' },
            { group: ['react-router', 'react-router-dom', 'react-router/*'], message: 'Import routing from "@vere/web-router" (the one shared router; decision 0020).' },
            { group: ['@tanstack/react-query', '@tanstack/react-query/*', '@tanstack/query-core', '@tanstack/query-core/*'], message: 'Import TanStack Query from "@vere/web-query" (the one shared copy; decision 0020).' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['libs/web-router/src/**', 'libs/web-query/src/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints: testDepConstraints }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Build configuration runs in Node at build time, not in the browser: it may use build tooling.
    files: ['apps/*/rspack.config.mjs'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // Every project's package.json lists exactly what its shipped code imports: an undeclared
    // import or a dependency nothing uses fails lint. Tests, configs and build scripts are not
    // shipped, so their packages belong in devDependencies (not checked here).
    files: ['**/package.json'],
    ignores: ['package.json', 'e2e/package.json', 'bench/package.json'],
    plugins: { '@nx': nx },
    languageOptions: { parser: jsoncParser },
    rules: {
      '@nx/dependency-checks': [
        'error',
        {
          buildTargets: ['build', 'typecheck'],
          checkMissingDependencies: true,
          checkObsoleteDependencies: true,
          checkVersionMismatches: true,
          ignoredDependencies: [
            ...workspacePackages,
            // imported by each service's generated Prisma client (not in the repository, so not in the graph)
            '@prisma/client',
            // the shared singletons: every app declares the versions it shares (read by its rspack config)
            'react', 'react-dom',
            // runs `npm run dev`'s launcher (`node --import tsx --watch`, infra/local/bin/dev.mjs), never imported
            'tsx',
          ],
          ignoredFiles: [
            '{projectRoot}/**/*.test.ts', '{projectRoot}/**/*.test.tsx', '{projectRoot}/test/**', '{projectRoot}/**/*.check.ts',
            '{projectRoot}/vitest.config.*', '{projectRoot}/eslint.config.*', '{projectRoot}/rspack.config.mjs',
            '{projectRoot}/tsup.config.ts', '{projectRoot}/prisma.config.ts', '{projectRoot}/src/test-helpers.ts',
            // the launcher's esbuild script (infra/local, decision 0029): build tooling, not shipped
            '{projectRoot}/build.mjs',
          ],
        },
      ],
    },
  },
  // Last: turns off every ESLint rule that formats, so Prettier alone decides layout and the two never disagree.
  prettier,
];
