import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Stack {
  url: string;
  dataDir: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
  /** Stops the app and starts it again on the same data (and options); `url` then names the new port. */
  restart(): Promise<void>;
}

export interface StackOptions {
  /** Reuse a data directory (to prove data survives a restart). */
  dataDir?: string;
  env?: Record<string, string | undefined>;
}

/**
 * Starts the app exactly as `npm start` runs it (the one-process launcher on a free port) and
 * waits for the line that prints its URL. By default it runs the embedded default: embedded
 * PostgreSQL in a throw-away data directory and the in-process bus.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'vere-e2e-'));
  // mkdtemp makes a 0700 folder; as root, PostgreSQL runs as the `postgres` user and must enter it.
  chmodSync(dataDir, 0o755);
  let app = await launch(dataDir, opts.env);
  const stack: Stack = {
    url: app.url,
    dataDir,
    output: () => app.output(),
    stop: () => app.stop(),
    async restart() {
      await app.stop();
      app = await launch(dataDir, opts.env);
      stack.url = app.url;
    },
  };
  return stack;
}

type RunningApp = Pick<Stack, 'url' | 'output' | 'stop'>;

async function launch(dataDir: string, extraEnv: StackOptions['env'] = {}): Promise<RunningApp> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    VERE_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    DATABASE_URL: undefined,
    NATS_URL: undefined,
    ...extraEnv,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  const child: ChildProcess = spawn(process.execPath, ['infra/local/bin/start.mjs', '--no-build'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not start in 120 s:\n${output}`)), 120_000);
    const onData = () => {
      const match = /Vere is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
