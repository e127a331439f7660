import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@vere/dev-db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack';
import { stackApi, startLocalStack } from './support/stack';

/**
 * "Your data" across the four services, over real HTTP through the edge: the export gathers what
 * each service holds, and deleting the account makes every service erase or anonymise its rows
 * (through identity.user.deleted.v1) while the account can no longer sign in.
 */
describe('your data: export and account deletion across services', () => {
  let db: TestDatabase;
  let stack: RunningStack;
  let sql: pg.Client;

  beforeAll(async () => {
    ({ db, stack } = await startLocalStack('vere_your_data'));
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await stack?.stop();
    await db?.drop();
  });

  const api: ReturnType<typeof stackApi> = (path, init) => stackApi(stack)(path, init);
  const rows = async (text: string, values: unknown[]) => (await sql.query(text, values)).rows;

  async function signUp(name: string) {
    const email = `data.${randomUUID()}@example.com`;
    const res = await api('/api/identity/auth/sign-up', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Challenge1!', name }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { accessToken: string; user: { id: string } };
    // quests creates the player from the registration event.
    await expect
      .poll(async () => (await rows('SELECT 1 FROM quests.player WHERE user_id = $1', [body.user.id])).length, {
        timeout: 10_000,
      })
      .toBe(1);
    return { email, token: body.accessToken, id: body.user.id };
  }

  async function seed(userId: string, friendId: string) {
    const solo = randomUUID();
    const shared = randomUUID();
    await sql.query('INSERT INTO pods.pod (id, name, created_by) VALUES ($1, $2, $3), ($4, $5, $3)', [
      solo,
      'Solo pod',
      userId,
      shared,
      'Shared pod',
    ]);
    await sql.query('INSERT INTO pods.pod_member (pod_id, user_id) VALUES ($1, $2), ($3, $2), ($3, $4)', [
      solo,
      userId,
      shared,
      friendId,
    ]);
    await sql.query(
      "INSERT INTO billing.entitlement (user_id, is_active, source, product_id, expiration_date, will_renew, version, updated_at) VALUES ($1, true, 'stripe', 'vere_pro_monthly', now() + interval '20 days', true, 1, now())",
      [userId],
    );
    return { solo, shared };
  }

  it('exports what every service holds, with no password hash or secret in it', async () => {
    const me = await signUp('Ada Lovelace');
    const friend = await signUp('Grace Hopper');
    await seed(me.id, friend.id);

    const answers = await Promise.all(
      ['identity', 'quests', 'pods', 'billing'].map(async (service) => {
        const res = await api(`/api/${service}/me/export`, { token: me.token });
        expect(res.status).toBe(200);
        return res.json() as Promise<Record<string, unknown>>;
      }),
    );
    const [identity, quests, pods, billing] = answers;
    expect(identity).toMatchObject({
      service: 'identity',
      account: { id: me.id, email: me.email, name: 'Ada Lovelace' },
    });
    expect((identity!.sessions as unknown[]).length).toBe(1);
    expect(quests).toMatchObject({ service: 'quests', player: { name: 'Ada Lovelace', totalXp: 0 } });
    expect(pods).toMatchObject({ service: 'pods' });
    expect(
      (pods!.pods as Array<{ name: string; createdByYou: boolean }>).map((p) => [p.name, p.createdByYou]).sort(),
    ).toEqual([
      ['Shared pod', true],
      ['Solo pod', true],
    ]);
    expect(billing).toMatchObject({
      service: 'billing',
      entitlement: { isActive: true, source: 'stripe', productId: 'vere_pro_monthly', willRenew: true },
    });
    const text = JSON.stringify(answers);
    expect(text).not.toMatch(/argon2|password|secret/i);

    for (const service of ['identity', 'quests', 'pods', 'billing']) {
      expect((await api(`/api/${service}/me/export`)).status).toBe(401);
    }
  });

  it('deletes the account only with the right password, and every service forgets the user', async () => {
    const me = await signUp('Ada Lovelace');
    const friend = await signUp('Grace Hopper');
    const { solo, shared } = await seed(me.id, friend.id);

    const wrong = await api('/api/identity/me/delete', {
      method: 'POST',
      token: me.token,
      body: JSON.stringify({ password: 'Nope-nope1!' }),
    });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('PASSWORD_INCORRECT');
    for (const bad of ['{}', '{"password":{"x":1}}', '{"password":"x","userId":"y"}', 'not json']) {
      const res = await api('/api/identity/me/delete', { method: 'POST', token: me.token, body: bad });
      expect(res.status).toBe(400);
    }
    expect((await rows('SELECT 1 FROM identity."user" WHERE id = $1', [me.id])).length).toBe(1);

    const done = await api('/api/identity/me/delete', {
      method: 'POST',
      token: me.token,
      body: JSON.stringify({ password: 'Challenge1!' }),
    });
    expect(done.status).toBe(204);
    expect(done.headers.get('set-cookie')).toMatch(/vere_refresh=;/);

    const signIn = await api('/api/identity/auth/sign-in', {
      method: 'POST',
      body: JSON.stringify({ email: me.email, password: 'Challenge1!' }),
    });
    expect(signIn.status).toBe(401);
    expect((await api('/api/identity/me', { token: me.token })).status).toBe(401);

    await expect
      .poll(
        async () => [
          (await rows('SELECT 1 FROM quests.player WHERE user_id = $1', [me.id])).length,
          (await rows('SELECT 1 FROM pods.pod_member WHERE user_id = $1', [me.id])).length,
          (await rows('SELECT 1 FROM pods.pod WHERE created_by = $1', [me.id])).length,
          (await rows('SELECT 1 FROM billing.entitlement WHERE user_id = $1', [me.id])).length,
          (await rows('SELECT 1 FROM identity.refresh_token WHERE user_id = $1', [me.id])).length,
        ],
        { timeout: 10_000 },
      )
      .toEqual([0, 0, 0, 0, 0]);
    expect(await rows('SELECT id FROM pods.pod WHERE id = $1', [solo])).toEqual([]);
    expect(await rows('SELECT created_by FROM pods.pod WHERE id = $1', [shared])).toEqual([
      { created_by: '00000000-0000-0000-0000-000000000000' },
    ]);
    expect(
      (await rows('SELECT 1 FROM pods.pod_member WHERE pod_id = $1 AND user_id = $2', [shared, friend.id])).length,
    ).toBe(1);

    // Everyone else is untouched.
    expect((await rows('SELECT 1 FROM quests.player WHERE user_id = $1', [friend.id])).length).toBe(1);
    expect((await api('/api/identity/me', { token: friend.token })).status).toBe(200);
  });
});
