// Host. Registers the remotes at run time from /remotes.json, so remotes deploy without rebuilding the shell.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import {
  API_TARGET,
  DEV_PORTS,
  PROVIDE_BUNDLER_RUNTIME,
  PrecompressPlugin,
  baseConfig,
  FederationRuntimeEsmPlugin,
  sharedSingletons,
} from '@vere/web-build';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const DEV_REMOTES = Object.fromEntries(
  ['challenges', 'connect', 'playbooks', 'account'].map((name) => [
    name,
    `http://localhost:${DEV_PORTS[name]}/remoteEntry.js`,
  ]),
);

/**
 * Writes dist/prerender-assets.json: the CSS files of the named chunk groups the prerendered
 * `/auth` needs before it paints (the shell's own styles and the auth page's), for prerender/auth.tsx.
 */
class PrerenderAssetsPlugin {
  apply(compiler) {
    compiler.hooks.done.tapPromise('PrerenderAssetsPlugin', async (stats) => {
      const groups = stats.compilation.namedChunkGroups;
      const css = (name) => {
        const group = groups.get(name);
        if (!group)
          throw new Error(`PrerenderAssetsPlugin: no chunk group named "${name}" (see the webpackChunkName comments)`);
        return group.getFiles().filter((file) => file.endsWith('.css'));
      };
      const out = { css: [...css('bootstrap'), ...css('auth-page')] };
      await writeFile(join(compiler.outputPath, 'prerender-assets.json'), JSON.stringify(out, null, 2));
    });
  }
}

/** VERE_API_ORIGIN: empty (same origin) or an https origin (http only on loopback, for local runs). */
function apiOrigin() {
  const value = process.env.VERE_API_ORIGIN ?? '';
  if (!value) return '';
  const url = new URL(value);
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`VERE_API_ORIGIN must be an https origin, not ${value}`);
  }
  return url.origin;
}

/** APPLE_TEAM_ID (10 characters, from the Apple developer account) for apple-app-site-association. */
function appleTeamId() {
  const value = process.env.APPLE_TEAM_ID ?? '0000000000';
  if (!/^[A-Z0-9]{10}$/.test(value)) throw new Error(`APPLE_TEAM_ID must be 10 letters or digits, not ${value}`);
  return value;
}

/**
 * The brand mark as a data: URL, for index.html's icon link: the icon comes with the page instead of
 * being one more request of the first visit (issue 28). public/favicon.svg stays the one source (the
 * service worker, offline.html and push notifications point at the file).
 */
function faviconDataUrl() {
  const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
  // The few characters a URL in an attribute must not carry as they are; quotes become single quotes.
  return `data:image/svg+xml,${svg.replaceAll('"', "'").replace(/[<>#%\n]/g, (c) => encodeURIComponent(c))}`;
}

/** Marks the preloads FirstScreenPreloadPlugin adds; the prerendered /auth drops them (prerender/auth.tsx). */
const FIRST_SCREEN_PRELOAD_ATTRIBUTE = 'data-first-screen';

/**
 * Adds `<link rel="preload">` to index.html for the scripts and styles the entry loads as it starts:
 * the chunk groups main.js itself asks for, i.e. the `bootstrap` import (react-dom, the shell's own
 * code) and the shared singletons the shell provides (router, Query, web-session…). Every page of
 * the app needs them, but only main.js named them, so they were requested after main.js had
 * downloaded and run: a round trip and the entry's evaluation later than the HTML could ask
 * (decision 0020). bench/run.mjs lists what / loads before its first paint; it is the same set.
 */
class FirstScreenPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('FirstScreenPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'FirstScreenPreloadPlugin',
        async (data) => {
          const entry = compilation.namedChunkGroups.get('main');
          if (!entry?.childrenIterable.some((group) => group.name === 'bootstrap')) {
            throw new Error(
              'FirstScreenPreloadPlugin: the main entry no longer imports the "bootstrap" chunk (see src/index.ts)',
            );
          }
          const publicPath = compilation.outputOptions.publicPath;
          const files = new Set(entry.childrenIterable.flatMap((group) => group.getFiles()));
          for (const file of files) {
            const as = file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'style' : null;
            if (!as) continue;
            data.assetTags.styles.push({
              tagName: 'link',
              voidTag: true,
              attributes: { rel: 'preload', as, href: `${publicPath}${file}`, [FIRST_SCREEN_PRELOAD_ATTRIBUTE]: true },
            });
          }
          return data;
        },
      );
    });
  }
}

export default defineConfig((_env, argv) => {
  const prod = argv.mode === 'production';
  return {
    // The shell answers deep links (/pods/42), so its assets are addressed from the root.
    ...baseConfig({ dir: import.meta.dirname, prod, uniqueName: 'vere_shell', publicPath: '/', assetDir: 'assets/' }),
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: './index.html',
        templateParameters: { favicon: faviconDataUrl() },
        minify: prod,
      }),
      new rspack.CopyRspackPlugin({
        patterns: [
          { from: 'public', globOptions: { dot: false } },
          // Universal links (apps/ios): the app's id is the Apple team id + the bundle id.
          {
            from: 'public/.well-known',
            to: '.well-known',
            transform: (content) => content.toString().replaceAll('APPLE_TEAM_ID', appleTeamId()),
          },
        ],
      }),
      // The iOS app's build points its /api calls at a server (apps/ios); the web build is same-origin.
      new rspack.DefinePlugin({ 'process.env.VERE_API_ORIGIN': JSON.stringify(apiOrigin()) }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(pkg.dependencies),
        dts: false,
        manifest: false,
        // Hands the federation runtime to the remotes, so their production entries stay small: the
        // runtime core (provideExternalRuntime) and the bundler runtime's functions (libs/web-build).
        runtimePlugins: [PROVIDE_BUNDLER_RUNTIME],
        // Remotes are listed by their remoteEntry.js, not their manifest (decision 0070): the runtime's
        // snapshot code, which reads manifests, is left out of the shell's entry.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      new FederationRuntimeEsmPlugin({ slimSnapshotHandler: true }),
      new PrerenderAssetsPlugin(),
      ...(prod ? [new FirstScreenPreloadPlugin()] : []),
      ...(prod ? [new PrecompressPlugin()] : []),
    ],
    // The shared singletons the shell provides, and React DOM's client, in two files instead of eight
    // (each its own chunk by default, some under 1 KB): every page's first paint needs them all, and
    // over HTTP/1.1 each answer costs ~0.6 KB of headers (issue 28, decision 0063). `vendor`: the
    // packages, which change with an upgrade; `web-libs`: our shared libraries, which change more often.
    optimization: {
      splitChunks: {
        cacheGroups: {
          vendor: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/,
            name: 'vendor',
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
          webLibs: {
            // web-session's one rule from libs/domain (the shown name) with it.
            test: /[\\/]libs[\\/](web-(router|query|session)[\\/]|domain[\\/]src[\\/]names\.ts$)/,
            name: 'web-libs',
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
        },
      },
    },
    performance: { hints: prod ? 'warning' : false, maxEntrypointSize: 400_000, maxAssetSize: 400_000 },
    devServer: {
      port: DEV_PORTS.shell,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: API_TARGET, changeOrigin: false }],
      setupMiddlewares(middlewares) {
        // Dev points the shell at the remotes' own dev servers.
        middlewares.unshift({
          name: 'dev-remotes-json',
          path: '/remotes.json',
          middleware: (_req, res) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-store');
            res.end(JSON.stringify(DEV_REMOTES, null, 2));
          },
        });
        return middlewares;
      },
    },
  };
});
