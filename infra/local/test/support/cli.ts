import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliResult {
  code: number | null;
  out: string;
  err: string;
}

/**
 * Runs an operator command (`infra/local/src/<script>`) the way `npm run …` does once its build is
 * up to date: the same bundle (`infra/local/dist/<name>.mjs`, built by local:build, which local:test
 * depends on), the same environment.
 */
export function runCli(script: string, args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolve) => {
    const bundle = `infra/local/dist/${script.replace(/\.ts$/, '.mjs')}`;
    const child = spawn(process.execPath, ['--enable-source-maps', bundle, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}
