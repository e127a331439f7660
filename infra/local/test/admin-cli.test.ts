import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@vere/dev-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack';
import { startLocalStack } from './support/stack';
import { runCli } from './support/cli';

const adminCli = (args: string[], env: Record<string, string | undefined>) => runCli('admin-cli.ts', args, env);

describe('npm run admin -- grant|revoke', () => {
  let db: TestDatabase;
  let stack: RunningStack;

  beforeAll(async () => {
    ({ db, stack } = await startLocalStack('vere_admin_cli'));
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  const signIn = async (email: string) => {
    const res = await fetch(`${stack.url}/api/identity/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Challenge1!' }),
    });
    return ((await res.json()) as { accessToken: string }).accessToken;
  };
  const listChallenges = (token: string) =>
    fetch(`${stack.url}/api/quests/admin/challenges`, { headers: { authorization: `Bearer ${token}` } });

  it('lets a granted user manage challenges from their next sign-in, and not after a revoke', async () => {
    const email = `Admin.${randomUUID()}@Example.com`;
    await fetch(`${stack.url}/api/identity/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Challenge1!', name: 'Ada Admin' }),
    });
    const token = await signIn(email);
    expect((await listChallenges(token)).status).toBe(403);
    // The stack rotated at start: this week has its challenge straight away.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${stack.url}/api/quests/me/weekly`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return res.ok ? ((await res.json()) as { challenges: { title: string }[] }).challenges.length : 0;
        },
        { timeout: 10_000 },
      )
      .toBe(1);

    const granted = await adminCli(['grant', email.toUpperCase()], { DATABASE_URL: db.url });
    expect(granted.err).toBe('');
    expect(granted.code).toBe(0);
    const res = await listChallenges(await signIn(email));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { challenges: unknown[] }).challenges.length).toBeGreaterThanOrEqual(26);

    expect((await adminCli(['revoke', email], { DATABASE_URL: db.url })).code).toBe(0);
    expect((await listChallenges(await signIn(email))).status).toBe(403);
  });

  it('refuses bad usage and unknown accounts', async () => {
    expect((await adminCli([], { DATABASE_URL: db.url })).code).toBe(2);
    expect((await adminCli(['promote', 'a@b.c'], { DATABASE_URL: db.url })).code).toBe(2);
    expect((await adminCli(['grant', 'nobody'], { DATABASE_URL: db.url })).code).toBe(2);
    const unknown = await adminCli(['grant', `nobody.${randomUUID()}@example.com`], { DATABASE_URL: db.url });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/No account/);
  }, 90_000); // four CLI processes, each a process of its own: slow on a busy CI machine
});
