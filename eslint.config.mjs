// One lint config for the whole workspace. The boundary rules are the part that matters:
// apps never import services, services never import each other, libs never import apps,
// and nobody reaches past a package's index.ts.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export const depConstraints = [
  // layers
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:domain'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:service', 'type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'] },
  // runtimes: browser code never pulls Node-only libraries and vice versa
  { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:any'] },
  { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:any'] },
];

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
            { group: ['@vere/*/*'], message: 'Import a workspace package through its index (e.g. "@vere/domain"), not a deep path.' },
            { group: ['**/services/*', '**/apps/*', '**/libs/*', '../../*/src/*'], message: 'Cross-project relative imports are not allowed; depend on the package instead.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
];
