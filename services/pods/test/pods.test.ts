import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogEntry, as, createPod, newUser, publishLevel, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
const joined: DomainEvent[] = [];
const left: DomainEvent[] = [];
beforeAll(async () => {
  h = await startPods();
  await h.bus.subscribe({ durable: 'test-member-left', subjects: ['pods.member.left.v1'] }, async (e) => {
    left.push(e);
  });
  await h.bus.subscribe({ durable: 'test-member-joined', subjects: ['pods.member.joined.v1'] }, async (e) => {
    joined.push(e);
  });
});
afterAll(async () => {
  await h?.close();
});

describe('creating a pod', () => {
  it('makes the creator its first member with a first invite code, and publishes pods.member.joined.v1', async () => {
    const ana = await newUser(h, { name: 'Ana' });
    const res = await as(h, ana)('POST', '/api/pods/pods', { name: '  Morning Crew  ', description: ' Early birds ' });
    expect(res.statusCode).toBe(201);
    const pod = res.json();
    expect(pod).toMatchObject({
      name: 'Morning Crew',
      description: 'Early birds',
      createdBy: ana,
      isCreator: true,
      currentStreak: 0,
      memberCount: 1,
      memberCap: 8,
      members: [expect.objectContaining({ id: ana, name: 'Ana', isCreator: true, level: 1 })],
      log: { entries: [], nextCursor: null },
    });
    expect(pod.invites).toHaveLength(1);
    expect(pod.invites[0].code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(pod.invites[0].expiresAt).toBeNull();
    await expect
      .poll(
        () =>
          joined.some((e) => e.payload.userId === ana && (e.payload as unknown as { podId: string }).podId === pod.id),
        { timeout: 5000 },
      )
      .toBe(true);
    expect((await as(h, ana)('GET', '/api/pods/me/pods')).json().pods).toEqual([
      { id: pod.id, name: 'Morning Crew', currentStreak: 0, memberCount: 1 },
    ]);
  });

  it('holds a free user to 1 active pod, 3 from level 10; deleting one frees its place', async () => {
    const ana = await newUser(h);
    const { podId } = await createPod(h, ana, 'One');
    const second = await as(h, ana)('POST', '/api/pods/pods', { name: 'Two' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('POD_CREATION_LIMIT_REACHED');
    await publishLevel(h, ana, 10);
    await createPod(h, ana, 'Two');
    await createPod(h, ana, 'Three');
    expect((await as(h, ana)('POST', '/api/pods/pods', { name: 'Four' })).json().error.code).toBe(
      'POD_CREATION_LIMIT_REACHED',
    );
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}`)).statusCode).toBe(204);
    await createPod(h, ana, 'Four');
    expect((await as(h, ana)('GET', '/api/pods/me/allowance')).json()).toMatchObject({
      podsCreated: 3,
      podCreationCap: 3,
    });
  });
});

describe('invites and membership', () => {
  it('joins by code, shows the join screen first, and a second join changes nothing', async () => {
    const [ana, bo] = [await newUser(h, { name: 'Ana' }), await newUser(h)];
    const { podId, code } = await createPod(h, ana, 'Crew');
    const preview = await as(h, bo)('GET', `/api/pods/invites/${code}`);
    expect(preview.json()).toMatchObject({
      podId,
      name: 'Crew',
      memberCount: 1,
      memberCap: 8,
      isMember: false,
      creator: { id: ana, name: 'Ana' },
    });
    expect((await as(h, bo)('POST', `/api/pods/invites/${code}/join`)).json()).toEqual({ podId, joined: true });
    expect((await as(h, bo)('POST', `/api/pods/invites/${code}/join`)).json()).toEqual({ podId, joined: false });
    const detail = (await as(h, bo)('GET', `/api/pods/pods/${podId}`)).json();
    expect(detail).toMatchObject({ isCreator: false, memberCount: 2, invites: [] });
    expect(detail.members.map((m: { id: string }) => m.id)).toEqual([ana, bo]);
    await expect
      .poll(
        () => joined.some((e) => e.payload.userId === bo && (e.payload as unknown as { via: string }).via === 'invite'),
        { timeout: 5000 },
      )
      .toBe(true);
  });

  it('revokes, rotates and expires codes', async () => {
    const [ana, bo, cy, dee] = [await newUser(h), await newUser(h), await newUser(h), await newUser(h)];
    const { podId, code } = await createPod(h, ana);
    const rotated = await as(h, ana)('POST', `/api/pods/pods/${podId}/invites/rotate`);
    expect(rotated.statusCode).toBe(201);
    const fresh = rotated.json().code;
    expect(fresh).not.toBe(code);
    expect((await as(h, bo)('POST', `/api/pods/invites/${code}/join`)).json().error.code).toBe('INVITE_NOT_FOUND');
    expect((await as(h, bo)('POST', `/api/pods/invites/${fresh}/join`)).json().joined).toBe(true);

    const expiring = (await as(h, ana)('POST', `/api/pods/pods/${podId}/invites`, { expiresInHours: 2 })).json();
    expect(Date.parse(expiring.expiresAt) - Date.now()).toBeGreaterThan(7_000_000);
    await h.sql.query(`UPDATE pods.pod_invite SET expires_at = now() - interval '1 second' WHERE code = $1`, [
      expiring.code,
    ]);
    const late = await as(h, cy)('POST', `/api/pods/invites/${expiring.code}/join`);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('INVITE_EXPIRED');

    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/invites/${fresh}`)).statusCode).toBe(204);
    expect((await as(h, dee)('GET', `/api/pods/invites/${fresh}`)).statusCode).toBe(404);
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/invites/${fresh}`)).json().error.code).toBe(
      'INVITE_NOT_FOUND',
    );
    expect((await as(h, ana)('GET', `/api/pods/pods/${podId}`)).json().invites).toEqual([]);
  });

  it('lets a member leave and the creator remove members, rename and delete; the creator cannot leave', async () => {
    const [ana, bo, cy] = [await newUser(h), await newUser(h), await newUser(h)];
    const { podId, code } = await createPod(h, ana);
    for (const u of [bo, cy]) await as(h, u)('POST', `/api/pods/invites/${code}/join`);
    expect((await as(h, bo)('POST', `/api/pods/pods/${podId}/leave`)).statusCode).toBe(204);
    expect((await as(h, bo)('GET', `/api/pods/pods/${podId}`)).statusCode).toBe(404);
    expect((await as(h, ana)('POST', `/api/pods/pods/${podId}/leave`)).json().error.code).toBe(
      'POD_CREATOR_CANNOT_LEAVE',
    );
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/members/${cy}`)).statusCode).toBe(204);
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/members/${cy}`)).json().error.code).toBe(
      'POD_MEMBER_NOT_FOUND',
    );
    expect((await as(h, cy)('GET', `/api/pods/pods/${podId}`)).statusCode).toBe(404);
    const renamed = await as(h, ana)('PATCH', `/api/pods/pods/${podId}`, { name: 'Night Owls', description: null });
    expect(renamed.json()).toMatchObject({ name: 'Night Owls', description: null, memberCount: 1 });
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}`)).statusCode).toBe(204);
    expect((await as(h, ana)('GET', `/api/pods/pods/${podId}`)).statusCode).toBe(404);
    expect((await h.sql.query('SELECT 1 FROM pods.pod_invite WHERE pod_id = $1', [podId])).rowCount).toBe(0);
  });

  it('publishes pods.member.left.v1 when a member leaves, is removed, or the pod is deleted (once per member)', async () => {
    const [ana, bo, cy, di] = [await newUser(h), await newUser(h), await newUser(h), await newUser(h)];
    const { podId, code } = await createPod(h, ana);
    for (const u of [bo, cy, di]) await as(h, u)('POST', `/api/pods/invites/${code}/join`);
    expect((await as(h, bo)('POST', `/api/pods/pods/${podId}/leave`)).statusCode).toBe(204);
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/members/${cy}`)).statusCode).toBe(204);
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}/members/${cy}`)).statusCode).toBe(404);
    expect((await as(h, ana)('DELETE', `/api/pods/pods/${podId}`)).statusCode).toBe(204);
    await h.bus.idle();
    const ofPod = () =>
      left
        .filter((e) => e.payload.podId === podId)
        .map((e) => [e.payload.userId, e.payload.reason])
        .sort();
    await expect.poll(() => ofPod().length, { timeout: 5000 }).toBe(4);
    expect(ofPod()).toEqual(
      [
        [bo, 'left'],
        [cy, 'removed'],
        [ana, 'pod_deleted'],
        [di, 'pod_deleted'],
      ].sort(),
    );
  });

  it('refuses a user blocked either way by the creator, as if the code did not exist', async () => {
    const [ana, bo, cy] = [await newUser(h), await newUser(h), await newUser(h)];
    const { podId, code } = await createPod(h, ana);
    await as(h, ana)('PUT', `/api/pods/blocks/${bo}`);
    await as(h, cy)('PUT', `/api/pods/blocks/${ana}`);
    for (const u of [bo, cy]) {
      expect((await as(h, u)('GET', `/api/pods/invites/${code}`)).json().error.code).toBe('INVITE_NOT_FOUND');
      expect((await as(h, u)('POST', `/api/pods/invites/${code}/join`)).json().error.code).toBe('INVITE_NOT_FOUND');
    }
    expect(
      (await h.sql.query('SELECT count(*)::int AS n FROM pods.pod_member WHERE pod_id = $1', [podId])).rows[0].n,
    ).toBe(1);
  });
});

describe('the pod log', () => {
  it('shows entries newest first with the author, paged by cursor', async () => {
    const [ana, bo] = [await newUser(h, { name: 'Ana' }), await newUser(h, { name: 'Bo' })];
    const { podId, code } = await createPod(h, ana);
    await as(h, bo)('POST', `/api/pods/invites/${code}/join`);
    const base = Date.now() - 100_000;
    const ids = [];
    for (let i = 0; i < 25; i++)
      ids.push(
        await addLogEntry(h, podId, i % 2 ? bo : ana, { message: `m${i}`, createdAt: new Date(base + i * 1000) }),
      );
    const detail = (await as(h, bo)('GET', `/api/pods/pods/${podId}`)).json();
    expect(detail.log.entries).toHaveLength(20);
    expect(detail.log.entries[0]).toMatchObject({
      id: ids[24],
      message: 'm24',
      proofText: 'did it',
      proofPhotoId: null,
      user: { id: ana, name: 'Ana' },
    });
    const rest = (await as(h, bo)('GET', `/api/pods/pods/${podId}/log?cursor=${detail.log.nextCursor}`)).json();
    expect(rest.entries.map((e: { message: string }) => e.message)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(rest.nextCursor).toBeNull();
    const small = (await as(h, bo)('GET', `/api/pods/pods/${podId}/log?limit=2`)).json();
    expect(small.entries.map((e: { message: string }) => e.message)).toEqual(['m24', 'm23']);
  });

  it('hides an entry its reporter reported, and entries of users hidden from the viewer', async () => {
    const [ana, bo, cy] = [await newUser(h), await newUser(h), await newUser(h)];
    const { podId, code } = await createPod(h, ana);
    for (const u of [bo, cy]) await as(h, u)('POST', `/api/pods/invites/${code}/join`);
    // A second apart: two entries in the same millisecond have no order of their own (CI saw bo before cy).
    const now = Date.now();
    const byBo = await addLogEntry(h, podId, bo, { message: 'bo', createdAt: new Date(now - 1000) });
    const byCy = await addLogEntry(h, podId, cy, { message: 'cy', createdAt: new Date(now) });
    const rep = await as(h, ana)('POST', '/api/pods/reports', { kind: 'pod_log', targetId: byBo, reason: 'spam' });
    expect(rep.statusCode).toBe(201);
    expect(
      (await h.sql.query('SELECT reported_user_id, pod_id FROM pods.report WHERE id = $1', [rep.json().id])).rows[0],
    ).toEqual({ reported_user_id: bo, pod_id: podId });
    await as(h, ana)('PUT', `/api/pods/blocks/${cy}`);
    const messages = async (u: string) =>
      (await as(h, u)('GET', `/api/pods/pods/${podId}/log`)).json().entries.map((e: { message: string }) => e.message);
    expect(await messages(ana)).toEqual([]);
    expect(await messages(bo)).toEqual(['cy', 'bo']);
    expect(
      (await as(h, bo)('POST', '/api/pods/reports', { kind: 'pod_log', targetId: byBo, reason: 'spam' })).json().error
        .code,
    ).toBe('CANNOT_TARGET_SELF');
    const outsider = await newUser(h);
    expect(
      (await as(h, outsider)('POST', '/api/pods/reports', { kind: 'pod_log', targetId: byCy, reason: 'spam' })).json()
        .error.code,
    ).toBe('REPORT_TARGET_NOT_FOUND');
    expect(
      (await as(h, ana)('POST', '/api/pods/reports', { kind: 'pod_log', targetId: randomUUID(), reason: 'spam' }))
        .statusCode,
    ).toBe(404);
  });
});
