import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogEntry, createPod, newUser, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
beforeAll(async () => {
  h = await startPods();
});
afterAll(async () => {
  await h?.close();
});

const TABLES = [
  'pod',
  'pod_member',
  'pod_invite',
  'pod_log',
  'friendship',
  'user_block',
  'report',
  'outbox_event',
  'chat_message',
  'stream_ticket',
  'pod_log_reaction',
  'pod_log_comment',
  'pod_nudge',
];
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (t) => [t, (await h.sql.query(`SELECT count(*)::int AS n FROM pods.${t}`)).rows[0].n]),
    ),
  );

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

describe('bad input on every endpoint', () => {
  it('answers 4xx with a stable code, stores nothing, never 5xx', async () => {
    const creator = await newUser(h);
    const fresh = await newUser(h);
    const other = await newUser(h);
    const { podId, code } = await createPod(h, creator);
    const long = (n: number) => 'x'.repeat(n);
    // A friend to chat with: every chat case below is refused for its input, not for who it is with.
    const friend = await newUser(h);
    await h.pods.app.inject({
      method: 'POST',
      url: '/api/pods/friends/requests',
      payload: { userId: friend },
      headers: { authorization: `Bearer ${h.issuer.sign(creator)}` },
    });
    await h.pods.app.inject({
      method: 'POST',
      url: `/api/pods/friends/requests/${creator}/accept`,
      headers: { authorization: `Bearer ${h.issuer.sign(friend)}` },
    });
    const chat = `/api/pods/chats/${friend}`;
    const entry = `/api/pods/pods/${podId}/log/${await addLogEntry(h, podId, creator)}`;

    const cases: [who: string, method: Method, url: string, body?: unknown, rawJson?: string][] = [
      [fresh, 'GET', '/api/pods/users/search'],
      [fresh, 'GET', '/api/pods/users/search?q='],
      [fresh, 'GET', `/api/pods/users/search?q=${long(22)}`],
      [fresh, 'GET', '/api/pods/users/search?q=a%25'],
      [fresh, 'GET', '/api/pods/users/search?q=a%20b'],
      [fresh, 'GET', '/api/pods/users/search?q=ab&limit=0'],
      [fresh, 'GET', '/api/pods/users/search?q=ab&limit=51'],
      [fresh, 'GET', '/api/pods/users/search?q=ab&limit=x'],
      [fresh, 'GET', '/api/pods/users/search?q=ab&cursor=nope'],
      [fresh, 'GET', '/api/pods/users/search?q=ab&email=a@b.c'],
      [fresh, 'POST', '/api/pods/friends/requests'],
      [fresh, 'POST', '/api/pods/friends/requests', {}],
      [fresh, 'POST', '/api/pods/friends/requests', { userId: 'x' }],
      [fresh, 'POST', '/api/pods/friends/requests', { userId: 42 }],
      [fresh, 'POST', '/api/pods/friends/requests', { userId: other, extra: 1 }],
      [fresh, 'POST', '/api/pods/friends/requests', [other]],
      [fresh, 'POST', '/api/pods/friends/requests', undefined, '{"userId":'],
      [fresh, 'POST', '/api/pods/friends/requests/not-a-uuid/accept'],
      [fresh, 'POST', '/api/pods/friends/requests/not-a-uuid/decline'],
      [fresh, 'DELETE', '/api/pods/friends/requests/not-a-uuid'],
      [fresh, 'DELETE', '/api/pods/friends/not-a-uuid'],
      [fresh, 'PUT', '/api/pods/blocks/not-a-uuid'],
      [fresh, 'DELETE', '/api/pods/blocks/not-a-uuid'],
      [fresh, 'POST', '/api/pods/reports', {}],
      [fresh, 'POST', '/api/pods/reports', { kind: 'pod', targetId: other, reason: 'spam' }],
      [fresh, 'POST', '/api/pods/reports', { kind: 'message', targetId: other, reason: 'spam' }],
      [fresh, 'POST', '/api/pods/reports', { kind: 'chat_message', targetId: 'not-a-uuid', reason: 'spam' }],
      [fresh, 'POST', '/api/pods/reports', { kind: 'user', targetId: other, reason: 'meh' }],
      [fresh, 'POST', '/api/pods/reports', { kind: 'user', targetId: 'x', reason: 'spam' }],
      [fresh, 'POST', '/api/pods/reports', { kind: 'user', targetId: other, reason: 'other', details: long(501) }],
      [fresh, 'POST', '/api/pods/reports', { kind: 'user', targetId: other, reason: 'spam', email: 'x' }],
      [fresh, 'POST', '/api/pods/pods'],
      [fresh, 'POST', '/api/pods/pods', {}],
      [fresh, 'POST', '/api/pods/pods', { name: '' }],
      [fresh, 'POST', '/api/pods/pods', { name: '    ' }],
      [fresh, 'POST', '/api/pods/pods', { name: long(51) }],
      [fresh, 'POST', '/api/pods/pods', { name: 'Ok', description: long(281) }],
      [fresh, 'POST', '/api/pods/pods', { name: { first: 'x' } }],
      [fresh, 'POST', '/api/pods/pods', { name: null }],
      [fresh, 'POST', '/api/pods/pods', { name: 'Ok', createdBy: other }],
      [fresh, 'POST', '/api/pods/pods', { name: 'Ok', memberCap: 99 }],
      [creator, 'GET', '/api/pods/pods/not-a-uuid'],
      [creator, 'GET', `/api/pods/pods/${podId}/log?limit=0`],
      [creator, 'GET', `/api/pods/pods/${podId}/log?limit=51`],
      [creator, 'GET', `/api/pods/pods/${podId}/log?cursor=zzzz`],
      [creator, 'GET', `/api/pods/pods/${podId}/log?cursor=a%25b`],
      [
        creator,
        'GET',
        `/api/pods/pods/${podId}/log?cursor=${Buffer.from('2026-01-01T00:00:00Z|not-an-id').toString('base64url')}`,
      ],
      [creator, 'PATCH', `/api/pods/pods/${podId}`, {}],
      [creator, 'PATCH', `/api/pods/pods/${podId}`, { name: '' }],
      [creator, 'PATCH', `/api/pods/pods/${podId}`, { name: '   ' }],
      [creator, 'PATCH', `/api/pods/pods/${podId}`, { name: long(51) }],
      [creator, 'PATCH', `/api/pods/pods/${podId}`, { createdBy: other }],
      [creator, 'PATCH', '/api/pods/pods/not-a-uuid', { name: 'Ok' }],
      [creator, 'DELETE', '/api/pods/pods/not-a-uuid'],
      [creator, 'POST', '/api/pods/pods/not-a-uuid/leave'],
      [creator, 'DELETE', `/api/pods/pods/${podId}/members/not-a-uuid`],
      [creator, 'POST', `/api/pods/pods/${podId}/invites`, { expiresInHours: 0 }],
      [creator, 'POST', `/api/pods/pods/${podId}/invites`, { expiresInHours: 100000 }],
      [creator, 'POST', `/api/pods/pods/${podId}/invites`, { expiresInHours: 'soon' }],
      [creator, 'POST', `/api/pods/pods/${podId}/invites`, { code: 'mine' }],
      [creator, 'POST', `/api/pods/pods/${podId}/invites/rotate`, { expiresInHours: -1 }],
      [creator, 'DELETE', `/api/pods/pods/${podId}/invites/short`],
      [creator, 'DELETE', `/api/pods/pods/${podId}/invites/${'!'.repeat(24)}`],
      [other, 'GET', '/api/pods/invites/short'],
      [other, 'GET', `/api/pods/invites/${long(65)}`],
      [other, 'POST', `/api/pods/invites/${encodeURIComponent("' OR 1=1 --xxxxxxxxxx")}/join`],
      [other, 'POST', `/api/pods/invites/${code.slice(0, 10)}/join`],
      [creator, 'GET', '/api/pods/chats/not-a-uuid'],
      [creator, 'GET', '/api/pods/chats/not-a-uuid/messages'],
      [creator, 'POST', '/api/pods/chats/not-a-uuid/messages', { body: 'hi' }],
      [creator, 'POST', '/api/pods/chats/not-a-uuid/read'],
      [creator, 'GET', `${chat}/messages?limit=0`],
      [creator, 'GET', `${chat}/messages?limit=51`],
      [creator, 'GET', `${chat}/messages?limit=x`],
      [creator, 'GET', `${chat}/messages?cursor=zzzz`],
      [creator, 'GET', `${chat}/messages?cursor=a%25b`],
      [
        creator,
        'GET',
        `${chat}/messages?cursor=${Buffer.from('2026-01-01T00:00:00Z|not-an-id').toString('base64url')}`,
      ],
      [creator, 'GET', `${chat}/messages?before=1`],
      [creator, 'POST', `${chat}/messages`],
      [creator, 'POST', `${chat}/messages`, {}],
      [creator, 'POST', `${chat}/messages`, { body: '' }],
      [creator, 'POST', `${chat}/messages`, { body: '   \n\t ' }],
      [creator, 'POST', `${chat}/messages`, { body: long(1001) }],
      [creator, 'POST', `${chat}/messages`, { body: long(5000) }],
      [creator, 'POST', `${chat}/messages`, { body: 'nul \u0000 byte' }],
      [creator, 'POST', `${chat}/messages`, { body: 'bell \u0007' }],
      [creator, 'POST', `${chat}/messages`, { body: 'bidi \u202e override' }],
      [creator, 'POST', `${chat}/messages`, { body: null }],
      [creator, 'POST', `${chat}/messages`, { body: 'hi', senderId: friend }],
      [creator, 'POST', `${chat}/messages`, { body: 'hi', photoUrl: 'https://example.com/x.png' }],
      [creator, 'POST', `${chat}/messages`, undefined, '{"body":'],
      [creator, 'PUT', `${entry}/reactions/heart`],
      [creator, 'PUT', `${entry}/reactions/FIRE`],
      [creator, 'PUT', `${entry}/reactions/`],
      [creator, 'DELETE', `${entry}/reactions/%F0%9F%94%A5`],
      [creator, 'PUT', `/api/pods/pods/${podId}/log/not-a-uuid/reactions/fire`],
      [creator, 'PUT', `/api/pods/pods/not-a-uuid/log/${podId}/reactions/fire`],
      [creator, 'POST', `${entry}/comments`],
      [creator, 'POST', `${entry}/comments`, {}],
      [creator, 'POST', `${entry}/comments`, { body: '' }],
      [creator, 'POST', `${entry}/comments`, { body: '   ' }],
      [creator, 'POST', `${entry}/comments`, { body: long(281) }],
      [creator, 'POST', `${entry}/comments`, { body: long(5000) }],
      [creator, 'POST', `${entry}/comments`, { body: 'two\nlines' }],
      [creator, 'POST', `${entry}/comments`, { body: 'nul \u0000 byte' }],
      [creator, 'POST', `${entry}/comments`, { body: 'bidi \u202e override' }],
      [creator, 'POST', `${entry}/comments`, { body: 'hi', userId: other }],
      [creator, 'POST', `${entry}/comments`, undefined, '{"body":'],
      [creator, 'DELETE', `${entry}/comments/not-a-uuid`],
      [creator, 'POST', `/api/pods/pods/${podId}/members/not-a-uuid/nudge`],
      [creator, 'POST', `/api/pods/pods/not-a-uuid/members/${other}/nudge`],
      [creator, 'GET', '/api/pods/chats/events?ticket=short'],
      [creator, 'GET', '/api/pods/chats/events?ticket=' + '!'.repeat(30)],
    ];

    const before = await counts();
    for (const [who, method, url, body, rawJson] of cases) {
      const res = await h.pods.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${h.issuer.sign(who)}`,
          ...(rawJson ? { 'content-type': 'application/json' } : {}),
        },
        ...(rawJson ? { payload: rawJson } : body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      const label = `${method} ${url} ${JSON.stringify(body ?? rawJson ?? null).slice(0, 60)}`;
      expect(res.statusCode, `${label} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(res.json().error.code, label).toMatch(/^[A-Z_]+$/);
      expect(['VALIDATION_FAILED', 'BAD_REQUEST', 'INVITE_NOT_FOUND'], label).toContain(res.json().error.code);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('hostile text (issue 21, defect 3)', () => {
  const HOSTILE = {
    NUL: 'a\u0000b',
    'a lone surrogate': 'a\ud800b',
    SOH: 'a\u0001b',
    ESC: 'a\u001bb',
    NEL: 'a\u0085b',
  };

  it('in a pod name or description (create and update) and a report’s details: 400 VALIDATION_FAILED, nothing stored', async () => {
    const creator = await newUser(h);
    const maker = await newUser(h); // no pod of their own yet: the creation cap is not what answers
    const other = await newUser(h);
    const { podId } = await createPod(h, creator);
    const before = await counts();
    for (const [name, text] of Object.entries(HOSTILE)) {
      const cases: [
        who: string,
        method: 'POST' | 'PATCH',
        url: string,
        body: Record<string, unknown>,
        field: string,
      ][] = [
        [maker, 'POST', '/api/pods/pods', { name: `Crew ${text}` }, 'name'],
        [maker, 'POST', '/api/pods/pods', { name: 'Crew', description: text }, 'description'],
        [creator, 'PATCH', `/api/pods/pods/${podId}`, { name: `Crew ${text}` }, 'name'],
        [creator, 'PATCH', `/api/pods/pods/${podId}`, { description: text }, 'description'],
        [
          creator,
          'POST',
          '/api/pods/reports',
          { kind: 'user', targetId: other, reason: 'other', details: text },
          'details',
        ],
      ];
      for (const [who, method, url, body, field] of cases) {
        const res = await h.pods.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${h.issuer.sign(who)}` },
          payload: body,
        });
        const label = `${method} ${url} ${field} with ${name}`;
        expect(res.statusCode, `${label} → ${res.body}`).toBe(400);
        expect(res.json().error, label).toMatchObject({ code: 'VALIDATION_FAILED', field });
      }
    }
    expect(await counts()).toEqual(before);
    // Line breaks stay welcome in a description.
    const ok = await h.pods.app.inject({
      method: 'PATCH',
      url: `/api/pods/pods/${podId}`,
      headers: { authorization: `Bearer ${h.issuer.sign(creator)}` },
      payload: { description: 'Mornings.\nEvery day, 7:00.\t🙂' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
