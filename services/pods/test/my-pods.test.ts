import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPods, type PodsHarness } from './helper';

let h: PodsHarness;
beforeAll(async () => {
  h = await startPods();
});
afterAll(async () => {
  await h?.close();
});

const myPods = (token?: string) =>
  h.pods.app.inject({
    method: 'GET',
    url: '/api/pods/me/pods',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function createPod(name: string, createdBy: string, members: string[]) {
  const id = randomUUID();
  await h.sql.query('INSERT INTO pods.pod (id, name, created_by) VALUES ($1, $2, $3)', [id, name, createdBy]);
  for (const userId of members)
    await h.sql.query('INSERT INTO pods.pod_member (pod_id, user_id) VALUES ($1, $2)', [id, userId]);
  return id;
}

describe('GET /api/pods/me/pods', () => {
  it('answers an empty list to a user without pods', async () => {
    const res = await myPods(h.issuer.sign(randomUUID()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pods: [] });
  });

  it('lists pods the user created or belongs to, and no others', async () => {
    const [ana, bo, cy] = [randomUUID(), randomUUID(), randomUUID()];
    const created = await createPod('Morning Crew', ana, [ana, bo]);
    const joined = await createPod('Book Club', cy, [cy, ana, bo]);
    await createPod('Not Mine', cy, [cy]);
    const { pods: list } = (await myPods(h.issuer.sign(ana))).json();
    expect(list.map((p: { id: string }) => p.id).sort()).toEqual([created, joined].sort());
    expect(list.find((p: { id: string }) => p.id === joined)).toMatchObject({
      name: 'Book Club',
      memberCount: 3,
      currentStreak: 0,
    });
  });

  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'not-a-token', h.issuer.sign(randomUUID(), { expired: true })]) {
      const res = await myPods(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('reports ready with its database and bus', async () => {
    expect((await h.pods.app.inject({ method: 'GET', url: '/ready' })).json()).toMatchObject({ status: 'ready' });
  });
});
