// One lint config for the whole workspace. The boundary rules are the part that matters:
// apps never import services, services never import each other, libs never import apps,
// and nobody reaches past a package's index.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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

const DOMAIN_SCOPES = [
  'shell',
  'challenges',
  'connect',
  'playbooks',
  'account',
  'identity',
  'quests',
  'pods',
  'billing',
];

export const depConstraints = [
  // layers
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:contracts', 'type:domain'],
  },
  {
    sourceTag: 'type:feature',
    onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:contracts', 'type:domain'],
  },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:domain'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:domain', 'type:tool'] },
  // Development-only infrastructure (embedded PostgreSQL, test databases, test token issuer):
  // the launcher, e2e and test files may use it; shipped service code may not.
  {
    sourceTag: 'type:dev-util',
    onlyDependOnLibsWithTags: ['type:dev-util', 'type:util', 'type:contracts', 'type:domain', 'type:tool'],
  },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [] },
  {
    sourceTag: 'type:launcher',
    onlyDependOnLibsWithTags: [
      'type:service',
      'type:util',
      'type:dev-util',
      'type:contracts',
      'type:domain',
      'type:tool',
    ],
  },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:dev-util', 'type:contracts', 'type:domain'] },
  { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'] },
  // the root project: the repository-wide checks (Prettier), no code of its own
  { sourceTag: 'type:workspace', onlyDependOnLibsWithTags: [] },
  // runtimes: browser code never pulls Node-only libraries and vice versa
  { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:any'] },
  { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:any'] },
  // scopes: a domain's app or service uses only its own scope and shared code (never another domain's)
  ...DOMAIN_SCOPES.map((scope) => ({
    sourceTag: `scope:${scope}`,
    onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
  })),
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  // the launcher runs every service in one process
  {
    sourceTag: 'scope:launcher',
    onlyDependOnLibsWithTags: ['scope:shared', ...DOMAIN_SCOPES.map((s) => `scope:${s}`)],
  },
];

// One layout in every web app (bulletproof-react): src/features/<feature>/{api,components,hooks,utils},
// src/shared/{api,components,hooks,utils} for what more than one feature uses, and src/pages/ plus the
// app's root files (app.tsx, routes) composing them. Imports only go down — app → pages → features →
// shared — and never from one feature into another: what two features need moves to shared/.
const APP_FILE = /^apps\/([^/]+)\/src\/(.*)$/;
function appLayer(file) {
  const match = APP_FILE.exec(relative(root, file).split(sep).join('/'));
  if (!match) return null;
  const [, app, rest] = match;
  // A feature's own index (`../features/native`) is that feature too.
  const feature = /^features\/([^/]+)(?:\/|$)/.exec(rest);
  if (feature) return { app, layer: 'feature', feature: feature[1] };
  if (rest.startsWith('shared/')) return { app, layer: 'shared' };
  if (rest.startsWith('pages/')) return { app, layer: 'page' };
  return { app, layer: 'app' };
}
const BELOW = {
  app: ['app', 'page', 'feature', 'shared'],
  page: ['page', 'feature', 'shared'],
  feature: ['feature', 'shared'],
  shared: ['shared'],
};
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}}: move what both use to src/shared/, or compose them in a page.',
      upward: 'A {{from}} file imports {{to}} code: imports go app → pages → features → shared, never back up.',
    },
  },
  create(context) {
    const from = appLayer(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const to = appLayer(resolve(dirname(context.filename), source.value));
      if (!to || to.app !== from.app) return; // another project: the boundary rules above decide
      if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      } else if (!BELOW[from.layer].includes(to.layer)) {
        context.report({ node: source, messageId: 'upward', data: { from: from.layer, to: to.layer } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

/** Test files may also use the development-only libraries (dev-db, test-kit). */
const testDepConstraints = depConstraints.map((c) =>
  ['type:service', 'type:util'].includes(c.sourceTag)
    ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:dev-util'] }
    : c,
);

export default [
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/src/generated/**',
      '**/.data/**',
      '**/.nx/**',
      '**/test-results/**',
      // The iOS app's copy of the built web app, and the Xcode project Capacitor generates.
      'apps/ios/www/**',
      'apps/ios/ios/**',
    ],
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
            // web-ui's stylesheet, which each app imports once (decision 0020), test-kit's S3 stand-in
            // (s3rver takes seconds to import; only the S3 tests load it), and web-session's account
            // calls, kept out of the shared singleton every first paint loads (decision 0072).
            {
              group: [
                '@vere/*/*',
                '!@vere/web-build/csp',
                '!@vere/web-ui/styles.css',
                '!@vere/test-kit/s3',
                '!@vere/web-session/accounts',
              ],
              message: 'Import a workspace package through its index (e.g. "@vere/domain"), not a deep path.',
            },
            {
              group: ['**/services/*', '**/apps/*', '**/libs/*', '../../*/src/*'],
              message: 'Cross-project relative imports are not allowed; depend on the package instead.',
            },
            {
              group: ['react-router', 'react-router-dom', 'react-router/*'],
              message: 'Import routing from "@vere/web-router" (the one shared router; decision 0020).',
            },
            {
              group: [
                '@tanstack/react-query',
                '@tanstack/react-query/*',
                '@tanstack/query-core',
                '@tanstack/query-core/*',
              ],
              message: 'Import TanStack Query from "@vere/web-query" (the one shared copy; decision 0020).',
            },
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
    files: ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx'],
    plugins: { vere: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'vere/feature-boundaries': 'error' },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints: testDepConstraints },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Build configuration runs in Node at build time, not in the browser: it may use build tooling.
    files: ['apps/*/rspack.config.mjs', 'apps/ios/scripts/*.mjs'],
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
            // service-kit pins OpenTelemetry 2.x in its own node_modules; lighthouse's Sentry (bench) hoists
            // 1.x to the root, the only copy this rule reads, so it would call service-kit's pins mismatched
            '@opentelemetry/resources',
            '@opentelemetry/sdk-trace-base',
            // imported by each service's generated Prisma client (not in the repository, so not in the graph)
            '@prisma/client',
            // the shared singletons: every app declares the versions it shares (read by its rspack config)
            'react',
            'react-dom',
            // runs `npm run dev`'s launcher (`node --import tsx --watch`, infra/local/bin/dev.mjs), never imported
            'tsx',
          ],
          ignoredFiles: [
            '{projectRoot}/**/*.test.ts',
            '{projectRoot}/**/*.test.tsx',
            '{projectRoot}/test/**',
            '{projectRoot}/**/*.check.ts',
            '{projectRoot}/vitest.config.*',
            '{projectRoot}/eslint.config.*',
            '{projectRoot}/rspack.config.mjs',
            '{projectRoot}/tsup.config.ts',
            '{projectRoot}/prisma.config.ts',
            '{projectRoot}/src/test-helpers.ts',
            // the launcher's esbuild script (infra/local, decision 0029): build tooling, not shipped
            '{projectRoot}/build.mjs',
          ],
        },
      ],
    },
  },
  {
    // The iOS app ships no JavaScript of its own: `cap sync` reads its dependencies to pick the native
    // plugins it links (the shell imports their JavaScript), and its scripts are build tooling.
    files: ['apps/ios/package.json'],
    rules: { '@nx/dependency-checks': 'off' },
  },
  // Last: turns off every ESLint rule that formats, so Prettier alone decides layout and the two never disagree.
  prettier,
];
