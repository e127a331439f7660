import { randomUUID } from 'node:crypto';
import { defaultAvatarConfig } from '@vere/domain';
import type { DomainEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogEntry, as, createPod, newUser, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
const seen: DomainEvent[] = [];
const blockEvents: DomainEvent[] = [];
beforeAll(async () => {
  h = await startPods();
  await h.bus.subscribe({ durable: 'test-block-watch', subjects: ['pods.block.changed.v1'] }, async (e) => {
    blockEvents.push(e);
  });
  await h.bus.subscribe({ durable: 'test-friendship-watch', subjects: ['pods.friendship.changed.v1'] }, async (e) => {
    seen.push(e);
  });
});
afterAll(async () => {
  await h?.close();
});

const befriend = async (a: string, b: string) => {
  await as(h, a)('POST', '/api/pods/friends/requests', { userId: b });
  expect((await as(h, b)('POST', `/api/pods/friends/requests/${a}/accept`)).statusCode).toBe(204);
};
const searchNames = async (viewer: string, q: string) =>
  (await as(h, viewer)('GET', `/api/pods/users/search?q=${q}`))
    .json()
    .users.map((u: { username: string }) => u.username);
const friendIds = async (viewer: string) =>
  (await as(h, viewer)('GET', '/api/pods/friends')).json().friends.map((f: { id: string }) => f.id);

describe('blocking', () => {
  it('publishes pods.block.changed.v1 for a block and its lifting, once per change, with growing versions', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    expect((await as(h, ana)('PUT', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    expect((await as(h, ana)('PUT', `/api/pods/blocks/${bo}`)).statusCode).toBe(204); // already blocked: no event
    expect((await as(h, ana)('DELETE', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    expect((await as(h, ana)('DELETE', `/api/pods/blocks/${bo}`)).statusCode).toBe(204); // no block: no event
    await h.bus.idle();
    const mine = () => blockEvents.filter((e) => e.payload.userId === ana);
    await expect.poll(() => mine().length, { timeout: 5000 }).toBe(2);
    const [blocked, lifted] = mine().sort((a, b) => Number(a.payload.version) - Number(b.payload.version));
    expect(blocked!.payload).toMatchObject({ userId: ana, otherUserId: bo, blocked: true });
    expect(lifted!.payload).toMatchObject({ userId: ana, otherUserId: bo, blocked: false });
    expect(Number(lifted!.payload.version)).toBeGreaterThan(Number(blocked!.payload.version));
  });

  it('ends the friendship, hides each from the other, refuses requests both ways, and lifts cleanly', async () => {
    const ana = await newUser(h, { username: 'blk_ana' });
    const bo = await newUser(h, { username: 'blk_bo' });
    await befriend(ana, bo);
    expect((await as(h, ana)('PUT', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    expect((await as(h, ana)('PUT', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);

    expect(await friendIds(ana)).toEqual([]);
    expect(await friendIds(bo)).toEqual([]);
    expect(await searchNames(ana, 'blk_')).toEqual([]);
    expect(await searchNames(bo, 'blk_')).toEqual([]);
    await expect
      .poll(
        () =>
          seen.some(
            (e) => e.payload.userId === ana && (e.payload as unknown as { change: string }).change === 'blocked',
          ),
        { timeout: 5000 },
      )
      .toBe(true);

    const fromBlocked = await as(h, bo)('POST', '/api/pods/friends/requests', { userId: ana });
    expect(fromBlocked.statusCode).toBe(404);
    expect(fromBlocked.json().error.code).toBe('USER_NOT_FOUND');
    const fromBlocker = await as(h, ana)('POST', '/api/pods/friends/requests', { userId: bo });
    expect(fromBlocker.statusCode).toBe(409);
    expect(fromBlocker.json().error.code).toBe('USER_BLOCKED');
    expect((await h.sql.query('SELECT 1 FROM pods.friendship WHERE $1 IN (user_low, user_high)', [ana])).rowCount).toBe(
      0,
    );

    expect((await as(h, ana)('GET', '/api/pods/blocks')).json().users).toEqual([
      expect.objectContaining({ id: bo, username: 'blk_bo' }),
    ]);
    expect((await as(h, bo)('GET', '/api/pods/blocks')).json().users).toEqual([]);

    expect((await as(h, ana)('DELETE', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    expect(await searchNames(bo, 'blk_')).toEqual(['blk_ana']);
    expect(await friendIds(ana)).toEqual([]);
    expect((await as(h, bo)('POST', '/api/pods/friends/requests', { userId: ana })).statusCode).toBe(201);
  });

  it('removes a pending request both ways, and hides the blocker’s incoming requests', async () => {
    const [a, b] = [await newUser(h), await newUser(h)];
    await as(h, b)('POST', '/api/pods/friends/requests', { userId: a });
    await as(h, a)('PUT', `/api/pods/blocks/${b}`);
    expect((await as(h, a)('GET', '/api/pods/friends/requests')).json()).toEqual({ incoming: [], outgoing: [] });
    expect((await as(h, b)('GET', '/api/pods/friends/requests')).json()).toEqual({ incoming: [], outgoing: [] });
  });

  it('refuses oneself and unknown users', async () => {
    const a = await newUser(h);
    expect((await as(h, a)('PUT', `/api/pods/blocks/${a}`)).json().error.code).toBe('CANNOT_TARGET_SELF');
    expect((await as(h, a)('PUT', `/api/pods/blocks/${randomUUID()}`)).json().error.code).toBe('USER_NOT_FOUND');
  });
});

describe('what a block hides in a shared pod (decision 0035)', () => {
  it('keeps both members but shows each to the other as a hidden member, without name, photo or avatar', async () => {
    const ana = await newUser(h, { name: 'Ana', username: 'hid_ana', avatarConfig: defaultAvatarConfig('a') });
    const bo = await newUser(h, { name: 'Bo', username: 'hid_bo', avatarConfig: defaultAvatarConfig('b') });
    const cy = await newUser(h, { name: 'Cy', username: 'hid_cy' });
    const { podId, code } = await createPod(h, ana);
    for (const u of [bo, cy]) expect((await as(h, u)('POST', `/api/pods/invites/${code}/join`)).statusCode).toBe(200);
    expect((await as(h, ana)('PUT', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);

    type Member = { id: string; name: string; username: string | null; avatarConfig: unknown; hidden?: boolean };
    const membersSeenBy = async (viewer: string) => {
      const res = await as(h, viewer)('GET', `/api/pods/pods/${podId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { memberCount: number; members: Member[] };
    };
    const hiddenCard = { name: 'Hidden member', username: null, photoUrl: null, avatarConfig: null, hidden: true };
    const byAna = await membersSeenBy(ana);
    expect(byAna.memberCount).toBe(3);
    expect(byAna.members.find((m) => m.id === bo)).toMatchObject(hiddenCard);
    expect(byAna.members.find((m) => m.id === cy)).toMatchObject({ name: 'Cy', username: 'hid_cy', hidden: false });
    const byBo = await membersSeenBy(bo);
    expect(byBo.members.find((m) => m.id === ana)).toMatchObject({ ...hiddenCard, isCreator: true });
    const byCy = await membersSeenBy(cy);
    expect(byCy.members.find((m) => m.id === ana)).toMatchObject({ name: 'Ana', username: 'hid_ana', hidden: false });
    expect(byCy.members.find((m) => m.id === bo)).toMatchObject({ name: 'Bo', username: 'hid_bo', hidden: false });
    expect(JSON.stringify(byBo)).not.toContain('hid_ana');
    expect(JSON.stringify(byAna)).not.toContain('hid_bo');

    expect((await as(h, ana)('DELETE', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    expect((await membersSeenBy(bo)).members.find((m) => m.id === ana)).toMatchObject({ name: 'Ana', hidden: false });
  });
});

describe('reporting a user', () => {
  it('stores the report for review once, and hides the user from the reporter only', async () => {
    const ana = await newUser(h, { username: 'rep_ana' });
    const bo = await newUser(h, { username: 'rep_bo' });
    const cy = await newUser(h, { username: 'rep_cy' });
    await befriend(ana, bo);
    const first = await as(h, ana)('POST', '/api/pods/reports', {
      kind: 'user',
      targetId: bo,
      reason: 'harassment',
      details: '  rude  ',
    });
    expect(first.statusCode).toBe(201);
    const again = await as(h, ana)('POST', '/api/pods/reports', { kind: 'user', targetId: bo, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const { rows } = await h.sql.query(
      'SELECT reporter_id, kind, target_id, reported_user_id, reason, details, status FROM pods.report WHERE target_id = $1',
      [bo],
    );
    expect(rows).toEqual([
      {
        reporter_id: ana,
        kind: 'user',
        target_id: bo,
        reported_user_id: bo,
        reason: 'harassment',
        details: 'rude',
        status: 'open',
      },
    ]);

    expect(await searchNames(ana, 'rep_')).toEqual(['rep_cy']);
    expect(await friendIds(ana)).toEqual([]);
    expect(await friendIds(bo)).toEqual([ana]);
    expect(await searchNames(cy, 'rep_')).toEqual(['rep_ana', 'rep_bo']);
  });

  it('refuses oneself, unknown users and users who blocked the reporter, storing nothing', async () => {
    const [a, b] = [await newUser(h), await newUser(h)];
    await as(h, b)('PUT', `/api/pods/blocks/${a}`);
    expect(
      (await as(h, a)('POST', '/api/pods/reports', { kind: 'user', targetId: a, reason: 'spam' })).json().error.code,
    ).toBe('CANNOT_TARGET_SELF');
    for (const targetId of [randomUUID(), b]) {
      const res = await as(h, a)('POST', '/api/pods/reports', { kind: 'user', targetId, reason: 'spam' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('REPORT_TARGET_NOT_FOUND');
    }
    expect((await h.sql.query('SELECT 1 FROM pods.report WHERE reporter_id = $1', [a])).rowCount).toBe(0);
  });
});

describe('your data', () => {
  it("exports the user's friendships, blocks, reports and pod log posts — not others' blocks or reports of them", async () => {
    const [me, friend, asker, blocked, reporter] = [
      await newUser(h),
      await newUser(h),
      await newUser(h),
      await newUser(h),
      await newUser(h),
    ];
    await befriend(me, friend);
    await as(h, asker)('POST', '/api/pods/friends/requests', { userId: me });
    expect((await as(h, me)('PUT', `/api/pods/blocks/${blocked}`)).statusCode).toBe(204);
    expect(
      (await as(h, me)('POST', '/api/pods/reports', { kind: 'user', targetId: asker, reason: 'spam', details: 'ads' }))
        .statusCode,
    ).toBe(201);
    // Someone else's view of me is theirs: a block and a report of me are not in my export.
    await as(h, reporter)('PUT', `/api/pods/blocks/${me}`);
    await as(h, friend)('POST', '/api/pods/reports', { kind: 'user', targetId: me, reason: 'spam' });
    const { podId } = await createPod(h, me, 'Export Crew');
    await addLogEntry(h, podId, me, { message: 'Did the cold shower' });

    const res = await as(h, me)('GET', '/api/pods/me/export');
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.friendships).toEqual([
      expect.objectContaining({
        withUserId: friend,
        status: 'accepted',
        requestedByYou: true,
        acceptedAt: expect.any(String),
      }),
      expect.objectContaining({ withUserId: asker, status: 'pending', requestedByYou: false, acceptedAt: null }),
    ]);
    expect(data.blocks).toEqual([{ blockedUserId: blocked, createdAt: expect.any(String) }]);
    expect(data.reports).toEqual([
      expect.objectContaining({ kind: 'user', targetId: asker, reason: 'spam', details: 'ads', status: 'open' }),
    ]);
    expect(data.podLogEntries).toEqual([
      expect.objectContaining({ podId, message: 'Did the cold shower', hasPhoto: false }),
    ]);
  });
});
