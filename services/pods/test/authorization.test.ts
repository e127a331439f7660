import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogEntry, as, createPod, newUser, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
beforeAll(async () => {
  h = await startPods();
});
afterAll(async () => {
  await h?.close();
});

type Role = 'anonymous' | 'nonMember' | 'member' | 'creator' | 'blocked';
const ROLES: Role[] = ['anonymous', 'nonMember', 'member', 'creator', 'blocked'];

/** A pod with its creator, two members (one wrote a log entry), an outsider and a user the creator blocked. */
interface Fixture {
  podId: string;
  code: string;
  name: string;
  entryId: string;
  secret: string;
  users: Record<Exclude<Role, 'anonymous'>, string> & { other: string };
}

async function fixture(): Promise<Fixture> {
  const [creator, member, other, nonMember, blocked] = await Promise.all([
    newUser(h),
    newUser(h),
    newUser(h),
    newUser(h),
    newUser(h),
  ]);
  const name = `Secret ${randomUUID().slice(0, 8)}`;
  const { podId, code } = await createPod(h, creator, name);
  for (const u of [member, other])
    expect((await as(h, u)('POST', `/api/pods/invites/${code}/join`)).statusCode).toBe(200);
  const secret = `log-${randomUUID()}`;
  const entryId = await addLogEntry(h, podId, other, { message: secret });
  expect((await as(h, creator)('PUT', `/api/pods/blocks/${blocked}`)).statusCode).toBe(204);
  return { podId, code, name, entryId, secret, users: { creator, member, other, nonMember, blocked } };
}

type Call = [method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, body?: unknown];

/** Every pods endpoint that touches one pod, with the status each role gets. */
const MATRIX: { name: string; call: (f: Fixture) => Call; expect: Record<Role, number>; mayShowPodName?: boolean }[] = [
  {
    name: 'GET pod detail',
    call: (f) => ['GET', `/api/pods/pods/${f.podId}`],
    expect: { anonymous: 401, nonMember: 404, member: 200, creator: 200, blocked: 404 },
  },
  {
    name: 'GET pod log',
    call: (f) => ['GET', `/api/pods/pods/${f.podId}/log`],
    expect: { anonymous: 401, nonMember: 404, member: 200, creator: 200, blocked: 404 },
  },
  {
    name: 'PATCH pod',
    call: (f) => ['PATCH', `/api/pods/pods/${f.podId}`, { name: 'Renamed' }],
    expect: { anonymous: 401, nonMember: 404, member: 403, creator: 200, blocked: 404 },
  },
  {
    name: 'DELETE pod',
    call: (f) => ['DELETE', `/api/pods/pods/${f.podId}`],
    expect: { anonymous: 401, nonMember: 404, member: 403, creator: 204, blocked: 404 },
  },
  {
    name: 'leave',
    call: (f) => ['POST', `/api/pods/pods/${f.podId}/leave`],
    expect: { anonymous: 401, nonMember: 404, member: 204, creator: 409, blocked: 404 },
  },
  {
    name: 'remove a member',
    call: (f) => ['DELETE', `/api/pods/pods/${f.podId}/members/${f.users.other}`],
    expect: { anonymous: 401, nonMember: 404, member: 403, creator: 204, blocked: 404 },
  },
  {
    name: 'create invite',
    call: (f) => ['POST', `/api/pods/pods/${f.podId}/invites`, { expiresInHours: 24 }],
    expect: { anonymous: 401, nonMember: 404, member: 403, creator: 201, blocked: 404 },
  },
  {
    name: 'rotate invite',
    call: (f) => ['POST', `/api/pods/pods/${f.podId}/invites/rotate`],
    expect: { anonymous: 401, nonMember: 404, member: 403, creator: 201, blocked: 404 },
  },
  {
    name: 'revoke invite',
    call: (f) => ['DELETE', `/api/pods/pods/${f.podId}/invites/${f.code}`],
    expect: { anonymous: 401, nonMember: 404, member: 403, creator: 204, blocked: 404 },
  },
  {
    name: 'invite preview',
    call: (f) => ['GET', `/api/pods/invites/${f.code}`],
    expect: { anonymous: 401, nonMember: 200, member: 200, creator: 200, blocked: 404 },
    mayShowPodName: true,
  },
  {
    name: 'join by code',
    call: (f) => ['POST', `/api/pods/invites/${f.code}/join`],
    expect: { anonymous: 401, nonMember: 200, member: 200, creator: 200, blocked: 404 },
  },
  {
    name: 'react to the log entry',
    call: (f) => ['PUT', `/api/pods/pods/${f.podId}/log/${f.entryId}/reactions/fire`],
    expect: { anonymous: 401, nonMember: 404, member: 200, creator: 200, blocked: 404 },
  },
  {
    name: 'comment on the log entry',
    call: (f) => ['POST', `/api/pods/pods/${f.podId}/log/${f.entryId}/comments`, { body: 'Nice one!' }],
    expect: { anonymous: 401, nonMember: 404, member: 201, creator: 201, blocked: 404 },
  },
  {
    name: 'nudge a member',
    call: (f) => ['POST', `/api/pods/pods/${f.podId}/members/${f.users.other}/nudge`],
    expect: { anonymous: 401, nonMember: 404, member: 201, creator: 201, blocked: 404 },
  },
  {
    name: 'report the log entry',
    call: (f) => ['POST', '/api/pods/reports', { kind: 'pod_log', targetId: f.entryId, reason: 'spam' }],
    expect: { anonymous: 401, nonMember: 404, member: 201, creator: 201, blocked: 404 },
  },
];

describe('authorization matrix: every pod endpoint × anonymous, non-member, member, creator, blocked user', () => {
  for (const row of MATRIX) {
    it(row.name, async () => {
      for (const role of ROLES) {
        const f = await fixture();
        const [method, url, body] = row.call(f);
        const res = await as(h, role === 'anonymous' ? null : f.users[role])(method, url, body);
        expect(res.statusCode, `${row.name} as ${role}: ${res.body}`).toBe(row.expect[role]);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error.code).toEqual(expect.any(String));
        if (role === 'anonymous' || role === 'nonMember' || role === 'blocked') {
          // Nothing of the pod's content reaches anyone outside it; the name only through a code they hold.
          expect(res.body).not.toContain(f.secret);
          expect(res.body).not.toContain(f.entryId);
          if (!(row.mayShowPodName && res.statusCode === 200)) expect(res.body).not.toContain(f.name);
        }
      }
    });
  }

  it('lists the pod under /me/pods for members only', async () => {
    const f = await fixture();
    expect((await as(h, null)('GET', '/api/pods/me/pods')).statusCode).toBe(401);
    for (const role of ['nonMember', 'member', 'creator', 'blocked'] as const) {
      const res = await as(h, f.users[role])('GET', '/api/pods/me/pods');
      expect(res.statusCode).toBe(200);
      expect(res.body.includes(f.podId), role).toBe(role === 'member' || role === 'creator');
    }
  });

  it('answers 401 to anonymous callers on every other pods endpoint', async () => {
    const someone = randomUUID();
    const calls: Call[] = [
      ['GET', '/api/pods/me/allowance'],
      ['GET', '/api/pods/me/export'],
      ['GET', '/api/pods/users/search?q=ab'],
      ['GET', '/api/pods/friends'],
      ['GET', '/api/pods/friends/requests'],
      ['POST', '/api/pods/friends/requests', { userId: someone }],
      ['POST', `/api/pods/friends/requests/${someone}/accept`],
      ['POST', `/api/pods/friends/requests/${someone}/decline`],
      ['DELETE', `/api/pods/friends/requests/${someone}`],
      ['DELETE', `/api/pods/friends/${someone}`],
      ['GET', '/api/pods/blocks'],
      ['PUT', `/api/pods/blocks/${someone}`],
      ['DELETE', `/api/pods/blocks/${someone}`],
      ['POST', '/api/pods/reports', { kind: 'user', targetId: someone, reason: 'spam' }],
      ['POST', '/api/pods/pods', { name: 'X' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await as(h, null)(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });
});

type ChatRole = 'anonymous' | 'stranger' | 'friend' | 'blockedByOwner' | 'blocker';
const CHAT_ROLES: ChatRole[] = ['anonymous', 'stranger', 'friend', 'blockedByOwner', 'blocker'];

/**
 * The chat of `owner`: each role calls the chat endpoints about `owner`. `blockedByOwner` was a
 * friend until the owner blocked them; `blocker` was a friend until they blocked the owner.
 */
async function chatFixture() {
  const [owner, stranger, friend, blockedByOwner, blocker] = await Promise.all([
    newUser(h),
    newUser(h),
    newUser(h),
    newUser(h),
    newUser(h),
  ]);
  const secret = `chat-${randomUUID()}`;
  const messageIds: string[] = [];
  for (const other of [friend, blockedByOwner, blocker]) {
    expect((await as(h, owner)('POST', '/api/pods/friends/requests', { userId: other })).statusCode).toBe(201);
    expect((await as(h, other)('POST', `/api/pods/friends/requests/${owner}/accept`)).statusCode).toBe(204);
    const sent = await as(h, owner)('POST', `/api/pods/chats/${other}/messages`, { body: `${secret} to ${other}` });
    expect(sent.statusCode).toBe(201);
    messageIds.push(sent.json().id);
  }
  expect((await as(h, owner)('PUT', `/api/pods/blocks/${blockedByOwner}`)).statusCode).toBe(204);
  expect((await as(h, blocker)('PUT', `/api/pods/blocks/${owner}`)).statusCode).toBe(204);
  return { owner, secret, messageIds, users: { stranger, friend, blockedByOwner, blocker } };
}

const CHAT_MATRIX: { name: string; call: (owner: string) => Call; expect: Record<ChatRole, number> }[] = [
  {
    name: 'open the chat',
    call: (o) => ['GET', `/api/pods/chats/${o}`],
    expect: { anonymous: 401, stranger: 403, friend: 200, blockedByOwner: 403, blocker: 409 },
  },
  {
    name: 'history',
    call: (o) => ['GET', `/api/pods/chats/${o}/messages`],
    expect: { anonymous: 401, stranger: 403, friend: 200, blockedByOwner: 403, blocker: 409 },
  },
  {
    name: 'send',
    call: (o) => ['POST', `/api/pods/chats/${o}/messages`, { body: 'hello' }],
    expect: { anonymous: 401, stranger: 403, friend: 201, blockedByOwner: 403, blocker: 409 },
  },
  {
    name: 'mark read',
    call: (o) => ['POST', `/api/pods/chats/${o}/read`],
    expect: { anonymous: 401, stranger: 403, friend: 204, blockedByOwner: 403, blocker: 409 },
  },
];

describe('authorization matrix: chat endpoints × anonymous, stranger, friend, blocked (either way)', () => {
  for (const row of CHAT_MATRIX) {
    it(row.name, async () => {
      const f = await chatFixture();
      for (const role of CHAT_ROLES) {
        const [method, url, body] = row.call(f.owner);
        const res = await as(h, role === 'anonymous' ? null : f.users[role])(method, url, body);
        expect(res.statusCode, `${row.name} as ${role}: ${res.body}`).toBe(row.expect[role]);
        if (res.statusCode >= 400) expect(res.json().error.code).toEqual(expect.any(String));
        if (role !== 'friend') {
          expect(res.body).not.toContain(f.secret);
          for (const id of f.messageIds) expect(res.body).not.toContain(id);
        }
      }
    });
  }

  it('reports: only the recipient of a message may report it; nobody else learns it exists', async () => {
    const f = await chatFixture();
    const [toFriend, toBlockedByOwner, toBlocker] = f.messageIds as [string, string, string];
    const report = (who: string | null, id: string) =>
      as(h, who)('POST', '/api/pods/reports', { kind: 'chat_message', targetId: id, reason: 'spam' });
    expect((await report(null, toFriend)).statusCode).toBe(401);
    expect((await report(f.users.stranger, toFriend)).statusCode).toBe(404);
    expect((await report(f.users.blocker, toFriend)).statusCode).toBe(404);
    expect((await report(f.users.friend, toFriend)).statusCode).toBe(201);
    // A blocked user can still report what they received before the block; so can the blocker.
    expect((await report(f.users.blockedByOwner, toBlockedByOwner)).statusCode).toBe(201);
    expect((await report(f.users.blocker, toBlocker)).statusCode).toBe(201);
  });

  it('unread counts and the chat stream answer 401 anonymously and never count a blocked chat', async () => {
    const f = await chatFixture();
    expect((await as(h, null)('GET', '/api/pods/chats/unread')).statusCode).toBe(401);
    expect((await as(h, null)('POST', '/api/pods/chats/stream-ticket')).statusCode).toBe(401);
    expect((await h.pods.app.inject({ method: 'GET', url: '/api/pods/chats/events' })).statusCode).toBe(401);
    expect((await as(h, f.users.friend)('GET', '/api/pods/chats/unread')).json()).toEqual({
      total: 1,
      friends: [{ userId: f.owner, count: 1 }],
    });
    for (const role of ['stranger', 'blockedByOwner', 'blocker'] as const) {
      expect((await as(h, f.users[role])('GET', '/api/pods/chats/unread')).json(), role).toEqual({
        total: 0,
        friends: [],
      });
    }
  });
});
