import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface ReplicasResult {
  requests: number;
  ok: number;
  status5xx: number;
  cutByKill: number;
  signUps: number;
  eventsWritten: number;
  eventsPublished: number;
  eventsHandled: number;
  lost: number;
  duplicatedEffects: number;
  lagP99Ms: number;
}

/**
 * bench/replicas.mjs, bounded: two replicas of every service (two launcher processes) on one fresh
 * database with the embedded bus — whose log the two processes share (decision 0045) — under sign-ups
 * and reads; one replica is killed with SIGKILL a third of the way in and started again. On the
 * embedded bus, not NATS: the NATS server here is shared with other suites whose stacks use the
 * same durable names, and would take each other's events.
 */
function replicas(): Promise<ReplicasResult> {
  const script = fileURLToPath(new URL('../../../bench/replicas.mjs', import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NATS_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--seconds', '9', '--concurrency', '4', '--json'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', () => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as ReplicasResult);
      } catch {
        reject(new Error(`bench/replicas.mjs printed no result:\n${out}\n${err}`));
      }
    });
  });
}

describe.skipIf(!process.env.DATABASE_URL)('two replicas of every service, one killed with SIGKILL mid-run', () => {
  it('loses no event and applies none twice; only the killed replica’s in-flight requests fail', async () => {
    const result = await replicas();
    expect(result.signUps).toBeGreaterThan(3);
    expect(result.lost).toBe(0);
    expect(result.duplicatedEffects).toBe(0);
    expect(result.eventsPublished).toBe(result.eventsWritten);
    expect(result.eventsHandled).toBe(result.eventsWritten);
    expect(result.status5xx).toBe(0);
    expect(result.cutByKill).toBeLessThanOrEqual(4); // at most one request per load worker was in flight
  }, 180_000);
});
