import { generateKeyPairSync } from 'node:crypto';
import { Agent } from 'node:https';
import { FriendshipChanged } from '@vere/contracts';
import { newEvent } from '@vere/service-kit';
import { startPushServiceStandIn, type PushServiceStandIn } from '@vere/test-kit';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { IdentityServiceHandle } from '../src/service';
import { startApnsStandIn, type ApnsStandIn } from './apns-stand-in';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

/*
 * Web push and APNs (issue 25, part A; decision 0053) against stand-ins on this machine: a Web Push
 * service that checks the VAPID signature and decrypts each push with the subscription's own keys
 * (RFC 8291, node:crypto, not the sender's library), and an HTTP/2 APNs that checks the provider
 * token. The service's clock is real time plus `ahead`, so a test can move past quiet hours.
 */
let ahead = 0;
const clock = () => new Date(Date.now() + ahead);
const apnsKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const APNS = { keyId: 'KEY1234567', teamId: 'TEAM123456', topic: 'app.vere.ios' };

let h: IdentityHarness;
let pushService: PushServiceStandIn;
let apns: ApnsStandIn;
beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  apns = await startApnsStandIn({ publicKey: apnsKey.publicKey, ...APNS });
  h = await buildIdentity({
    clock,
    pushAgent: new Agent({ ca: pushService.ca }),
    apns: {
      ...APNS,
      key: apnsKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      production: false,
      gateway: { host: apns.host, port: apns.port, ca: apns.ca },
    },
  });
});
afterAll(async () => {
  await h?.close();
  await pushService?.close();
  await apns?.close();
});

const service = () => h.service as IdentityServiceHandle;
const call = (token: string | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  h.service.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const WEB = '/api/identity/me/push/web';
const IOS = '/api/identity/me/push/ios';
const PREFS = '/api/identity/me/notifications/preferences';

async function newAccount(name = 'Ana Lopez') {
  const res = await authCalls(h.service).signUp({
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    name,
    timeZone: 'UTC',
  });
  expect(res.statusCode).toBe(201);
  return { token: res.json().accessToken as string, id: res.json().user.id as string };
}

/** Saves preferences with every type and channel on and the given quiet hours (default: off). */
/**
 * Twelve hours from now: the scheduler's reminders for these users are never due while the file
 * runs (a reminder goes out up to an hour after its minute). At a fixed 09:00 every account here got
 * one in each test run between 09:00 and 10:00 UTC, and the reminder test counted them.
 */
const QUIET_REMINDER_TIME = new Date(Date.now() + 12 * 3_600_000).toISOString().slice(11, 16);

async function prefs(token: string, change: { push?: boolean; quiet?: { start: string; end: string } } = {}) {
  const res = await call(token, 'PUT', PREFS, {
    challengeReminders: true,
    weeklyAnnouncements: true,
    streakReminders: true,
    podActivities: true,
    preferredTime: QUIET_REMINDER_TIME,
    timeZone: 'UTC',
    quietHours: change.quiet ? { enabled: true, ...change.quiet } : { enabled: false, start: '22:00', end: '08:00' },
    channels: { inApp: true, push: change.push ?? true, email: false },
  });
  expect(res.statusCode).toBe(200);
}

async function friendRequest(from: string, to: string) {
  await h.bus.publish(
    newEvent(FriendshipChanged.subject, from, {
      otherUserId: to,
      change: 'requested',
      friends: false,
      version: Date.now(),
    }),
  );
  await h.bus.idle();
}

const devices = async (token: string) => (await call(token, 'GET', '/api/identity/me/export')).json().pushDevices;

describe('the VAPID key', () => {
  it('is one uncompressed P-256 point, the same for every replica and restart on the database', async () => {
    const res = await call(null, 'GET', '/api/identity/push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json();
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    const replica = await buildIdentity({}, { db: h.db });
    try {
      expect(
        (
          await call(null, 'GET', '/api/identity/push/vapid-public-key').then(() =>
            replica.service.app.inject({ url: '/api/identity/push/vapid-public-key' }),
          )
        ).json(),
      ).toEqual({ publicKey });
    } finally {
      await replica.close();
    }
  });
});

describe('web push subscriptions', () => {
  it('are kept once per browser, shown in "Your data" without keys, and forgotten on DELETE', async () => {
    const ana = await newAccount();
    const sub = pushService.subscribe();
    expect((await call(ana.token, 'POST', WEB, sub)).statusCode).toBe(201);
    expect((await call(ana.token, 'POST', WEB, { ...sub, expirationTime: null })).statusCode).toBe(201);
    expect(await devices(ana.token)).toEqual([
      { platform: 'web', device: pushService.origin, createdAt: expect.any(String), lastSentAt: null },
    ]);
    expect(JSON.stringify(await devices(ana.token))).not.toContain(sub.keys.auth);
    expect((await call(ana.token, 'DELETE', WEB, { endpoint: sub.endpoint })).statusCode).toBe(204);
    expect((await call(ana.token, 'DELETE', WEB, { endpoint: sub.endpoint })).statusCode).toBe(204);
    expect(await devices(ana.token)).toEqual([]);
  });

  it('move to the account that subscribed the browser last', async () => {
    const ana = await newAccount();
    const sam = await newAccount('Sam Rivera');
    const sub = pushService.subscribe();
    await call(ana.token, 'POST', WEB, sub);
    await call(sam.token, 'POST', WEB, sub);
    expect(await devices(ana.token)).toEqual([]);
    expect(await devices(sam.token)).toHaveLength(1);
    // Someone else's endpoint is not Ana's to delete.
    await call(ana.token, 'DELETE', WEB, { endpoint: sub.endpoint });
    expect(await devices(sam.token)).toHaveLength(1);
  });

  it.each([
    [
      'an http endpoint',
      (s: ReturnType<PushServiceStandIn['subscribe']>) => ({ ...s, endpoint: s.endpoint.replace('https:', 'http:') }),
      'endpoint',
    ],
    [
      'a javascript: endpoint',
      (s: ReturnType<PushServiceStandIn['subscribe']>) => ({ ...s, endpoint: 'javascript:alert(1)' }),
      'endpoint',
    ],
    [
      'an endpoint of 2 kB',
      (s: ReturnType<PushServiceStandIn['subscribe']>) => ({ ...s, endpoint: `${s.endpoint}/${'a'.repeat(2000)}` }),
      undefined,
    ],
    [
      'a short key',
      (s: ReturnType<PushServiceStandIn['subscribe']>) => ({ ...s, keys: { ...s.keys, p256dh: 'BAAA' } }),
      undefined,
    ],
    [
      'no auth secret',
      (s: ReturnType<PushServiceStandIn['subscribe']>) => ({ endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh } }),
      undefined,
    ],
    [
      'a NUL in the endpoint',
      (s: ReturnType<PushServiceStandIn['subscribe']>) => ({ ...s, endpoint: `${s.endpoint}\u0000` }),
      undefined,
    ],
  ])('refuse %s with 400 and keep nothing', async (_name, spoil, field) => {
    const ana = await newAccount();
    const res = await call(ana.token, 'POST', WEB, spoil(pushService.subscribe()));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    if (field) expect(res.json().error.field).toBe(field);
    expect(await devices(ana.token)).toEqual([]);
  });

  it('need a signed-in user', async () => {
    const sub = pushService.subscribe();
    expect((await call(null, 'POST', WEB, sub)).statusCode).toBe(401);
    expect((await call(null, 'DELETE', WEB, { endpoint: sub.endpoint })).statusCode).toBe(401);
    expect((await call(null, 'POST', IOS, { token: 'ab'.repeat(32) })).statusCode).toBe(401);
  });

  it('are erased with the account', async () => {
    const ana = await newAccount();
    await call(ana.token, 'POST', WEB, pushService.subscribe());
    await call(ana.token, 'POST', IOS, { token: 'cd'.repeat(32) });
    expect((await call(ana.token, 'POST', '/api/identity/me/delete', { password: STRONG_PASSWORD })).statusCode).toBe(
      204,
    );
    const left = await h.sql.query('SELECT count(*)::int AS n FROM identity.push_subscription WHERE user_id = $1', [
      ana.id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });
});

describe('a notification pushed to the browser', () => {
  it('arrives encrypted for that browser alone, signed with the VAPID key, and says where a tap goes', async () => {
    const ana = await newAccount();
    const sam = await newAccount('Sam Rivera');
    await prefs(ana.token);
    const sub = pushService.subscribe();
    await call(ana.token, 'POST', WEB, sub);

    await friendRequest(sam.id, ana.id);
    expect(await service().dispatchPushes()).toMatchObject({ sent: 1 });
    const push = await pushService.next(sub.endpoint);
    expect(JSON.parse(push.payload)).toEqual({
      id: expect.any(String),
      kind: 'friend_request',
      title: 'Sam Rivera wants to be friends',
      body: expect.stringContaining('Say yes'),
      route: '/connect',
      type: 'friend',
    });
    const { publicKey } = (await call(null, 'GET', '/api/identity/push/vapid-public-key')).json();
    expect(push.vapid.publicKey).toBe(publicKey);
    expect(push.vapid.aud).toBe(pushService.origin);
    expect(push.headers.ttl).toBe('86400');
    // Sent once: the queue is empty and the device remembers when it last got one.
    expect(await service().dispatchPushes()).toMatchObject({ sent: 0 });
    expect((await devices(ana.token))[0].lastSentAt).not.toBeNull();
  });

  it("goes out for the scheduler's reminders too, routed to the challenges", async () => {
    // The tick runs three (or five) hours ahead, at a minute when no other account's reminder is due:
    // theirs are at 09:00 UTC (the default) or QUIET_REMINDER_TIME, and go out up to an hour after.
    ahead = [3, 5].map((hours) => hours * 3_600_000).find((ms) => new Date(Date.now() + ms).getUTCHours() !== 9)!;
    onTestFinished(() => {
      ahead = 0;
    });
    const ana = await newAccount();
    const hhmm = clock().toISOString().slice(11, 16);
    const res = await call(ana.token, 'PUT', PREFS, {
      challengeReminders: true,
      weeklyAnnouncements: false,
      streakReminders: false,
      podActivities: true,
      preferredTime: hhmm,
      timeZone: 'UTC',
      quietHours: { enabled: false, start: '22:00', end: '08:00' },
      channels: { inApp: true, push: true, email: false },
    });
    expect(res.statusCode).toBe(200);
    const sub = pushService.subscribe();
    await call(ana.token, 'POST', WEB, sub);

    await service().notificationTick();
    expect(await service().dispatchPushes()).toMatchObject({ sent: 1 });
    expect(JSON.parse((await pushService.next(sub.endpoint)).payload)).toMatchObject({
      kind: 'challenge_reminder',
      route: '/challenges',
      type: 'challenge',
    });
  });

  it('is not sent while the push channel is off, even if turned off after it was queued', async () => {
    const ana = await newAccount();
    const sam = await newAccount('Sam Rivera');
    const sub = pushService.subscribe();
    await call(ana.token, 'POST', WEB, sub);
    await prefs(ana.token, { push: false });
    await friendRequest(sam.id, ana.id);
    const queued = await h.sql.query(
      'SELECT count(*)::int AS n FROM identity.push_delivery d JOIN identity.notification n ON n.id = d.notification_id WHERE n.user_id = $1',
      [ana.id],
    );
    expect(queued.rows[0].n).toBe(0);

    const ben = await newAccount('Ben Okafor');
    await prefs(ben.token);
    await call(ben.token, 'POST', WEB, pushService.subscribe());
    await friendRequest(sam.id, ben.id);
    await prefs(ben.token, { push: false });
    expect(await service().dispatchPushes()).toMatchObject({ sent: 0, dropped: 1 });
    expect(pushService.received).toEqual([]);
  });

  it('waits for quiet hours to end', async () => {
    const ana = await newAccount();
    const sam = await newAccount('Sam Rivera');
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const now = clock();
    await prefs(ana.token, {
      quiet: { start: hhmm(new Date(now.getTime() - 3_600_000)), end: hhmm(new Date(now.getTime() + 3_600_000)) },
    });
    const sub = pushService.subscribe();
    await call(ana.token, 'POST', WEB, sub);
    await friendRequest(sam.id, ana.id);
    expect(await service().dispatchPushes()).toMatchObject({ sent: 0, deferred: 1 });
    ahead = 30 * 60_000;
    expect(await service().dispatchPushes()).toMatchObject({ sent: 0 });
    ahead = 65 * 60_000;
    try {
      expect(await service().dispatchPushes()).toMatchObject({ sent: 1 });
      expect(JSON.parse((await pushService.next(sub.endpoint)).payload).kind).toBe('friend_request');
    } finally {
      ahead = 0;
    }
  });

  it('deletes a subscription its push service says is gone (410), and sends to the rest', async () => {
    const ana = await newAccount();
    const sam = await newAccount('Sam Rivera');
    await prefs(ana.token);
    const dead = pushService.subscribe();
    const alive = pushService.subscribe();
    await call(ana.token, 'POST', WEB, dead);
    await call(ana.token, 'POST', WEB, alive);
    pushService.gone(dead.endpoint);

    await friendRequest(sam.id, ana.id);
    expect(await service().dispatchPushes()).toMatchObject({ sent: 1, removed: 1 });
    await pushService.next(alive.endpoint);
    const left = await h.sql.query('SELECT endpoint FROM identity.push_subscription WHERE user_id = $1', [ana.id]);
    expect(left.rows).toEqual([{ endpoint: alive.endpoint }]);
  });

  it('goes out once when two replicas dispatch at the same moment', async () => {
    const replica = await buildIdentity({ clock, pushAgent: new Agent({ ca: pushService.ca }) }, { db: h.db });
    try {
      const ana = await newAccount();
      const sam = await newAccount('Sam Rivera');
      await prefs(ana.token);
      const sub = pushService.subscribe();
      await call(ana.token, 'POST', WEB, sub);
      await friendRequest(sam.id, ana.id);
      const [a, b] = await Promise.all([
        service().dispatchPushes(),
        (replica.service as IdentityServiceHandle).dispatchPushes(),
      ]);
      expect(a.sent + b.sent).toBe(1);
      await pushService.next(sub.endpoint);
      await new Promise((r) => setTimeout(r, 200));
      expect(pushService.received.filter((p) => sub.endpoint.endsWith(p.id))).toEqual([]);
    } finally {
      await replica.close();
    }
  });
});

describe('iOS device tokens and APNs', () => {
  it('are validated and kept like web subscriptions', async () => {
    const ana = await newAccount();
    for (const token of ['xyz', 'ab'.repeat(16), `${'ab'.repeat(32)}\u0000`, 'ab'.repeat(101)]) {
      const res = await call(ana.token, 'POST', IOS, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await call(ana.token, 'POST', IOS, { token: 'AB'.repeat(32) })).statusCode).toBe(201);
    expect((await call(ana.token, 'POST', IOS, { token: 'ab'.repeat(32) })).statusCode).toBe(201);
    expect(await devices(ana.token)).toEqual([
      { platform: 'ios', device: '…abababab', createdAt: expect.any(String), lastSentAt: null },
    ]);
    expect((await call(ana.token, 'DELETE', IOS, { token: 'ab'.repeat(32) })).statusCode).toBe(204);
    expect(await devices(ana.token)).toEqual([]);
  });

  it('get the notification through APNs with a valid provider token, and a 410 Unregistered removes the token', async () => {
    const ana = await newAccount();
    const sam = await newAccount('Sam Rivera');
    await prefs(ana.token);
    const phone = '1f'.repeat(32);
    const oldPhone = '2e'.repeat(32);
    await call(ana.token, 'POST', IOS, { token: phone });
    await call(ana.token, 'POST', IOS, { token: oldPhone });
    apns.unregister(oldPhone);

    await friendRequest(sam.id, ana.id);
    expect(await service().dispatchPushes()).toMatchObject({ sent: 1, removed: 1 });
    expect(apns.pushes).toEqual([
      expect.objectContaining({
        token: phone,
        payload: expect.objectContaining({
          aps: expect.objectContaining({
            alert: { title: 'Sam Rivera wants to be friends', body: expect.any(String) },
          }),
          route: '/connect',
          type: 'friend',
          kind: 'friend_request',
        }),
      }),
    ]);
    expect(apns.pushes[0]!.headers['apns-topic']).toBe('app.vere.ios');
    expect(apns.pushes[0]!.headers['apns-push-type']).toBe('alert');
    const left = await h.sql.query('SELECT endpoint FROM identity.push_subscription WHERE user_id = $1', [ana.id]);
    expect(left.rows).toEqual([{ endpoint: phone }]);
  });
});
