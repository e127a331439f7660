import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const NATS_URL = process.env.NATS_URL;
if (!NATS_URL && process.env.VERE_REQUIRE_NATS === '1') {
  throw new Error('VERE_REQUIRE_NATS=1 but NATS_URL is not set: the NATS crash loop must run here');
}

interface CrashLoopResult {
  rounds: number;
  accepted: number;
  players: number;
  lost: number;
  lostEmails: string[];
}

/** Runs bin/crash-loop.mjs (kill -9 of the app's process group while users sign up) and reads its result. */
function crashLoop(env: Record<string, string | undefined>): Promise<CrashLoopResult> {
  const script = fileURLToPath(new URL('../bin/crash-loop.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--rounds', '5', '--signups', '40', '--json'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', () => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as CrashLoopResult);
      } catch {
        reject(new Error(`crash loop printed no result:\n${out}\n${err}`));
      }
    });
  });
}

// Five kill -9 rounds with restarts take 80–150 s on a busy 2-core CI machine (more since pods
// gained consumers and its streak sweep); the bound is generous, the assertions are what matter.
describe.concurrent('kill -9 of the whole app while users sign up', () => {
  it('loses no registration on the embedded default (embedded PostgreSQL, in-process bus)', async ({ expect }) => {
    const result = await crashLoop({ DATABASE_URL: undefined, NATS_URL: undefined });
    expect(result.rounds).toBe(5);
    expect(result.accepted).toBeGreaterThan(5);
    expect(result.lostEmails).toEqual([]);
    expect(result.players).toBe(result.accepted);
  }, 300_000);

  it.skipIf(!NATS_URL || !process.env.DATABASE_URL)(
    'loses no registration on PostgreSQL + NATS JetStream',
    async ({ expect }) => {
      const result = await crashLoop({});
      expect(result.accepted).toBeGreaterThan(5);
      expect(result.lostEmails).toEqual([]);
      expect(result.players).toBe(result.accepted);
    },
    300_000,
  );
});
