import { randomUUID } from 'node:crypto';
import { FriendshipChanged, MemberNudged } from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

let h: IdentityHarness;
beforeAll(async () => {
  h = await buildIdentity();
});
afterAll(async () => {
  await h?.close();
});

async function newAccount(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name: 'Ana Lopez', ...extra });
  expect(res.statusCode).toBe(201);
  const { accessToken, user } = res.json();
  return { email, token: accessToken as string, id: user.id as string };
}

const call = (token: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  h.service.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const PREFS = '/api/identity/me/notifications/preferences';
const CENTRE = '/api/identity/me/notifications';

const choice = {
  challengeReminders: false,
  weeklyAnnouncements: true,
  streakReminders: true,
  podActivities: false,
  preferredTime: '18:30',
  timeZone: 'America/Los_Angeles',
  quietHours: { enabled: true, start: '23:00', end: '07:15' },
  channels: { inApp: true, push: false, email: true },
};

async function friendship(userId: string, otherUserId: string, change: 'requested' | 'accepted' | 'declined') {
  const e = newEvent(FriendshipChanged.subject, userId, {
    otherUserId,
    change,
    friends: change === 'accepted',
    version: Date.now(),
  });
  await h.bus.publish(e);
  await h.bus.idle();
  return e;
}

describe('notification preferences', () => {
  it('are the spec defaults in the profile zone until saved', async () => {
    const { token } = await newAccount({ timeZone: 'Asia/Kolkata' });
    const res = await call(token, 'GET', PREFS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      challengeReminders: true,
      weeklyAnnouncements: true,
      streakReminders: true,
      podActivities: true,
      preferredTime: '09:00',
      timeZone: 'Asia/Kolkata',
      quietHours: { enabled: true, start: '22:00', end: '08:00' },
      channels: { inApp: true, push: true, email: true },
      emailKinds: { weeklyAnnouncements: true, podDigest: true },
      saved: false,
      updatedAt: null,
    });
  });

  it('are saved whole and read back', async () => {
    const { token } = await newAccount();
    const saved = await call(token, 'PUT', PREFS, choice);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...choice, saved: true });
    expect((await call(token, 'GET', PREFS)).json()).toMatchObject({ ...choice, saved: true });
    const again = await call(token, 'PUT', PREFS, { ...choice, challengeReminders: true });
    expect(again.json().challengeReminders).toBe(true);
  });

  it.each([
    [{ ...choice, preferredTime: '24:00' }, 'preferredTime'],
    [{ ...choice, preferredTime: '9:00' }, 'preferredTime'],
    [{ ...choice, quietHours: { ...choice.quietHours, end: '7am' } }, 'quietHours.end'],
    [{ ...choice, timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ ...choice, timeZone: '+05:30' }, 'timeZone'],
    [{ ...choice, podActivities: undefined }, undefined],
    [{ ...choice, preferredTime: '09:\u000000' }, 'preferredTime'],
  ])('refuses %j with 400 and changes nothing', async (body, field) => {
    const { token } = await newAccount();
    const res = await call(token, 'PUT', PREFS, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    if (field) expect(res.json().error.field).toBe(field);
    expect((await call(token, 'GET', PREFS)).json().saved).toBe(false);
  });

  it('need a signed-in user', async () => {
    expect((await call(null, 'GET', PREFS)).statusCode).toBe(401);
    expect((await call(null, 'PUT', PREFS, choice)).statusCode).toBe(401);
  });

  it('are in "Your data" and erased with the account', async () => {
    const { token, id } = await newAccount();
    expect((await call(token, 'GET', '/api/identity/me/export')).json().notificationPreferences).toBeNull();
    await call(token, 'PUT', PREFS, choice);
    const stranger = await newAccount();
    await friendship(stranger.id, id, 'requested');
    const exported = (await call(token, 'GET', '/api/identity/me/export')).json();
    expect(exported.notificationPreferences).toMatchObject(choice);
    expect(exported.notifications).toHaveLength(1);

    expect((await call(token, 'POST', '/api/identity/me/delete', { password: STRONG_PASSWORD })).statusCode).toBe(204);
    const left = await h.sql.query(
      `SELECT (SELECT count(*) FROM identity.notification_preferences WHERE user_id = $1)::int AS prefs,
              (SELECT count(*) FROM identity.notification WHERE user_id = $1)::int AS items`,
      [id],
    );
    expect(left.rows[0]).toEqual({ prefs: 0, items: 0 });
  });
});

describe('the in-app centre', () => {
  it('gets a friend request once, however often the event comes, and an acceptance for the one who asked', async () => {
    const ana = await newAccount();
    const sam = await newAccount({ name: 'Sam Rivera' });
    const e = await friendship(sam.id, ana.id, 'requested');
    await h.bus.publish(e); // redelivered
    await h.bus.idle();
    await friendship(sam.id, ana.id, 'declined'); // says nothing

    const page = (await call(ana.token, 'GET', CENTRE)).json();
    expect(page.unread).toBe(1);
    expect(page.notifications).toEqual([
      expect.objectContaining({
        kind: 'friend_request',
        title: 'Sam Rivera wants to be friends',
        route: '/connect',
        readAt: null,
      }),
    ]);

    await friendship(ana.id, sam.id, 'accepted');
    const sams = (await call(sam.token, 'GET', CENTRE)).json();
    expect(sams.notifications[0]).toMatchObject({
      kind: 'friend_accepted',
      title: 'Ana Lopez accepted your friend request',
    });
  });

  it('tells a member a pod-mate nudged them, once, routed to the pod — and not while pod activity is off', async () => {
    const ana = await newAccount();
    const sam = await newAccount({ name: 'Sam Rivera' });
    const podId = randomUUID();
    const nudge = newEvent(MemberNudged.subject, sam.id, { podId, recipientId: ana.id, day: '2026-11-26' });
    await h.bus.publish(nudge);
    await h.bus.publish(nudge); // redelivered
    await h.bus.idle();
    const page = (await call(ana.token, 'GET', CENTRE)).json();
    expect(page.notifications).toEqual([
      expect.objectContaining({ kind: 'pod_activity', title: 'Sam Rivera nudged you', route: `/pods/${podId}` }),
    ]);

    const quiet = await newAccount();
    expect((await call(quiet.token, 'PUT', PREFS, { ...choice, podActivities: false })).statusCode).toBe(200);
    await h.bus.publish(newEvent(MemberNudged.subject, sam.id, { podId, recipientId: quiet.id, day: '2026-11-26' }));
    await h.bus.idle();
    expect((await call(quiet.token, 'GET', CENTRE)).json().notifications).toEqual([]);
  });

  it('pages newest first, marks one read and then all read', async () => {
    const ana = await newAccount();
    const senders = await Promise.all(Array.from({ length: 5 }, () => newAccount()));
    for (const s of senders) await friendship(s.id, ana.id, 'requested');

    const first = (await call(ana.token, 'GET', `${CENTRE}?limit=2`)).json();
    expect(first.notifications).toHaveLength(2);
    expect(first.unread).toBe(5);
    const seen = [...first.notifications];
    let cursor = first.nextCursor as string | null;
    while (cursor) {
      const next = (await call(ana.token, 'GET', `${CENTRE}?limit=2&cursor=${cursor}`)).json();
      seen.push(...next.notifications);
      cursor = next.nextCursor;
    }
    expect(seen).toHaveLength(5);
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const one = await call(ana.token, 'POST', `${CENTRE}/${seen[0].id}/read`);
    expect(one.json()).toEqual({ unread: 4 });
    expect((await call(ana.token, 'POST', `${CENTRE}/${seen[0].id}/read`)).json()).toEqual({ unread: 4 });
    expect((await call(ana.token, 'GET', `${CENTRE}/unread-count`)).json()).toEqual({ unread: 4 });
    expect((await call(ana.token, 'POST', `${CENTRE}/read-all`)).json()).toEqual({ unread: 0 });
    expect((await call(ana.token, 'GET', `${CENTRE}/unread-count`)).json()).toEqual({ unread: 0 });
  });

  it("refuses someone else's notification, a bad id and a forged cursor", async () => {
    const ana = await newAccount();
    const eve = await newAccount();
    await friendship(eve.id, ana.id, 'requested');
    const item = (await call(ana.token, 'GET', CENTRE)).json().notifications[0];
    const theirs = await call(eve.token, 'POST', `${CENTRE}/${item.id}/read`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('NOT_FOUND');
    expect((await call(ana.token, 'POST', `${CENTRE}/not-a-uuid/read`)).statusCode).toBe(400);
    const forged = await call(ana.token, 'GET', `${CENTRE}?cursor=${Buffer.from('x|y').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'cursor' });
    expect((await call(ana.token, 'GET', `${CENTRE}?limit=500`)).statusCode).toBe(400);
    expect((await call(null, 'GET', CENTRE)).statusCode).toBe(401);
  });

  it('stays empty when the user turned the in-app channel off', async () => {
    const ana = await newAccount();
    await call(ana.token, 'PUT', PREFS, { ...choice, channels: { inApp: false, push: true, email: true } });
    const sam = await newAccount();
    await friendship(sam.id, ana.id, 'requested');
    expect((await call(ana.token, 'GET', CENTRE)).json()).toEqual({ notifications: [], nextCursor: null, unread: 0 });
  });
});
