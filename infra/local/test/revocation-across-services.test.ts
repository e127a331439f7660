import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@vere/dev-db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack';
import { stackApi, startLocalStack } from './support/stack';

/**
 * Revocation across the four services, on the running stack through the edge (decision 0034): once
 * identity answers the deletion (204) or the sign-out, the access token the client still holds is
 * refused by every service within 5 s, and a deleted user's writes leave no row behind.
 */
describe('revoked access tokens across services', () => {
  const SERVICES = ['identity', 'quests', 'pods', 'billing'] as const;
  let db: TestDatabase;
  let stack: RunningStack;
  let sql: pg.Client;

  beforeAll(async () => {
    ({ db, stack } = await startLocalStack('vere_revocation'));
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await stack?.stop();
    await db?.drop();
  });

  const api: ReturnType<typeof stackApi> = (path, init) => stackApi(stack)(path, init);
  const count = async (text: string, values: unknown[]) => (await sql.query(text, values)).rowCount ?? 0;
  /** What each service answers the token on a read every service has (the user's export). */
  const statuses = (token: string) =>
    Promise.all(SERVICES.map(async (s) => (await api(`/api/${s}/me/export`, { token })).status));

  async function signUp(name: string) {
    const email = `revoked.${randomUUID()}@example.com`;
    const res = await api('/api/identity/auth/sign-up', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Challenge1!', name }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { accessToken: string; user: { id: string } };
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('vere_refresh='))!
      .split(';')[0]!;
    // quests creates the player, pods keeps the profile, from the registration events.
    await expect
      .poll(
        async () =>
          (await count('SELECT 1 FROM quests.player WHERE user_id = $1', [body.user.id])) +
          (await count('SELECT 1 FROM pods.profile WHERE user_id = $1', [body.user.id])),
        { timeout: 10_000 },
      )
      .toBe(2);
    return { email, token: body.accessToken, id: body.user.id, cookie };
  }

  /** Polls until every service refuses the token; answers how long that took after `since`. */
  async function refusedEverywhere(token: string, since: number): Promise<number> {
    await expect.poll(() => statuses(token), { timeout: 10_000, interval: 100 }).toEqual([401, 401, 401, 401]);
    return Date.now() - since;
  }

  it('refuses a deleted account’s token at all four services within 5 s, and its writes leave no row', async () => {
    const me = await signUp('Ada Lovelace');
    const other = await signUp('Grace Hopper');
    expect(await statuses(me.token)).toEqual([200, 200, 200, 200]);

    const deleted = await api('/api/identity/me/delete', {
      method: 'POST',
      token: me.token,
      body: JSON.stringify({ password: 'Challenge1!' }),
    });
    expect(deleted.status).toBe(204);
    expect(await refusedEverywhere(me.token, Date.now())).toBeLessThan(5_000);

    const writes: Array<[string, unknown]> = [
      ['/api/pods/pods', { name: 'After Deletion' }],
      ['/api/pods/friends/requests', { userId: other.id }],
      ['/api/pods/reports', { kind: 'user', targetId: other.id, reason: 'spam' }],
      ['/api/billing/checkout', { attemptId: randomUUID() }],
    ];
    for (const [path, body] of writes) {
      expect((await api(path, { method: 'POST', token: me.token, body: JSON.stringify(body) })).status, path).toBe(401);
    }
    expect((await api(`/api/pods/blocks/${other.id}`, { method: 'PUT', token: me.token })).status).toBe(401);
    // Every erasure has run (the events) and nothing came back after it (the refused writes).
    await expect
      .poll(
        async () => [
          await count('SELECT 1 FROM quests.player WHERE user_id = $1', [me.id]),
          await count('SELECT 1 FROM pods.profile WHERE user_id = $1', [me.id]),
        ],
        { timeout: 10_000 },
      )
      .toEqual([0, 0]);
    for (const [query, table] of [
      ['SELECT 1 FROM pods.pod WHERE created_by = $1', 'pod'],
      ['SELECT 1 FROM pods.pod_member WHERE user_id = $1', 'pod_member'],
      ['SELECT 1 FROM pods.friendship WHERE user_low = $1 OR user_high = $1', 'friendship'],
      ['SELECT 1 FROM pods.report WHERE reporter_id = $1', 'report'],
      ['SELECT 1 FROM pods.user_block WHERE blocker_id = $1', 'user_block'],
      ['SELECT 1 FROM billing.stripe_customer WHERE user_id = $1', 'stripe_customer'],
      ['SELECT 1 FROM billing.entitlement WHERE user_id = $1', 'entitlement'],
    ] as const) {
      expect(await count(query, [me.id]), table).toBe(0);
    }
    // Everyone else is untouched.
    expect(await statuses(other.token)).toEqual([200, 200, 200, 200]);
  });

  it('refuses a signed-out session’s token at all four services within 5 s, and keeps the other session', async () => {
    const me = await signUp('Kai Lopez');
    const signIn = await api('/api/identity/auth/sign-in', {
      method: 'POST',
      body: JSON.stringify({ email: me.email, password: 'Challenge1!' }),
    });
    const second = ((await signIn.json()) as { accessToken: string }).accessToken;
    expect(await statuses(me.token)).toEqual([200, 200, 200, 200]);

    const out = await api('/api/identity/auth/sign-out', {
      method: 'POST',
      headers: { cookie: me.cookie },
      body: '{}',
    });
    expect(out.status).toBe(204);
    expect(await refusedEverywhere(me.token, Date.now())).toBeLessThan(5_000);
    expect(await statuses(second)).toEqual([200, 200, 200, 200]);
  });
});
