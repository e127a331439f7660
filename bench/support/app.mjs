// Starts the app the way `npm start` runs it (after its build step; with the launcher's node options,
// infra/local/bin/node-flags.mjs), on the embedded default in a
// throw-away data folder, for one benchmark; DATABASE_URL/NATS_URL of the caller are ignored.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
// The launcher's own list, read from its file as `npm start` reads it (the bench runs the built
// launcher by path too, not as a package it depends on).
const { NODE_FLAGS } = await import(pathToFileURL(join(root, 'infra/local/bin/node-flags.mjs')).href);

/**
 * @param {{ apiOnly?: boolean, cpuProfileDir?: string, env?: Record<string, string>, natsUrl?: string, nodeArgs?: string[] }} [options]
 *   natsUrl: run the bus on this NATS server instead of the in-process one; nodeArgs: more options
 *   for node (before the entry point)
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export async function startApp(options = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vere-bench-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the postgres user when we are root
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    VERE_DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    API_ONLY: options.apiOnly ? 'true' : 'false',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  if (options.natsUrl) env.NATS_URL = options.natsUrl;
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, ...profile, ...(options.nodeArgs ?? []), '--import', 'tsx', 'infra/local/src/main.ts'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  const url = await new Promise((resolve, reject) => {
    // On a loaded machine the start can time out: the app is stopped then, not left running on its own.
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the app did not start:\n${out}`));
    }, 120_000);
    const onData = (d) => {
      out += d;
      const m = /Vere is running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the app exited (${code}):\n${out}`)));
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
