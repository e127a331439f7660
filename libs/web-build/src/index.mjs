// Rspack configuration shared by the shell and the four remotes: one place for the runtime
// contract (shared singletons), the TypeScript/CSS rules and the production-build details.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { PrecompressPlugin } from './precompress.mjs';

const require = createRequire(import.meta.url);

export const API_TARGET = process.env.VERE_API_URL ?? 'http://127.0.0.1:3000';

export const DEV_PORTS = { shell: 4200, challenges: 4201, connect: 4202, playbooks: 4203, account: 4204 };

/** The runtime contract: these, and only these, are singletons across shell and remotes (decisions 0006, 0020). */
export function sharedSingletons(deps) {
  return {
    react: { singleton: true, requiredVersion: deps.react },
    'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
    // The apps' routing API, not react-router-dom: a shared module is bundled whole (decision 0020).
    '@vere/web-router': { singleton: true, requiredVersion: false },
    // The apps' TanStack Query API, not @tanstack/react-query: one copy on the page, only the exports
    // the apps use (decision 0020); every area still creates its own QueryClient.
    ...(deps['@vere/web-query'] ? { '@vere/web-query': { singleton: true, requiredVersion: false } } : {}),
    // One session store (user, access token, in-flight refresh) for the whole page.
    '@vere/web-session': { singleton: true, requiredVersion: false },
  };
}

/**
 * Rspack resolves the Module Federation runtime with `require.resolve`, i.e. to its CommonJS build,
 * which the bundler can neither tree-shake nor concatenate (about half of the shell's entry). Each
 * of those packages ships an ESM build next to it (`dist/x.cjs` → `dist/x.js`, or `.mjs`): this
 * plugin, listed after ModuleFederationPlugin, points the runtime's aliases and the CommonJS files
 * the federation entry imports by absolute path at those ESM twins.
 */
export class FederationRuntimeEsmPlugin {
  /**
   * @param {{ externalBundlerRuntime?: boolean }} [options] externalBundlerRuntime (production remotes):
   *   the bundler runtime is the shell's (see EXTERNAL_BUNDLER_RUNTIME), not a copy in remoteEntry.
   *   slimSnapshotHandler (the shell, whose snapshot plugin is off): runtime-core's SnapshotHandler is
   *   SNAPSHOT_HANDLER, the part of it such a runtime uses (decision 0073).
   */
  constructor({ externalBundlerRuntime = false, slimSnapshotHandler = false } = {}) {
    this.externalBundlerRuntime = externalBundlerRuntime;
    this.slimSnapshotHandler = slimSnapshotHandler;
  }

  apply(compiler) {
    const esmTwin = (path) =>
      typeof path === 'string' && /@module-federation[\\/].+\.cjs$/.test(path)
        ? [path.replace(/\.cjs$/, '.js'), path.replace(/\.cjs$/, '.mjs')].find((p) => existsSync(p))
        : undefined;
    compiler.hooks.afterPlugins.tap('FederationRuntimeEsmPlugin', () => {
      const alias = { ...compiler.options.resolve.alias };
      for (const [key, target] of Object.entries(alias)) alias[key] = esmTwin(target) ?? target;
      // The federation entry imports these by absolute path (a data: module), and runtime plugins likewise.
      for (const name of [
        'webpack-bundler-runtime',
        'runtime',
        'runtime-core',
        'runtime-tools',
        'sdk',
        'error-codes',
        'inject-external-runtime-core-plugin',
      ]) {
        let cjs;
        try {
          cjs = require.resolve(`@module-federation/${name}`);
        } catch {
          continue;
        }
        const esm = esmTwin(cjs);
        if (this.externalBundlerRuntime && name === 'webpack-bundler-runtime') {
          for (const path of [cjs, esm, `@module-federation/${name}`])
            if (path) alias[`${path}$`] = EXTERNAL_BUNDLER_RUNTIME;
        } else if (esm) alias[`${cjs}$`] = esm;
      }
      if (this.slimSnapshotHandler) {
        const snapshot = resolve(
          dirname(require.resolve('@module-federation/runtime-core')),
          'plugins/snapshot/SnapshotHandler.js',
        );
        if (existsSync(snapshot)) alias[`${snapshot}$`] = SNAPSHOT_HANDLER;
      }
      compiler.options.resolve.alias = alias;
    });
  }
}

/**
 * The federation bundler runtime (webpack-bundler-runtime: sharing, consumes, container init; ~3 KiB
 * gzipped) is the same code in every build. `externalRuntime` takes only the runtime core from the
 * shell; these two files do the same for the bundler runtime's functions: the shell's federation
 * entry publishes them (PROVIDE_BUNDLER_RUNTIME, a runtime plugin), and a production remote's
 * imports of the package resolve to EXTERNAL_BUNDLER_RUNTIME, which builds the package's object
 * from them with this build's own state. The shell and the remotes are built from one lockfile, so
 * the versions match, as they must for the runtime core already.
 */
export const PROVIDE_BUNDLER_RUNTIME = fileURLToPath(new URL('./runtime/provide-bundler-runtime.mjs', import.meta.url));
export const EXTERNAL_BUNDLER_RUNTIME = fileURLToPath(
  new URL('./runtime/external-bundler-runtime.mjs', import.meta.url),
);
/** The shell's runtime-core SnapshotHandler: what a runtime without the snapshot plugin uses of it (decision 0073). */
export const SNAPSHOT_HANDLER = fileURLToPath(new URL('./runtime/snapshot-handler.mjs', import.meta.url));
/** A production remote's web-ui stylesheet: nothing, the shell's carries it (see the file). */
export const SHELL_PROVIDED_STYLES = fileURLToPath(new URL('./runtime/shell-styles.css', import.meta.url));

/** react-router's package exports always select its development build; production builds take the other one. */
function routerProductionAlias() {
  const dist = resolve(dirname(require.resolve('react-router/package.json')), 'dist/production');
  return { 'react-router$': resolve(dist, 'index.mjs'), 'react-router/dom$': resolve(dist, 'dom-export.mjs') };
}

/** Everything but the plugins and the dev server: entry, output, resolution, TS and CSS rules. */
export function baseConfig({ dir, prod, uniqueName, publicPath, assetDir = '' }) {
  const name = (ext) => `${assetDir}[name]${prod ? '.[contenthash:8]' : ''}.${ext}`;
  return {
    context: dir,
    entry: { main: './src/index.ts' },
    output: {
      path: resolve(dir, 'dist'),
      publicPath,
      filename: name('js'),
      chunkFilename: name('js'),
      cssFilename: name('css'),
      cssChunkFilename: name('css'),
      uniqueName,
      clean: true,
    },
    devtool: prod ? false : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: prod ? routerProductionAlias() : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !prod } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
  };
}

/** The page a remote serves when it runs standalone in development (the shell never loads it). */
function standalonePage(name) {
  const title = `${name[0].toUpperCase()}${name.slice(1)} (standalone) · Vere`;
  return `<!doctype html>
<html lang="en" data-theme="dark">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
    <script>
      try {
        if (localStorage.getItem('theme') === 'light') document.documentElement.dataset.theme = 'light';
      } catch (e) {}
    </script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * A remote: exposes exactly ./App (the area's relative <Routes>) from `remoteEntry.js`, the URL
 * remotes.json lists (its name never changes, so it is revalidated on every use while the chunks it
 * names carry a hash and are cached for good), and writes mf-manifest.json beside it, which the
 * shell's warm-up reads to prefetch an area without running it (decision 0070).
 * `rspack serve` also runs it standalone with its own index.html.
 */
export function remoteConfig({ name, dir, dependencies }) {
  return (_env, argv) => {
    const prod = argv.mode === 'production';
    // publicPath 'auto': resolved from wherever the edge serves the remote (/remotes/<name>/, a versioned path, a CDN).
    const base = baseConfig({ dir, prod, uniqueName: `vere_${name}`, publicPath: 'auto' });
    return {
      ...base,
      resolve: {
        ...base.resolve,
        // web-ui's styles come with the shell's stylesheet, once and first (shell-styles.css).
        alias: { ...base.resolve.alias, ...(prod ? { '@vere/web-ui/styles.css$': SHELL_PROVIDED_STYLES } : {}) },
      },
      plugins: [
        // Standalone dev page; deep links need root-relative script URLs.
        new rspack.HtmlRspackPlugin({
          templateContent: standalonePage(name),
          chunks: ['main'],
          publicPath: '/',
          minify: prod,
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: { './App': './src/app.tsx' },
          shared: sharedSingletons(dependencies),
          manifest: true,
          dts: false,
          // Production: use the federation runtime the shell provides instead of shipping a copy
          // (about 100 KB per remote). Dev keeps its own so the remote also runs standalone.
          // A remote loads no remotes itself: disableRemote drops the bundler runtime's remote
          // loading from its remoteEntry (the shell's runtime core, which loads them, is untouched).
          experiments: { externalRuntime: prod, optimization: { target: 'web', disableRemote: prod } },
        }),
        new FederationRuntimeEsmPlugin({ externalBundlerRuntime: prod }),
        ...(prod ? [new PrecompressPlugin()] : []),
      ],
      // One chunk per expose and per lazy page: split chunks shared with a shared module's fallback are
      // missing from the manifest's list for the expose, so the runtime fetched them one round trip late.
      optimization: { splitChunks: false },
      performance: { hints: false },
      devServer: {
        port: DEV_PORTS[name],
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: API_TARGET }],
      },
    };
  };
}

export { contentSecurityPolicy } from './csp.mjs';
export { PrecompressPlugin, precompressDir } from './precompress.mjs';
