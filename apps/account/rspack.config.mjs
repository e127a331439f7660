// Remote "account": exposes ./App (the area's relative <Routes>) and writes mf-manifest.json.
// `rspack serve` also runs it standalone on port 4204 with its own index.html.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const NAME = 'account';
const DEV_PORT = 4204;
const API_TARGET = process.env.VERE_API_URL ?? 'http://127.0.0.1:3000';

/** react-router's package exports always select its development build; production builds take the other one. */
const routerProductionAlias = () => {
  const dist = resolve(dirname(require.resolve('react-router/package.json')), 'dist/production');
  return { 'react-router$': resolve(dist, 'index.mjs'), 'react-router/dom$': resolve(dist, 'dom-export.mjs') };
};

/** Must match the shell: these four, and only these, are singletons across shell and remotes. */
const shared = (deps) => ({
  react: { singleton: true, requiredVersion: deps.react },
  'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
  'react-router-dom': { singleton: true, requiredVersion: deps['react-router-dom'] },
  '@vere/web-session': { singleton: true, requiredVersion: false },
});

export default defineConfig((_env, argv) => {
  const prod = argv.mode === 'production';
  return {
    context: import.meta.dirname,
    // The standalone page; the shell only ever loads the container (remoteEntry) and ./App.
    entry: { main: './src/index.ts' },
    output: {
      path: resolve(import.meta.dirname, 'dist'),
      // Resolved from wherever the edge serves this remote (/remotes/account/, a versioned path, a CDN).
      publicPath: 'auto',
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      uniqueName: `vere_${NAME}`,
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
      // Standalone dev page; deep links need root-relative script URLs.
      new rspack.HtmlRspackPlugin({ template: './index.html', chunks: ['main'], publicPath: '/', minify: prod }),
      new ModuleFederationPlugin({
        name: NAME,
        filename: prod ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
        exposes: { './App': './src/app.tsx' },
        shared: shared(pkg.dependencies),
        manifest: true,
        dts: false,
        // Production: use the federation runtime the shell provides instead of shipping a copy
        // (about 100 KB per remote). Dev keeps its own so the remote also runs standalone.
        experiments: { externalRuntime: prod },
      }),
    ],
    performance: { hints: false },
    devServer: {
      port: DEV_PORT,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: API_TARGET }],
    },
  };
});
