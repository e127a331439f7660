import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { deleteUser } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, newUser, openStream, startPods, type PodsHarness } from './helper';

let h: PodsHarness;
let base: string;
beforeAll(async () => {
  h = await startPods({ heartbeatMs: 200 });
  await h.pods.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.pods.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
});

const befriend = async (a: string, b: string) => {
  expect((await as(h, a)('POST', '/api/pods/friends/requests', { userId: b })).statusCode).toBe(201);
  expect((await as(h, b)('POST', `/api/pods/friends/requests/${a}/accept`)).statusCode).toBe(204);
};
const send = (from: string, to: string, body: string) =>
  as(h, from)('POST', `/api/pods/chats/${to}/messages`, { body });
const bodies = (res: { json(): { messages: { body: string }[] } }) => res.json().messages.map((m) => m.body);
const unread = async (viewer: string) => (await as(h, viewer)('GET', '/api/pods/chats/unread')).json();
const messageCount = async () =>
  (await h.sql.query('SELECT count(*)::int AS n FROM pods.chat_message')).rows[0].n as number;

/** Messages written straight into the table (paging needs more than the rate limit allows at once). */
async function seed(from: string, to: string, n: number, start = Date.now() - 3_600_000): Promise<void> {
  const [low, high] = from < to ? [from, to] : [to, from];
  for (let i = 0; i < n; i++) {
    await h.sql.query(
      'INSERT INTO pods.chat_message (id, sender_id, recipient_id, user_low, user_high, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [randomUUID(), from, to, low, high, `seed ${i}`, new Date(start + i * 1000)],
    );
  }
}

const chatTicket = async (userId: string) => {
  const res = await as(h, userId)('POST', '/api/pods/chats/stream-ticket');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket as string;
};

describe('chat between friends', () => {
  it('sends, trims, shows the history newest first, counts unread per friend and in total, and marks read', async () => {
    const ana = await newUser(h, { name: 'Ana' });
    const bo = await newUser(h, { name: 'Bo' });
    const cy = await newUser(h, { name: 'Cy' });
    await befriend(ana, bo);
    await befriend(cy, bo);

    const first = await send(ana, bo, '  Hi Bo!\r\nSee https://example.com  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      senderId: ana,
      recipientId: bo,
      body: 'Hi Bo!\nSee https://example.com',
      readAt: null,
    });
    expect((await send(ana, bo, 'Ready for the weekly?')).statusCode).toBe(201);
    expect((await send(bo, ana, 'Yes 👋')).statusCode).toBe(201);
    expect((await send(cy, bo, 'Hey')).statusCode).toBe(201);

    const opened = await as(h, bo)('GET', `/api/pods/chats/${ana}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().friend).toMatchObject({ id: ana, name: 'Ana' });
    expect(bodies(opened)).toEqual(['Yes 👋', 'Ready for the weekly?', 'Hi Bo!\nSee https://example.com']);
    expect(opened.json()).toMatchObject({ unread: 2, nextCursor: null });

    expect(await unread(bo)).toEqual({
      total: 3,
      friends: expect.arrayContaining([
        { userId: ana, count: 2 },
        { userId: cy, count: 1 },
      ]),
    });
    expect(await unread(ana)).toEqual({ total: 1, friends: [{ userId: bo, count: 1 }] });

    expect((await as(h, bo)('POST', `/api/pods/chats/${ana}/read`)).statusCode).toBe(204);
    expect(await unread(bo)).toEqual({ total: 1, friends: [{ userId: cy, count: 1 }] });
    const seenByAna = await as(h, ana)('GET', `/api/pods/chats/${bo}`);
    expect(
      seenByAna
        .json()
        .messages.filter((m: { senderId: string }) => m.senderId === ana)
        .every((m: { readAt: string | null }) => m.readAt !== null),
    ).toBe(true);
    expect(seenByAna.json().unread).toBe(1);
  });

  it('pages the history newest first with a cursor, without gaps or repeats', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    await befriend(ana, bo);
    await seed(ana, bo, 45);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/pods/chats/${ana}/messages?limit=20${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await as(h, bo)('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...bodies(res));
      cursor = res.json().nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `seed ${44 - i}`));
    // The open chat's first page is the newest 30, and its cursor continues from there.
    const opened = await as(h, ana)('GET', `/api/pods/chats/${bo}`);
    expect(bodies(opened)).toHaveLength(30);
    const rest = await as(h, ana)('GET', `/api/pods/chats/${bo}/messages?cursor=${opened.json().nextCursor}`);
    expect(bodies(rest)).toEqual(Array.from({ length: 15 }, (_, i) => `seed ${14 - i}`));
    expect(rest.json().nextCursor).toBeNull();
  });

  it('refuses a non-friend, an unknown id, a pending request and oneself with a stable code, storing nothing', async () => {
    const ana = await newUser(h);
    const stranger = await newUser(h);
    const pending = await newUser(h);
    expect((await as(h, ana)('POST', '/api/pods/friends/requests', { userId: pending })).statusCode).toBe(201);
    const before = await messageCount();
    for (const other of [stranger, randomUUID(), pending]) {
      for (const [method, url, body] of [
        ['GET', `/api/pods/chats/${other}`],
        ['GET', `/api/pods/chats/${other}/messages`],
        ['POST', `/api/pods/chats/${other}/messages`, { body: 'hi' }],
        ['POST', `/api/pods/chats/${other}/read`],
      ] as const) {
        const res = await as(h, ana)(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('CHAT_NOT_FRIENDS');
      }
    }
    const self = await send(ana, ana, 'me');
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('CANNOT_TARGET_SELF');
    expect(await messageCount()).toBe(before);
  });

  it('hides the chat both ways after a block and refuses messages both ways; unfriending closes it too', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    await befriend(ana, bo);
    expect((await send(bo, ana, 'before the block')).statusCode).toBe(201);
    expect((await as(h, ana)('PUT', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    const before = await messageCount();

    const blocker = await as(h, ana)('GET', `/api/pods/chats/${bo}`);
    expect(blocker.statusCode).toBe(409);
    expect(blocker.json().error.code).toBe('USER_BLOCKED');
    expect(blocker.body).not.toContain('before the block');
    const blocked = await as(h, bo)('GET', `/api/pods/chats/${ana}`);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('CHAT_NOT_FRIENDS'); // the blocked side is not told about the block
    expect(blocked.body).not.toContain('before the block');
    expect((await send(ana, bo, 'x')).json().error.code).toBe('USER_BLOCKED');
    expect((await send(bo, ana, 'x')).json().error.code).toBe('CHAT_NOT_FRIENDS');
    expect(await messageCount()).toBe(before);
    expect((await unread(ana)).total).toBe(0);

    // Lifting the block restores nothing: they are not friends until they befriend again.
    expect((await as(h, ana)('DELETE', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    expect((await send(ana, bo, 'x')).json().error.code).toBe('CHAT_NOT_FRIENDS');

    const cy = await newUser(h);
    await befriend(ana, cy);
    expect((await as(h, cy)('DELETE', `/api/pods/friends/${ana}`)).statusCode).toBe(204);
    expect((await send(ana, cy, 'still there?')).json().error.code).toBe('CHAT_NOT_FRIENDS');
  });

  it('a reported message is hidden from the reporter only; a sender cannot report their own', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    await befriend(ana, bo);
    const rude = (await send(bo, ana, 'something rude')).json().id as string;
    expect((await send(bo, ana, 'fine')).statusCode).toBe(201);

    const own = await as(h, bo)('POST', '/api/pods/reports', { kind: 'chat_message', targetId: rude, reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.code).toBe('CANNOT_TARGET_SELF');
    const reported = await as(h, ana)('POST', '/api/pods/reports', {
      kind: 'chat_message',
      targetId: rude,
      reason: 'harassment',
      details: 'Not ok',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(
      (
        await as(h, ana)('POST', '/api/pods/reports', { kind: 'chat_message', targetId: rude, reason: 'harassment' })
      ).json().id,
    ).toBe(reported.json().id);
    const row = (
      await h.sql.query('SELECT kind, reported_user_id, reason FROM pods.report WHERE id = $1', [reported.json().id])
    ).rows[0];
    expect(row).toEqual({ kind: 'chat_message', reported_user_id: bo, reason: 'harassment' });

    expect(bodies(await as(h, ana)('GET', `/api/pods/chats/${bo}`))).toEqual(['fine']);
    expect(await unread(ana)).toEqual({ total: 1, friends: [{ userId: bo, count: 1 }] });
    expect(bodies(await as(h, bo)('GET', `/api/pods/chats/${ana}`))).toEqual(['fine', 'something rude']);

    // Someone outside the conversation cannot report (or learn of) the message.
    const outsider = await newUser(h);
    const res = await as(h, outsider)('POST', '/api/pods/reports', {
      kind: 'chat_message',
      targetId: rude,
      reason: 'spam',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('REPORT_TARGET_NOT_FOUND');
  });
});

describe('rate limit per sender', () => {
  it('admits 20 messages in 10 s and answers 429 with Retry-After after that; headers change nothing', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    const cy = await newUser(h);
    await befriend(ana, bo);
    await befriend(ana, cy);
    for (let i = 0; i < 20; i++) expect((await send(ana, i % 2 ? bo : cy, `m${i}`)).statusCode).toBe(201);
    const before = await messageCount();
    const limited = await send(ana, bo, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/too fast/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);
    // A hostile client changing its apparent address gains nothing: the limit is the token's user.
    const spoofed = await h.pods.app.inject({
      method: 'POST',
      url: `/api/pods/chats/${bo}/messages`,
      payload: { body: 'spoofed' },
      headers: {
        authorization: `Bearer ${h.issuer.sign(ana)}`,
        'x-forwarded-for': '203.0.113.9',
        'x-real-ip': '203.0.113.9',
      },
    });
    expect(spoofed.statusCode).toBe(429);
    expect(await messageCount()).toBe(before);
    // Other senders are not affected.
    expect((await send(bo, ana, 'my turn')).statusCode).toBe(201);
    // Once the oldest message leaves the window, sending works again.
    await h.sql.query(
      `UPDATE pods.chat_message SET created_at = created_at - interval '11 seconds' WHERE sender_id = $1`,
      [ana],
    );
    expect((await send(ana, bo, 'later')).statusCode).toBe(201);
  });

  it('30 parallel sends admit exactly 20', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    await befriend(ana, bo);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => send(ana, bo, `burst ${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(
      (await h.sql.query('SELECT count(*)::int AS n FROM pods.chat_message WHERE sender_id = $1', [ana])).rows[0].n,
    ).toBe(20);
  });
});

describe('pods.chat.message.sent.v1 (notifications; decision 0056)', () => {
  const sentEvents = async (sender: string) =>
    (
      await h.sql.query(
        `SELECT payload FROM pods.outbox_event WHERE subject = 'pods.chat.message.sent.v1' AND payload->>'userId' = $1`,
        [sender],
      )
    ).rows.map((r) => r.payload as Record<string, unknown>);

  it('is written once per stored message, with the message, never its text, and not for a refused send', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    const stranger = await newUser(h);
    await befriend(ana, bo);
    expect((await send(ana, stranger, 'not a friend')).statusCode).toBe(403);
    expect((await send(ana, bo, '   ')).statusCode).toBe(400);
    expect(await sentEvents(ana)).toEqual([]);

    const res = await send(ana, bo, 'Secret plans for Sunday');
    expect(res.statusCode, res.body).toBe(201);
    const events = await sentEvents(ana);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: ana, recipientId: bo, messageId: res.json().id });
    expect(JSON.stringify(events[0])).not.toContain('Secret');
  });

  it('reading the chat writes pods.chat.read.v1 once, and nothing when there was nothing to read', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    await befriend(ana, bo);
    expect((await send(ana, bo, 'hello')).statusCode).toBe(201);
    const read = () => as(h, bo)('POST', `/api/pods/chats/${ana}/read`);
    expect((await read()).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(204);
    const { rows } = await h.sql.query(
      `SELECT payload FROM pods.outbox_event WHERE subject = 'pods.chat.read.v1' AND payload->>'userId' = $1`,
      [bo],
    );
    expect(rows.map((r) => r.payload)).toEqual([expect.objectContaining({ userId: bo, friendId: ana })]);
  });

  it('30 parallel sends: exactly one event for each of the 20 messages stored (same transaction)', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    await befriend(ana, bo);
    await Promise.all(Array.from({ length: 30 }, (_, i) => send(ana, bo, `burst ${i}`)));
    const stored = (await h.sql.query('SELECT id FROM pods.chat_message WHERE sender_id = $1', [ana])).rows.map(
      (r) => r.id as string,
    );
    expect(stored).toHaveLength(20);
    const events = await sentEvents(ana);
    expect(events.map((e) => e.messageId).sort()).toEqual([...stored].sort());
  });
});

describe('live chat (server-sent events)', () => {
  it('streams a message to the recipient and the sender right after the commit, and nothing to anyone else', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    const cy = await newUser(h);
    await befriend(ana, bo);
    const boStream = await openStream(`${base}/api/pods/chats/events?ticket=${await chatTicket(bo)}`);
    const anaStream = await openStream(`${base}/api/pods/chats/events?ticket=${await chatTicket(ana)}`);
    const cyStream = await openStream(`${base}/api/pods/chats/events?ticket=${await chatTicket(cy)}`);
    expect(boStream.res.status).toBe(200);
    expect(boStream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const sent = (await send(ana, bo, 'live hello')).json();
    await expect
      .poll(() => boStream.events, { timeout: 2000, interval: 20 })
      .toEqual([{ event: 'chat-message', data: sent, at: expect.any(Number) }]);
    await expect.poll(() => anaStream.events.length, { timeout: 2000, interval: 20 }).toBe(1);
    // Bo reads it: Ana's stream hears so ("Seen"); a second mark-read with nothing new says nothing.
    expect((await as(h, bo)('POST', `/api/pods/chats/${ana}/read`)).statusCode).toBe(204);
    expect((await as(h, bo)('POST', `/api/pods/chats/${ana}/read`)).statusCode).toBe(204);
    await expect
      .poll(() => anaStream.events.at(-1), { timeout: 2000, interval: 20 })
      .toEqual({ event: 'chat-read', data: { readerId: bo, readAt: expect.any(String) }, at: expect.any(Number) });
    await new Promise((r) => setTimeout(r, 300));
    expect(cyStream.events).toEqual([]);

    // A block closes the chat on both open pages at once (and refuses what comes after).
    expect((await as(h, ana)('PUT', `/api/pods/blocks/${bo}`)).statusCode).toBe(204);
    await expect
      .poll(() => boStream.events.at(-1), { timeout: 2000, interval: 20 })
      .toEqual({ event: 'chat-closed', data: { friendId: ana }, at: expect.any(Number) });
    await expect
      .poll(() => anaStream.events.at(-1), { timeout: 2000, interval: 20 })
      .toEqual({ event: 'chat-closed', data: { friendId: bo }, at: expect.any(Number) });
    expect((await send(bo, ana, 'after')).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(anaStream.events.map((e) => e.event)).toEqual(['chat-message', 'chat-read', 'chat-closed']);
    expect(boStream.events.map((e) => e.event)).toEqual(['chat-message', 'chat-read', 'chat-closed']);
    expect(cyStream.events).toEqual([]);
    for (const s of [boStream, anaStream, cyStream]) s.close();
  });

  it('a chat ticket does not open a pod stream and a pod ticket does not open the chat stream', async () => {
    const ana = await newUser(h);
    const chat = await chatTicket(ana);
    const me = (await as(h, ana)('POST', '/api/pods/me/stream-ticket')).json().ticket;
    const wrong1 = await h.pods.app.inject({ method: 'GET', url: `/api/pods/me/events?ticket=${chat}` });
    expect(wrong1.statusCode).toBe(401);
    const wrong2 = await h.pods.app.inject({ method: 'GET', url: `/api/pods/chats/events?ticket=${me}` });
    expect(wrong2.statusCode).toBe(401);
    expect((await h.pods.app.inject({ method: 'GET', url: '/api/pods/chats/events' })).statusCode).toBe(401);
  });
});

describe('your data and account deletion', () => {
  it('exports every message sent and received, and deleting the account erases its conversations', async () => {
    const ana = await newUser(h);
    const bo = await newUser(h);
    await befriend(ana, bo);
    expect((await send(ana, bo, 'to Bo')).statusCode).toBe(201);
    expect((await send(bo, ana, 'to Ana')).statusCode).toBe(201);
    const exported = await as(h, ana)('GET', '/api/pods/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().chatMessages).toEqual([
      expect.objectContaining({ withUserId: bo, direction: 'sent', body: 'to Bo' }),
      expect.objectContaining({ withUserId: bo, direction: 'received', body: 'to Ana' }),
    ]);

    await deleteUser(h.bus, ana);
    await expect
      .poll(
        async () =>
          (
            await h.sql.query(
              'SELECT count(*)::int AS n FROM pods.chat_message WHERE sender_id = $1 OR recipient_id = $1',
              [ana],
            )
          ).rows[0].n,
        { timeout: 5000 },
      )
      .toBe(0);
    expect((await as(h, bo)('GET', `/api/pods/chats/${ana}`)).json().error.code).toBe('CHAT_NOT_FRIENDS');
    expect((await as(h, bo)('GET', '/api/pods/me/export')).json().chatMessages).toEqual([]);
  });
});
