import { randomBytes, randomUUID } from 'node:crypto';
import { BlockChanged, ChatMessageSent, ChatRead } from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

// A friend's chat message (issue 25 point 5; decision 0056): pods.chat.message.sent.v1 becomes a
// `chat_message` item for the recipient — who wrote, never what — batched per sender while unread.
let h: IdentityHarness;
beforeAll(async () => {
  h = await buildIdentity({ appUrl: 'https://vere.test' });
});
afterAll(async () => {
  await h?.close();
});

const CENTRE = '/api/identity/me/notifications';

async function account(name: string) {
  const res = await authCalls(h.service).signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name });
  const { accessToken, user } = res.json();
  return { id: user.id as string, token: accessToken as string };
}

const centre = async (token: string) =>
  (await h.service.app.inject({ method: 'GET', url: CENTRE, headers: { authorization: `Bearer ${token}` } })).json()
    .notifications as { id: string; kind: string; title: string; body: string; route: string; readAt: string | null }[];

async function publish<F extends Record<string, unknown>>(subject: string, userId: string, fields: F, at: Date) {
  const e = newEvent(subject, userId, fields);
  await h.bus.publish({ ...e, payload: { ...e.payload, occurredAt: at.toISOString() } });
  await h.bus.idle();
}

const message = (from: { id: string }, to: { id: string }, at: Date) =>
  publish(ChatMessageSent.subject, from.id, { messageId: randomUUID(), recipientId: to.id }, at);

const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

describe('chat message notifications', () => {
  it('names the sender, not the text, routes to the chat, and batches: “3 new messages from Ana Ruiz”, pushed once', async () => {
    const [ana, ben] = [await account('Ana Ruiz'), await account('Ben Okafor')];
    // A device of Ben's: every inserted item queues one push to it (the trigger on notification).
    await h.sql.query(
      `INSERT INTO identity.push_subscription (id, user_id, platform, endpoint) VALUES ($1, $2, 'ios', $3)`,
      [randomUUID(), ben.id, randomBytes(32).toString('hex')],
    );
    const t0 = new Date('2027-04-01T07:00:00Z');
    await message(ana, ben, t0);
    expect(await centre(ben.token)).toEqual([
      expect.objectContaining({
        kind: 'chat_message',
        title: 'New message from Ana Ruiz',
        body: 'Open your chat with Ana Ruiz to read it.',
        route: `/chat/${ana.id}`,
        readAt: null,
      }),
    ]);
    await message(ana, ben, minutes(t0, 4));
    await message(ana, ben, minutes(t0, 9));
    const batched = await centre(ben.token);
    expect(batched).toHaveLength(1);
    expect(batched[0]).toMatchObject({
      title: '3 new messages from Ana Ruiz',
      body: 'Open your chat with Ana Ruiz to read them.',
    });
    const pushes = await h.sql.query(
      'SELECT count(*)::int AS n FROM identity.push_delivery d JOIN identity.notification n ON n.id = d.notification_id WHERE n.user_id = $1',
      [ben.id],
    );
    expect(pushes.rows[0].n).toBe(1);
    expect(await centre(ana.token)).toEqual([]);

    // Ten minutes after the batch's first message, a new item (and a new push) opens.
    await message(ana, ben, minutes(t0, 11));
    expect((await centre(ben.token)).map((n) => n.title)).toEqual([
      'New message from Ana Ruiz',
      '3 new messages from Ana Ruiz',
    ]);
  });

  it('a read item is not added to: the next message opens a new one; each sender has their own', async () => {
    const [ana, ben, cy] = [await account('Ana Ruiz'), await account('Ben Okafor'), await account('Cy Park')];
    const t0 = new Date('2027-04-02T07:00:00Z');
    await message(ana, ben, t0);
    await message(cy, ben, minutes(t0, 1));
    expect((await centre(ben.token)).map((n) => n.title).sort()).toEqual([
      'New message from Ana Ruiz',
      'New message from Cy Park',
    ]);
    const first = (await centre(ben.token)).find((n) => n.title.includes('Ana'))!;
    const read = await h.service.app.inject({
      method: 'POST',
      url: `${CENTRE}/${first.id}/read`,
      headers: { authorization: `Bearer ${ben.token}` },
    });
    expect(read.statusCode).toBe(200);
    await message(ana, ben, minutes(t0, 2));
    const items = await centre(ben.token);
    const fromAna = items.filter((n) => n.title.includes('Ana'));
    expect(fromAna.map((n) => n.title)).toEqual(['New message from Ana Ruiz', 'New message from Ana Ruiz']);
    expect(fromAna.filter((n) => n.readAt === null).map((n) => n.id)).toHaveLength(1);
    expect(fromAna.find((n) => n.readAt === null)!.id).not.toBe(first.id);
  });

  it('reading the chat in pods marks its items read; a message event arriving after its read adds nothing', async () => {
    const [ana, ben] = [await account('Ana Ruiz'), await account('Ben Okafor')];
    const t0 = new Date('2027-04-04T07:00:00Z');
    await message(ana, ben, t0);
    await message(ana, ben, minutes(t0, 1));
    await publish(ChatRead.subject, ben.id, { friendId: ana.id, readAt: minutes(t0, 2).toISOString() }, minutes(t0, 2));
    expect((await centre(ben.token)).map((n) => [n.title, n.readAt !== null])).toEqual([
      ['2 new messages from Ana Ruiz', true],
    ]);
    // A message sent before the read, whose event is consumed after it: already read, no item.
    await message(ana, ben, minutes(t0, 1.5));
    expect(await centre(ben.token)).toHaveLength(1);
    // A later message opens a new unread item.
    await message(ana, ben, minutes(t0, 3));
    expect((await centre(ben.token)).filter((n) => n.readAt === null).map((n) => n.title)).toEqual([
      'New message from Ana Ruiz',
    ]);
  });

  it('never for a pair with a block either way, and not while pod activity (the social type) is off', async () => {
    const [ana, ben, cy] = [await account('Ana Ruiz'), await account('Ben Okafor'), await account('Cy Park')];
    const t0 = new Date('2027-04-03T07:00:00Z');
    await publish(BlockChanged.subject, ben.id, { otherUserId: ana.id, blocked: true, version: 1 }, t0);
    await message(ana, ben, minutes(t0, 1));
    await message(ben, ana, minutes(t0, 1));
    expect(await centre(ben.token)).toEqual([]);
    expect(await centre(ana.token)).toEqual([]);

    const prefs = await h.service.app.inject({
      method: 'GET',
      url: `${CENTRE}/preferences`,
      headers: { authorization: `Bearer ${cy.token}` },
    });
    const { saved: _s, updatedAt: _u, ...body } = prefs.json();
    const put = await h.service.app.inject({
      method: 'PUT',
      url: `${CENTRE}/preferences`,
      headers: { authorization: `Bearer ${cy.token}` },
      payload: { ...body, podActivities: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    await message(ana, cy, minutes(t0, 2));
    expect(await centre(cy.token)).toEqual([]);
  });
});
