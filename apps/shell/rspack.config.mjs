// Host. Registers the remotes at run time from /remotes.json, so remotes deploy without rebuilding the shell.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const DEV_PORT = 4200;
const API_TARGET = process.env.VERE_API_URL ?? 'http://127.0.0.1:3000';
const DEV_REMOTES = {
  challenges: 'http://localhost:4201/mf-manifest.json',
  connect: 'http://localhost:4202/mf-manifest.json',
  playbooks: 'http://localhost:4203/mf-manifest.json',
  account: 'http://localhost:4204/mf-manifest.json',
};

/** react-router's package exports always select its development build; production builds take the other one. */
const routerProductionAlias = () => {
  const dist = resolve(dirname(require.resolve('react-router/package.json')), 'dist/production');
  return { 'react-router$': resolve(dist, 'index.mjs'), 'react-router/dom$': resolve(dist, 'dom-export.mjs') };
};

/** The runtime contract: these four, and only these, are singletons across shell and remotes. */
const shared = (deps) => ({
  react: { singleton: true, requiredVersion: deps.react },
  'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
  'react-router-dom': { singleton: true, requiredVersion: deps['react-router-dom'] },
  // One session store (user, access token, in-flight refresh) for the whole page.
  '@vere/web-session': { singleton: true, requiredVersion: false },
});

export default defineConfig((_env, argv) => {
  const prod = argv.mode === 'production';
  return {
    context: import.meta.dirname,
    entry: { main: './src/index.ts' },
    output: {
      path: resolve(import.meta.dirname, 'dist'),
      // The shell answers deep links (/pods/42), so its assets are addressed from the root.
      publicPath: '/',
      filename: prod ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: prod ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      cssFilename: prod ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      cssChunkFilename: prod ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      uniqueName: 'vere_shell',
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
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './index.html', minify: prod }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: shared(pkg.dependencies),
        dts: false,
        manifest: false,
        // Hands the federation runtime to the remotes, so their production entries stay small.
        experiments: { provideExternalRuntime: true },
      }),
    ],
    performance: { hints: prod ? 'warning' : false, maxEntrypointSize: 400_000, maxAssetSize: 400_000 },
    devServer: {
      port: DEV_PORT,
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
