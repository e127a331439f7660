import { ErrorCodes } from '@vere/contracts';
import { defaultAvatarConfig } from '@vere/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

/**
 * Hostile input for every identity endpoint that takes a body or a parameter: each answer is a
 * 2xx for input that is in fact valid, or a 4xx with a known error code, never a 5xx, and a
 * refused request stores nothing.
 */
let h: IdentityHarness;
let token: string;
beforeAll(async () => {
  h = await buildIdentity();
  token = (
    await authCalls(h.service).signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Fuzz Owner' })
  ).json().accessToken;
});
afterAll(async () => {
  await h?.close();
});

const HOSTILE: Array<[string, unknown]> = [
  ['null', null],
  ['a number', 42],
  ['a boolean', true],
  ['an array', ['a']],
  ['an object', { $ne: '' }],
  ['empty', ''],
  ['spaces', '   '],
  ['10 kB', 'x'.repeat(10_000)],
  ['NUL', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['bidi override', '\u202Eevil'],
  ['zero-width', 'a\u200bb'],
  ['emoji', '🙂🙃'],
  ['combining marks', 'e\u0301\u0301\u0301'],
  ['full-width', 'ａｄｍｉｎ'],
  ['SQL', "' OR '1'='1'; DROP TABLE identity.\"user\"; --"],
  ['HTML', '<script>alert(1)</script>'],
  ['a path', '../../etc/passwd'],
  ['a template', '${process.exit()}'],
];

const known = new Set(Object.keys(ErrorCodes));
const counts = async () =>
  (
    await h.sql.query(`SELECT
  (SELECT count(*) FROM identity."user") AS users,
  (SELECT count(*) FROM identity.password_reset_token) AS resets,
  (SELECT count(*) FROM identity.push_subscription) AS devices,
  (SELECT md5(string_agg(t::text, ',' ORDER BY id)) FROM identity."user" t) AS digest`)
  ).rows[0];

async function expectSafe(send: () => Promise<{ statusCode: number; json(): { error?: { code: string } } }>) {
  const before = await counts();
  const res = await send();
  expect(res.statusCode, `answered ${res.statusCode}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(known.has(res.json().error!.code)).toBe(true);
    expect(await counts()).toEqual(before);
  }
  return res;
}

const body = (base: Record<string, unknown>, field: string, value: unknown) => ({ ...base, [field]: value });
const valid = () => ({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Ana Lopez' });
const inject = (method: 'POST' | 'PATCH' | 'GET' | 'DELETE', url: string, payload?: unknown, auth = false) =>
  h.service.app.inject({
    method,
    url,
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
    ...(auth ? { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } } : {}),
  });

describe.each(HOSTILE)('%s', (_label, value) => {
  it.each(['email', 'password', 'name', 'username', 'avatarConfig'])('in sign-up %s', async (field) => {
    await expectSafe(() => inject('POST', '/api/identity/auth/sign-up', body(valid(), field, value)));
  });
  it('in the avatar seed at sign-up', async () => {
    await expectSafe(() =>
      inject(
        'POST',
        '/api/identity/auth/sign-up',
        body(valid(), 'avatarConfig', { ...defaultAvatarConfig('s'), seed: value }),
      ),
    );
  });
  it.each(['email', 'password'])('in sign-in %s', async (field) => {
    await expectSafe(() =>
      inject(
        'POST',
        '/api/identity/auth/sign-in',
        body({ email: uniqueEmail(), password: 'Wrong-pass1!' }, field, value),
      ),
    );
  });
  it('in forgot-password email', async () => {
    await expectSafe(() => inject('POST', '/api/identity/auth/forgot-password', { email: value }));
  });
  it.each(['token', 'newPassword'])('in reset-password %s', async (field) => {
    await expectSafe(() =>
      inject(
        'POST',
        '/api/identity/auth/reset-password',
        body({ token: 'A'.repeat(43), newPassword: 'Brand-new-1!' }, field, value),
      ),
    );
  });
  it.each(['name', 'username', 'displayName', 'bio', 'photoUrl', 'avatarConfig'])(
    'in a profile change of %s',
    async (field) => {
      await expectSafe(() => inject('PATCH', '/api/identity/me', { [field]: value }, true));
    },
  );
  it('in the avatar seed of a profile change', async () => {
    await expectSafe(() =>
      inject('PATCH', '/api/identity/me', { avatarConfig: { ...defaultAvatarConfig('s'), seed: value } }, true),
    );
  });
  it('in the username availability path', async () => {
    // A lone surrogate cannot be percent-encoded as UTF-8: send its raw bytes, as a hostile client would.
    let path: string;
    try {
      path = encodeURIComponent(String(value));
    } catch {
      path = 'a%ED%A0%80b';
    }
    await expectSafe(() => inject('GET', `/api/identity/usernames/${path}/availability`));
  });
  // Issue 25: push devices. A hostile value never becomes a device.
  const webSub = {
    endpoint: 'https://push.example/send/abc',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  };
  it.each(['endpoint', 'p256dh', 'auth'])('in a web push subscription %s', async (field) => {
    const sub =
      field === 'endpoint' ? { ...webSub, endpoint: value } : { ...webSub, keys: { ...webSub.keys, [field]: value } };
    const res = await expectSafe(() => inject('POST', '/api/identity/me/push/web', sub, true));
    expect(res.statusCode).not.toBe(201);
  });
  it.each(['POST', 'DELETE'] as const)('in an iOS device token (%s)', async (method) => {
    const res = await expectSafe(() => inject(method, '/api/identity/me/push/ios', { token: value }, true));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
  it('in a web push unsubscribe', async () => {
    await expectSafe(() => inject('DELETE', '/api/identity/me/push/web', { endpoint: value }, true));
  });
  it('in the delete-account password', async () => {
    const res = await expectSafe(() => inject('POST', '/api/identity/me/delete', { password: value }, true));
    expect(res.statusCode).not.toBe(204);
  });
});
