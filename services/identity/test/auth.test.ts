import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { ProfileUpdated, UserRegistered } from '@vere/contracts';
import { defaultAvatarConfig } from '@vere/domain';
import type { DomainEvent } from '@vere/service-kit';
import { createSigner, createVerifier } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls, buildIdentity, refreshCookie, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

let h: IdentityHarness;
beforeAll(async () => {
  h = await buildIdentity();
});
afterAll(async () => {
  await h?.close();
});

const signUp = (body: Record<string, unknown>) => authCalls(h.service).signUp(body);
const signIn = (email: string, password: string) => authCalls(h.service).signIn(email, password);
const refresh = (cookie?: string) => authCalls(h.service).refresh(cookie);
const me = (token: string) => authCalls(h.service).me(token);

describe('sign-up', () => {
  it('creates the account, answers a session and sets an httpOnly refresh cookie', async () => {
    const email = uniqueEmail();
    const res = await signUp({ email: ` ${email.toUpperCase()} `, password: STRONG_PASSWORD, name: 'Ana  Lopez' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      email,
      name: 'Ana Lopez',
      username: expect.stringMatching(/^ana_lopez_[0-9]{4}$/),
    });
    expect(body.expiresIn).toBe(900);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('vere_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/identity\/auth/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Secure/);
    expect((await me(body.accessToken)).json().user.id).toBe(body.user.id);
  });

  it('issues ES256 access tokens that verify with the published JWKS', async () => {
    const res = await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Bo' });
    const { accessToken, user } = res.json();
    const jwks = (await h.service.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const header = JSON.parse(Buffer.from(accessToken.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('ES256');
    const jwk = jwks.keys.find((k: { kid: string }) => k.kid === header.kid);
    expect(jwk).toBeDefined();
    expect(jwk.d).toBeUndefined();
    const pem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    const claims = createVerifier({ key: pem, algorithms: ['ES256'] })(accessToken);
    expect(claims).toMatchObject({ sub: user.id, iss: 'vere-identity' });
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('publishes identity.user.registered.v1 through the outbox', async () => {
    const received: DomainEvent[] = [];
    const sub = await h.bus.subscribe(
      { durable: `test-${Date.now()}`, subjects: [UserRegistered.subject] },
      async (e) => {
        received.push(e);
      },
    );
    const res = await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Cy', username: 'Cy_Test' });
    const { user } = res.json();
    await expect.poll(() => received.find((e) => e.payload.userId === user.id), { timeout: 5000 }).toBeDefined();
    const event = received.find((e) => e.payload.userId === user.id)!;
    expect(event.payload).toMatchObject({ userId: user.id, name: 'Cy', username: 'cy_test' });
    expect(event.payload).not.toHaveProperty('email');
    await sub.stop();
  });

  it('publishes the starting public profile, with the avatar chosen at sign-up, after the registration', async () => {
    const received: DomainEvent[] = [];
    const sub = await h.bus.subscribe(
      { durable: `test-profile-${Date.now()}`, subjects: [UserRegistered.subject, ProfileUpdated.subject] },
      async (e) => {
        received.push(e);
      },
    );
    const avatarConfig = defaultAvatarConfig('signup-seed');
    const res = await signUp({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      name: 'Avi',
      username: 'avi_pic',
      avatarConfig,
      timeZone: 'Asia/Kolkata',
    });
    const { user } = res.json();
    const mine = () => received.filter((e) => e.payload.userId === user.id);
    await expect.poll(() => mine().length, { timeout: 5000 }).toBe(2);
    // Published in this order (occurredAt); a consumer of both subjects is not promised it (decision 0045:
    // the order holds per key within a subject), which is why quests creates a player from either.
    const registered = mine().find((e) => e.subject === UserRegistered.subject)!;
    const profile = mine().find((e) => e.subject === ProfileUpdated.subject)!;
    expect(Date.parse(registered.payload.occurredAt)).toBeLessThanOrEqual(Date.parse(profile.payload.occurredAt));
    expect(profile.payload).toMatchObject({
      name: 'Avi',
      username: 'avi_pic',
      displayName: null,
      photoUrl: null,
      avatarConfig,
      timeZone: 'Asia/Kolkata',
    });
    expect(mine()[1]!.payload).not.toHaveProperty('email');
    await sub.stop();
  });

  it('refuses a taken email, even when two sign-ups race', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([1, 2, 3].map(() => signUp({ email, password: STRONG_PASSWORD, name: 'Dee' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const conflict = results.find((r) => r.statusCode === 409)!.json();
    expect(conflict.error).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
  });

  it('refuses a taken username', async () => {
    const username = `u${Date.now().toString(36)}`;
    expect((await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Eve', username })).statusCode).toBe(
      201,
    );
    const res = await signUp({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      name: 'Eve',
      username: username.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Username is already taken' });
  });

  it.each([
    [{ email: 'not-an-email', password: STRONG_PASSWORD, name: 'Fay' }, 'email'],
    [{ email: 'fay@mailinator.com', password: STRONG_PASSWORD, name: 'Fay' }, 'email'],
    [{ email: 'fay@example.com', password: 'weakpass', name: 'Fay' }, 'password'],
    [{ email: 'fay@example.com', password: STRONG_PASSWORD, name: 'F' }, 'name'],
    [{ email: 'fay@example.com', password: STRONG_PASSWORD, name: 'Fay', username: '_bad' }, 'username'],
  ])('answers 400 VALIDATION_FAILED naming the field for %j', async (body, field) => {
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it.each([
    ['a missing field', { email: 'x@example.com', password: STRONG_PASSWORD }],
    ['an unknown field', { email: 'x@example.com', password: STRONG_PASSWORD, name: 'Xo', isPro: true }],
    ['a wrong type', { email: 42, password: STRONG_PASSWORD, name: 'Xo' }],
    ['an oversized field', { email: 'x@example.com', password: 'a1!'.repeat(100), name: 'Xo' }],
  ])('answers 400 for %s without creating anything', async (_label, body) => {
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers a clear 4xx to a body that is not JSON', async () => {
    const res = await h.service.app.inject({
      method: 'POST',
      url: '/api/identity/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('sign-in', () => {
  const email = uniqueEmail();
  beforeAll(async () => {
    expect((await signUp({ email, password: STRONG_PASSWORD, name: 'Gil' })).statusCode).toBe(201);
  });

  it('signs in with the right password, whatever the e-mail case', async () => {
    const res = await signIn(email.toUpperCase(), STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('answers the same INVALID_CREDENTIALS for a wrong password and an unknown account', async () => {
    const wrong = await signIn(email, 'Wrong-pass1!');
    const unknown = await signIn(uniqueEmail(), STRONG_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    }
  });
});

describe('refresh tokens', () => {
  it('answers 204 with no cookie at all (a visitor), and 401 for a cookie that is there but dead', async () => {
    const none = await refresh();
    expect(none.statusCode).toBe(204);
    expect(none.headers['set-cookie']).toBeUndefined();
    expect((await refresh('vere_refresh=')).statusCode).toBe(401);
  });

  it('rotates: the new cookie works once, the old one no longer does', async () => {
    const res = await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Hal' });
    const first = refreshCookie(res.headers['set-cookie']);
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().user.id).toBe(res.json().user.id);
    const second = refreshCookie(rotated.headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('treats a replay after the grace window as theft and ends the whole family', async () => {
    const quick = await buildIdentity({ refreshReuseGraceMs: 100 });
    try {
      const { signUp: signUpOn, refresh: refreshOn } = authCalls(quick.service);
      const res = await signUpOn({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Ida' });
      const stolen = refreshCookie(res.headers['set-cookie']);
      const legit = refreshCookie((await refreshOn(stolen)).headers['set-cookie']);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const replay = await refreshOn(stolen);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error.code).toBe('SESSION_EXPIRED');
      expect((await refreshOn(legit)).statusCode).toBe(401);
    } finally {
      await quick.close();
    }
  });

  it('lets two tabs refresh with the same cookie at once: both signed in, one successor, cookie kept', async () => {
    const res = await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Jo' });
    const cookie = refreshCookie(res.headers['set-cookie']);
    const answers = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const answer of answers) expect(answer.json().user.id).toBe(res.json().user.id);
    // Exactly one answer carries the successor; the other neither sets nor clears the cookie.
    const setCookies = answers.map((r) =>
      [r.headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith('vere_refresh=')),
    );
    expect(setCookies.map((c) => c.length).sort()).toEqual([0, 1]);
    const successor = refreshCookie(setCookies.flat());
    expect((await refresh(successor)).statusCode).toBe(200);
  });

  it('ends a session family after its absolute lifetime, however often it was rotated', async () => {
    const short = await buildIdentity({ refreshFamilyLifetimeMs: 1_000 });
    try {
      const { signUp: signUpOn, refresh: refreshOn } = authCalls(short.service);
      const res = await signUpOn({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Lev' });
      const rotated = await refreshOn(refreshCookie(res.headers['set-cookie']));
      expect(rotated.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const late = await refreshOn(refreshCookie(rotated.headers['set-cookie']));
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('SESSION_EXPIRED');
    } finally {
      await short.close();
    }
  });

  it.each([
    'vere_refresh=garbage',
    'vere_refresh=00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  ])('answers 401 SESSION_EXPIRED for %s', async (cookie) => {
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
  });

  // Every cookie value identity reads, tried as a hostile client would: never a 5xx, nothing revoked.
  const oddCookies = [
    `vere_refresh=${'-'.repeat(36)}.${'A'.repeat(43)}`,
    `vere_refresh=${'0'.repeat(36)}.${'A'.repeat(43)}`,
    `vere_refresh=00000000-0000-0000-0000-00000000000G.${'A'.repeat(43)}`,
    `vere_refresh=${'a'.repeat(8)}-${'-'.repeat(27)}.${'A'.repeat(43)}`,
    `vere_refresh=${'x'.repeat(5_000)}`,
    'vere_refresh=%00%ff',
    'vere_refresh=',
    `vere_refresh=a; vere_refresh=b`,
  ];

  it.each(oddCookies)('refresh answers 401 SESSION_EXPIRED for the cookie %s', async (cookie) => {
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
  });

  it.each(oddCookies)('sign-out answers 204 for the cookie %s', async (cookie) => {
    const res = await h.service.app.inject({ method: 'POST', url: '/api/identity/auth/sign-out', headers: { cookie } });
    expect(res.statusCode).toBe(204);
  });

  it('sign-out ends the session', async () => {
    const res = await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Kai' });
    const cookie = refreshCookie(res.headers['set-cookie']);
    const out = await h.service.app.inject({ method: 'POST', url: '/api/identity/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe('the endpoints that read or set the session cookie refuse other origins (CSRF)', () => {
  const session = async () =>
    refreshCookie(
      (await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Cy' })).headers['set-cookie'],
    );
  const post = (url: string, headers: Record<string, string>, payload?: string) =>
    h.service.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

  it.each(['/api/identity/auth/sign-out', '/api/identity/auth/refresh'])(
    '%s refuses a same-site form post (text/plain from another origin) with 403 and keeps the session',
    async (url) => {
      const cookie = await session();
      const res = await post(url, { cookie, origin: 'https://evil.localhost', 'content-type': 'text/plain' }, 'x');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await refresh(cookie)).statusCode).toBe(200);
    },
  );

  it.each([
    ['another origin, even with JSON', { origin: 'https://evil.example', 'content-type': 'application/json' }, '{}'],
    ['a sandboxed frame (Origin: null)', { origin: 'null' }, undefined],
    ['the same host on another port', { origin: 'http://localhost:8081' }, undefined],
    ['another app scheme (capacitor://evil)', { origin: 'capacitor://evil' }, undefined],
    ['a form body without Origin (an old browser)', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'],
    ['a text/plain body without Origin', { 'content-type': 'text/plain' }, 'x'],
  ])('sign-out refuses %s', async (_name, headers, payload) => {
    const cookie = await session();
    const res = await post('/api/identity/auth/sign-out', { cookie, ...headers }, payload);
    expect(res.statusCode).toBe(403);
    expect((await refresh(cookie)).statusCode).toBe(200);
  });

  it.each([
    ['the Host the request came to', { host: 'vere.test', origin: 'http://vere.test' }],
    ["the app's own origin (APP_URL)", { origin: 'http://localhost:3000' }],
    ['the iOS app (capacitor://localhost)', { origin: 'capacitor://localhost' }],
    ['no Origin and no body (not a browser)', {}],
    ['no Origin with JSON (not a browser)', { 'content-type': 'application/json' }],
  ])('sign-out accepts %s', async (_name, headers) => {
    const cookie = await session();
    const json = (headers as Record<string, string>)['content-type'] === 'application/json';
    const res = await post('/api/identity/auth/sign-out', { cookie, ...headers }, json ? '{}' : undefined);
    expect(res.statusCode).toBe(204);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('sign-in and sign-up (which set the cookie) refuse another origin too', async () => {
    const email = uniqueEmail();
    const evil = { origin: 'https://evil.example', 'content-type': 'application/json' };
    expect(
      (
        await post(
          '/api/identity/auth/sign-up',
          evil,
          JSON.stringify({ email, password: STRONG_PASSWORD, name: 'Eve' }),
        )
      ).statusCode,
    ).toBe(403);
    expect((await signUp({ email, password: STRONG_PASSWORD, name: 'Eve' })).statusCode).toBe(201);
    expect(
      (await post('/api/identity/auth/sign-in', evil, JSON.stringify({ email, password: STRONG_PASSWORD }))).statusCode,
    ).toBe(403);
  });
});

describe('answers carrying tokens or personal data', () => {
  it('are never cached: sign-up, sign-in, refresh, /me and the export', async () => {
    const email = uniqueEmail();
    const up = await signUp({ email, password: STRONG_PASSWORD, name: 'Di' });
    const token = up.json().accessToken as string;
    const answers = [
      up,
      await signIn(email, STRONG_PASSWORD),
      await refresh(refreshCookie(up.headers['set-cookie'])),
      await me(token),
      await h.service.app.inject({
        method: 'GET',
        url: '/api/identity/me/export',
        headers: { authorization: `Bearer ${token}` },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('access tokens', () => {
  it.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer not.a.token'],
    ['a tampered token', 'tamper'],
  ])('GET /me answers 401 UNAUTHENTICATED with %s', async (_label, auth) => {
    let header = auth;
    if (auth === 'tamper') {
      const { accessToken } = (await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Lu' })).json();
      const [h64, p64, sig] = accessToken.split('.');
      const payload = JSON.parse(Buffer.from(p64, 'base64url').toString());
      payload.sub = '00000000-0000-4000-8000-000000000000';
      header = `Bearer ${h64}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    }
    const res = await h.service.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: header ? { authorization: header } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe("forged access tokens, checked with identity's own keys", () => {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  async function realToken() {
    const { accessToken, user } = (
      await signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Mo' })
    ).json();
    const [h64, p64] = accessToken.split('.');
    return {
      accessToken,
      user,
      header: JSON.parse(Buffer.from(h64, 'base64url').toString()),
      claims: JSON.parse(Buffer.from(p64, 'base64url').toString()),
    };
  }
  const meWith = (token: string) =>
    h.service.app.inject({ method: 'GET', url: '/api/identity/me', headers: { authorization: `Bearer ${token}` } });

  it('refuses alg none, another key under the real key id, and an expired token signed with the real key', async () => {
    const { accessToken, header, claims } = await realToken();
    expect((await meWith(accessToken)).statusCode).toBe(200);

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const otherKey = createSigner({
      key: generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      algorithm: 'ES256',
      kid: header.kid,
    })(claims);
    const { rows } = await h.sql.query('SELECT private_pem FROM identity.signing_key WHERE kid = $1', [header.kid]);
    const now = Math.floor(Date.now() / 1000);
    const expired = createSigner({ key: rows[0].private_pem, algorithm: 'ES256', kid: header.kid })({
      ...claims,
      iat: now - 1000,
      exp: now - 10,
    });

    for (const forged of [none, otherKey, expired]) {
      const res = await meWith(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('operations', () => {
  it('reports health, readiness and an OpenAPI document', async () => {
    expect((await h.service.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({
      status: 'ok',
      service: 'identity',
    });
    expect((await h.service.app.inject({ method: 'GET', url: '/ready' })).json()).toMatchObject({
      status: 'ready',
      checks: { database: true, bus: true },
      outbox: { failed: 0 },
    });
    const doc = (await h.service.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/identity/auth/sign-up', '/api/identity/me']));
  });

  it("echoes the caller's request id on an error answer", async () => {
    const res = await h.service.app.inject({
      method: 'GET',
      url: '/api/identity/nowhere',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('answers unknown routes with the error shape', async () => {
    const res = await h.service.app.inject({ method: 'GET', url: '/api/identity/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
