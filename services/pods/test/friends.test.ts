import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, newUser, publishLevel, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
const seen: DomainEvent[] = [];
beforeAll(async () => {
  h = await startPods();
  await h.bus.subscribe({ durable: 'test-friendship-watch', subjects: ['pods.friendship.changed.v1'] }, async (e) => {
    seen.push(e);
  });
});
afterAll(async () => {
  await h?.close();
});

const eventsBetween = (a: string, b: string) =>
  seen
    .filter(
      (e) =>
        [a, b].includes(e.payload.userId) &&
        [a, b].includes((e.payload as unknown as { otherUserId: string }).otherUserId),
    )
    .map((e) => e.payload as unknown as { change: string; friends: boolean; version: number; userId: string });

describe('friend requests', () => {
  it('sends, lists both ways, accepts, lists friends with name, username, avatar and level, and publishes each change', async () => {
    const ana = await newUser(h, { name: 'Ana', username: 'ana_friends1', photoUrl: 'https://x.test/a.png' });
    const bo = await newUser(h, { name: 'Bo', displayName: 'Bobby', username: 'bo_friends1' });
    await publishLevel(h, bo, 4);
    const sent = await as(h, ana)('POST', '/api/pods/friends/requests', { userId: bo });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ userId: bo, status: 'pending' });
    expect((await as(h, ana)('POST', '/api/pods/friends/requests', { userId: bo })).json()).toEqual({
      userId: bo,
      status: 'pending',
    });

    const anaReqs = (await as(h, ana)('GET', '/api/pods/friends/requests')).json();
    expect(anaReqs.incoming).toEqual([]);
    expect(anaReqs.outgoing).toEqual([
      expect.objectContaining({ id: bo, name: 'Bobby', username: 'bo_friends1', level: 4 }),
    ]);
    const boReqs = (await as(h, bo)('GET', '/api/pods/friends/requests')).json();
    expect(boReqs.incoming).toEqual([
      // The link to another site is not shown (decision 0035).
      expect.objectContaining({ id: ana, name: 'Ana', photoUrl: null, level: 1 }),
    ]);

    expect((await as(h, bo)('POST', `/api/pods/friends/requests/${ana}/accept`)).statusCode).toBe(204);
    const boFriends = (await as(h, bo)('GET', '/api/pods/friends')).json().friends;
    expect(boFriends).toEqual([
      {
        id: ana,
        name: 'Ana',
        username: 'ana_friends1',
        photoUrl: null,
        avatarConfig: null,
        level: 1,
        since: expect.any(String),
      },
    ]);
    expect((await as(h, ana)('GET', '/api/pods/friends')).json().friends.map((f: { id: string }) => f.id)).toEqual([
      bo,
    ]);
    expect((await as(h, ana)('GET', '/api/pods/friends/requests')).json()).toEqual({ incoming: [], outgoing: [] });

    await expect.poll(() => eventsBetween(ana, bo).length, { timeout: 5000 }).toBe(2);
    const [requested, accepted] = eventsBetween(ana, bo).sort((x, y) => x.version - y.version);
    expect(requested).toMatchObject({ userId: ana, change: 'requested', friends: false });
    expect(accepted).toMatchObject({ userId: bo, change: 'accepted', friends: true });

    expect((await as(h, ana)('POST', '/api/pods/friends/requests', { userId: bo })).json().error.code).toBe(
      'ALREADY_FRIENDS',
    );
    expect((await as(h, ana)('DELETE', `/api/pods/friends/${bo}`)).statusCode).toBe(204);
    expect((await as(h, bo)('GET', '/api/pods/friends')).json().friends).toEqual([]);
    await expect
      .poll(() => eventsBetween(ana, bo).some((e) => e.change === 'removed' && !e.friends), { timeout: 5000 })
      .toBe(true);
    expect((await as(h, ana)('DELETE', `/api/pods/friends/${bo}`)).json().error.code).toBe('FRIEND_NOT_FOUND');
  });

  it('makes two crossing requests friends', async () => {
    const [a, b] = [await newUser(h), await newUser(h)];
    await as(h, a)('POST', '/api/pods/friends/requests', { userId: b });
    const res = await as(h, b)('POST', '/api/pods/friends/requests', { userId: a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: a, status: 'friends' });
  });

  it('declines and cancels only the right side’s request', async () => {
    const [a, b] = [await newUser(h), await newUser(h)];
    await as(h, a)('POST', '/api/pods/friends/requests', { userId: b });
    expect((await as(h, a)('POST', `/api/pods/friends/requests/${b}/accept`)).json().error.code).toBe(
      'FRIEND_REQUEST_NOT_FOUND',
    );
    expect((await as(h, a)('POST', `/api/pods/friends/requests/${b}/decline`)).statusCode).toBe(404);
    expect((await as(h, b)('DELETE', `/api/pods/friends/requests/${a}`)).statusCode).toBe(404);
    expect((await as(h, b)('POST', `/api/pods/friends/requests/${a}/decline`)).statusCode).toBe(204);
    expect((await as(h, b)('GET', '/api/pods/friends/requests')).json().incoming).toEqual([]);
    await as(h, a)('POST', '/api/pods/friends/requests', { userId: b });
    expect((await as(h, a)('DELETE', `/api/pods/friends/requests/${b}`)).statusCode).toBe(204);
    expect((await as(h, b)('GET', '/api/pods/friends/requests')).json().incoming).toEqual([]);
    expect((await h.sql.query('SELECT 1 FROM pods.friendship WHERE $1 IN (user_low, user_high)', [a])).rowCount).toBe(
      0,
    );
  });

  it('refuses oneself and unknown users', async () => {
    const a = await newUser(h);
    const self = await as(h, a)('POST', '/api/pods/friends/requests', { userId: a });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('CANNOT_TARGET_SELF');
    expect((await as(h, a)('POST', '/api/pods/friends/requests', { userId: randomUUID() })).json().error.code).toBe(
      'USER_NOT_FOUND',
    );
  });
});

describe('GET /api/pods/users/search', () => {
  it('finds by username prefix (case and @ ignored), pages by cursor, never the caller', async () => {
    const me = await newUser(h, { username: 'zed_me' });
    const ids = [];
    for (const n of ['zed_a', 'zed_b', 'zed_c', 'zed_d', 'zed_e'])
      ids.push(await newUser(h, { username: n, name: n.toUpperCase() }));
    await newUser(h, { username: 'zedx_other' });
    const first = (await as(h, me)('GET', '/api/pods/users/search?q=@ZED_&limit=2')).json();
    expect(first.users.map((u: { username: string }) => u.username)).toEqual(['zed_a', 'zed_b']);
    expect(first.users[0]).toMatchObject({ id: ids[0], name: 'ZED_A', relation: 'none', level: 1 });
    const second = (await as(h, me)('GET', `/api/pods/users/search?q=zed_&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.users.map((u: { username: string }) => u.username)).toEqual(['zed_c', 'zed_d']);
    const third = (await as(h, me)('GET', `/api/pods/users/search?q=zed_&limit=2&cursor=${second.nextCursor}`)).json();
    expect(third).toEqual({ users: [expect.objectContaining({ username: 'zed_e' })], nextCursor: null });
  });

  it('shows the relation to each result', async () => {
    const me = await newUser(h, { username: 'rel_me' });
    const out = await newUser(h, { username: 'rel_out' });
    const inc = await newUser(h, { username: 'rel_in' });
    await as(h, me)('POST', '/api/pods/friends/requests', { userId: out });
    await as(h, inc)('POST', '/api/pods/friends/requests', { userId: me });
    const users = (await as(h, me)('GET', '/api/pods/users/search?q=rel_')).json().users;
    expect(
      Object.fromEntries(users.map((u: { username: string; relation: string }) => [u.username, u.relation])),
    ).toEqual({ rel_in: 'incoming', rel_out: 'outgoing' });
  });

  it('never matches an e-mail address or a name, and treats _ literally', async () => {
    const me = await newUser(h);
    await newUser(h, { username: 'lit_x1', name: 'Findme Byname' });
    await newUser(h, { username: 'litax1' });
    expect((await as(h, me)('GET', '/api/pods/users/search?q=findme')).json().users).toEqual([]);
    expect(
      (await as(h, me)('GET', '/api/pods/users/search?q=lit_'))
        .json()
        .users.map((u: { username: string }) => u.username),
    ).toEqual(['lit_x1']);
    const email = await as(h, me)('GET', '/api/pods/users/search?q=ana@example.com');
    expect(email.statusCode).toBe(400);
    expect(email.json().error.code).toBe('VALIDATION_FAILED');
  });
});
