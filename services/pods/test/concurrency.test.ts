import { changeEntitlement } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createPod, newUser, publishLevel, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
beforeAll(async () => {
  h = await startPods();
});
afterAll(async () => {
  await h?.close();
});

const members = async (podId: string) =>
  (await h.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM pods.pod_member WHERE pod_id = $1', [podId]))
    .rows[0]!.n;
const podsCreatedBy = async (userId: string) =>
  (await h.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM pods.pod WHERE created_by = $1', [userId])).rows[0]!
    .n;

describe('the member cap under concurrency', () => {
  it('admits exactly 2 of 30 parallel joins into a free pod with 2 seats left', async () => {
    const creator = await newUser(h);
    const { podId, code } = await createPod(h, creator);
    for (let i = 0; i < 5; i++)
      expect((await as(h, await newUser(h))('POST', `/api/pods/invites/${code}/join`)).statusCode).toBe(200);
    expect(await members(podId)).toBe(6);
    const joiners = await Promise.all(Array.from({ length: 30 }, () => newUser(h)));
    const answers = await Promise.all(joiners.map((u) => as(h, u)('POST', `/api/pods/invites/${code}/join`)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(28);
    expect(new Set(answers.filter((r) => r.statusCode === 409).map((r) => r.json().error.code))).toEqual(
      new Set(['POD_FULL']),
    );
    expect(await members(podId)).toBe(8);
    const joinedEvents = await h.sql.query(
      `SELECT 1 FROM pods.outbox_event WHERE subject = 'pods.member.joined.v1' AND payload->>'podId' = $1`,
      [podId],
    );
    expect(joinedEvents.rowCount).toBe(8);
  });

  it('lets a Pro creator’s pod grow past 8 (entitlement event), up to 99', async () => {
    const creator = await newUser(h);
    const { podId, code } = await createPod(h, creator);
    await h.sql.query(
      `INSERT INTO pods.pod_member (pod_id, user_id) SELECT $1, gen_random_uuid() FROM generate_series(1, 7)`,
      [podId],
    );
    const ninth = await newUser(h);
    expect((await as(h, ninth)('POST', `/api/pods/invites/${code}/join`)).json().error.code).toBe('POD_FULL');
    await changeEntitlement(h.bus, creator, { version: 1, isActive: true });
    expect((await as(h, ninth)('POST', `/api/pods/invites/${code}/join`)).json()).toEqual({ podId, joined: true });
    expect((await as(h, creator)('GET', `/api/pods/pods/${podId}`)).json()).toMatchObject({
      memberCount: 9,
      memberCap: 99,
    });
    await h.sql.query(
      `INSERT INTO pods.pod_member (pod_id, user_id) SELECT $1, gen_random_uuid() FROM generate_series(1, 90)`,
      [podId],
    );
    expect((await as(h, await newUser(h))('POST', `/api/pods/invites/${code}/join`)).json().error.code).toBe(
      'POD_FULL',
    );
    expect(await members(podId)).toBe(99);
  });
});

describe('the creation cap under concurrency', () => {
  it('lets 10 parallel creates by a free user make exactly 1 pod', async () => {
    const ana = await newUser(h);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as(h, ana)('POST', '/api/pods/pods', { name: `Pod ${i}` })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(
      answers.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'POD_CREATION_LIMIT_REACHED'),
    ).toBe(true);
    expect(await podsCreatedBy(ana)).toBe(1);
  });

  it('lets 10 parallel creates at level 10 make exactly 3 pods, and Pro (entitlement event) lifts the cap', async () => {
    const bo = await newUser(h);
    await publishLevel(h, bo, 12);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as(h, bo)('POST', '/api/pods/pods', { name: `Pod ${i}` })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(await podsCreatedBy(bo)).toBe(3);
    await changeEntitlement(h.bus, bo, { version: 1, isActive: true });
    const more = await Promise.all(
      Array.from({ length: 5 }, (_, i) => as(h, bo)('POST', '/api/pods/pods', { name: `More ${i}` })),
    );
    expect(more.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await as(h, bo)('GET', '/api/pods/me/allowance')).json()).toMatchObject({
      isPro: true,
      podsCreated: 8,
      podCreationCap: null,
      memberCap: 99,
    });
    await changeEntitlement(h.bus, bo, { version: 2, isActive: false });
    expect((await as(h, bo)('POST', '/api/pods/pods', { name: 'Lapsed' })).json().error.code).toBe(
      'POD_CREATION_LIMIT_REACHED',
    );
  });
});
