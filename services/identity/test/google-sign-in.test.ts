import { startOidcTestProvider, type OidcTestProvider } from '@vere/test-kit';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_STATE_COOKIE } from '../src/routes/google';
import { authCalls, buildIdentity, refreshCookie, STRONG_PASSWORD, uniqueEmail, type IdentityHarness } from './helper';

/**
 * Google sign-in against a real OpenID provider (oidc-provider) on loopback: identity is driven
 * with inject (its public origin is APP_URL), the provider over real HTTP with its own login and
 * consent forms, exactly the redirects a browser follows.
 */
const APP_URL = 'http://vere.test';
const CALLBACK = `${APP_URL}/api/identity/auth/google/callback`;
const CLIENT = { clientId: 'vere-web', clientSecret: 'vere-web-secret' };

let op: OidcTestProvider;
let h: IdentityHarness;
/** identity's clock runs this far ahead of the real one (the app codes' expiry is read on it). */
let skewMs = 0;
beforeAll(async () => {
  op = await startOidcTestProvider({ ...CLIENT, redirectUris: [CALLBACK] });
  h = await buildIdentity({
    appUrl: APP_URL,
    google: { ...CLIENT, issuer: op.issuer },
    clock: () => new Date(Date.now() + skewMs),
  });
});
afterAll(async () => {
  await h?.close();
  await op?.close();
});

/** Cookies per origin, as a browser keeps them (paths and expiry do not matter for these flows). */
class Jar {
  private readonly cookies = new Map<string, Map<string, string>>();
  store(origin: string, setCookie: string[]) {
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line))
        jar.delete(pair!.slice(0, eq));
      else jar.set(pair!.slice(0, eq), value);
    }
    this.cookies.set(origin, jar);
  }
  header(origin: string): string {
    return [...(this.cookies.get(origin) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const setCookies = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []);

interface ProviderVisit {
  /** Where the provider sent the browser back (identity's callback with code/state or error). */
  callback: URL;
  /** identity's state cookie as the start set it. */
  stateCookie: string;
}

/**
 * start → the provider's login form (login as `login`) → consent (or Cancel) → back at
 * identity's callback URL, which is returned unvisited.
 */
async function visitProvider(
  login: string,
  opts: { redirect?: string; cancel?: boolean; appRedirect?: string } = {},
): Promise<ProviderVisit> {
  const params = new URLSearchParams({
    ...(opts.redirect ? { redirect: opts.redirect } : {}),
    ...(opts.appRedirect ? { app_redirect: opts.appRedirect } : {}),
  }).toString();
  const start = await h.service.app.inject({
    method: 'GET',
    url: `/api/identity/auth/google/start${params ? `?${params}` : ''}`,
  });
  expect(start.statusCode).toBe(302);
  const state = setCookies(start.headers['set-cookie']).find((c) => c.startsWith(`${OIDC_STATE_COOKIE}=`));
  expect(state).toMatch(/HttpOnly/);
  expect(state).toMatch(/SameSite=Lax/);
  const jar = new Jar();
  let url = new URL(start.headers.location as string);
  expect(url.origin).toBe(op.issuer);
  let init: RequestInit = {};
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.href.startsWith(CALLBACK)) return { callback: url, stateCookie: state!.split(';')[0]! };
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: jar.header(url.origin) },
    });
    jar.store(url.origin, res.headers.getSetCookie());
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = new URL(/<form[^>]*action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'), url);
    if (opts.cancel && prompt === 'consent') {
      url = new URL(/href="([^"]*\/abort)"/.exec(html)![1]!, url);
      continue;
    }
    const body: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt! };
    init = {
      method: 'POST',
      body: new URLSearchParams(body),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    url = action;
  }
  throw new Error('too many redirects at the provider');
}

/** identity's callback as the browser would call it (with the state cookie it holds). */
const callback = (url: URL, cookie?: string) =>
  h.service.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie } : {} });

async function signInWithGoogle(login: string, opts: { redirect?: string } = {}) {
  const visit = await visitProvider(login, opts);
  expect(visit.callback.searchParams.get('code')).toBeTruthy();
  const res = await callback(visit.callback, visit.stateCookie);
  return { res, visit };
}

/** Reads identity's tables directly (what the API does not show: events, rows that must not exist). */
async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await h.sql.query(text, values)).rows as T[];
}

const errorOf = (location: unknown) => new URL(String(location), APP_URL).searchParams.get('error');

async function userEvents(userId: string) {
  const rows = await sql<{ subject: string }>(
    `SELECT subject FROM identity.outbox_event WHERE payload->>'userId' = $1 ORDER BY occurred_at`,
    [userId],
  );
  return rows.map((r) => r.subject);
}

let counter = 0;
const newGoogleUser = (overrides: Partial<{ email: string; email_verified: boolean; name: string }> = {}) => {
  const login = `g${Date.now().toString(36)}${(counter++).toString(36)}`;
  const account = { email: `${login}@gmail.test`, email_verified: true, name: "José O'Brien-Smith", ...overrides };
  op.addAccount(login, account);
  return { login, ...account };
};

describe('providers', () => {
  it('offers Google when a client id is configured', async () => {
    const res = await h.service.app.inject({ method: 'GET', url: '/api/identity/auth/providers' });
    expect(res.json()).toEqual({ google: true });
  });
});

describe('Google sign-in', () => {
  it('creates an account from the ID token, publishes its registration, and starts a session', async () => {
    const google = newGoogleUser();
    const { res } = await signInWithGoogle(google.login, { redirect: '/connect?tab=pods' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/callback?redirect=%2Fconnect%3Ftab%3Dpods');
    const all = setCookies(res.headers['set-cookie']);
    const session = all.find((c) => c.startsWith('vere_refresh='))!;
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\/api\/identity\/auth/);
    expect(all.some((c) => c.startsWith(`${OIDC_STATE_COOKIE}=;`))).toBe(true);

    const refreshed = await authCalls(h.service).refresh(refreshCookie(all));
    expect(refreshed.statusCode).toBe(200);
    const { user } = refreshed.json();
    expect(user).toMatchObject({ email: google.email, name: 'José O Brien-Smith' });
    expect(user.username).toMatch(/^jose_o_brien_sm_\d{4}$/);
    expect(await userEvents(user.id)).toEqual(['identity.user.registered.v1', 'identity.profile.updated.v1']);

    // No password: password sign-in fails as a wrong password does, never 500.
    const signIn = await authCalls(h.service).signIn(google.email, STRONG_PASSWORD);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('signs the same Google account in to the same Vere account next time', async () => {
    const google = newGoogleUser();
    const first = await signInWithGoogle(google.login);
    const second = await signInWithGoogle(google.login);
    expect(second.res.headers.location).toBe('/auth/callback');
    const idOf = async (r: typeof first) =>
      (await authCalls(h.service).refresh(refreshCookie(r.res.headers['set-cookie']))).json().user.id;
    const id = await idOf(first);
    expect(await idOf(second)).toBe(id);
    expect(await userEvents(id)).toEqual(['identity.user.registered.v1', 'identity.profile.updated.v1']);
  });

  it('links a password account with the same verified address, ending its password and old sessions', async () => {
    const email = uniqueEmail();
    const signUp = await authCalls(h.service).signUp({ email, password: STRONG_PASSWORD, name: 'Ana' });
    const oldSession = refreshCookie(signUp.headers['set-cookie']);
    const google = newGoogleUser({ email: email.toUpperCase(), name: 'Ana Google' });

    const { res } = await signInWithGoogle(google.login);
    const me = (await authCalls(h.service).refresh(refreshCookie(res.headers['set-cookie']))).json().user;
    expect(me).toMatchObject({ id: signUp.json().user.id, email, name: 'Ana' });
    // The old session ends everywhere: its access tokens are revoked too (decision 0034).
    expect(await userEvents(me.id)).toEqual([
      'identity.user.registered.v1',
      'identity.profile.updated.v1',
      'identity.session.revoked.v1',
    ]);
    expect((await authCalls(h.service).refresh(oldSession)).statusCode).toBe(401);
    expect((await authCalls(h.service).me(signUp.json().accessToken)).statusCode).toBe(401);
    expect((await authCalls(h.service).signIn(email, STRONG_PASSWORD)).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('never returns to another origin', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/auth/callback']) {
      const { res } = await signInWithGoogle(newGoogleUser().login, { redirect });
      expect(res.headers.location).toBe('/auth/callback');
    }
  });
});

describe('Google sign-in refused', () => {
  const expectRefused = (res: Awaited<ReturnType<typeof callback>>, code: string) => {
    expect(res.statusCode).toBe(302);
    expect(errorOf(res.headers.location)).toBe(code);
    const all = setCookies(res.headers['set-cookie']);
    expect(all.some((c) => c.startsWith('vere_refresh='))).toBe(false);
    expect(all.some((c) => c.startsWith(`${OIDC_STATE_COOKIE}=;`))).toBe(true);
  };

  it('without the state cookie (a callback this browser did not start: login CSRF)', async () => {
    const visit = await visitProvider(newGoogleUser().login);
    expectRefused(await callback(visit.callback), 'STATE_INVALID');
  });

  it('with a tampered state', async () => {
    const visit = await visitProvider(newGoogleUser().login);
    const tampered = new URL(visit.callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    expectRefused(await callback(tampered, visit.stateCookie), 'STATE_INVALID');
    expectRefused(await callback(tampered, `${visit.stateCookie}x`), 'STATE_INVALID');
  });

  it('when the callback is replayed (the state and the code work once)', async () => {
    const { res, visit } = await signInWithGoogle(newGoogleUser().login);
    expect(res.headers.location).toBe('/auth/callback');
    expectRefused(await callback(visit.callback, visit.stateCookie), 'STATE_INVALID');
  });

  it('when a code from another sign-in is injected (PKCE and nonce bind it to its own start)', async () => {
    const victim = await visitProvider(newGoogleUser().login);
    const attacker = await visitProvider(newGoogleUser().login);
    const injected = new URL(victim.callback);
    injected.searchParams.set('code', attacker.callback.searchParams.get('code')!);
    const before = await sql<{ n: number }>('SELECT count(*)::int AS n FROM identity.user');
    expectRefused(await callback(injected, victim.stateCookie), 'EXCHANGE_FAILED');
    expect(await sql('SELECT count(*)::int AS n FROM identity.user')).toEqual(before);
  });

  it('when the response names another issuer (RFC 9207 mix-up defence)', async () => {
    const visit = await visitProvider(newGoogleUser().login);
    const mixed = new URL(visit.callback);
    mixed.searchParams.set('iss', 'https://evil.example');
    expectRefused(await callback(mixed, visit.stateCookie), 'EXCHANGE_FAILED');
  });

  it('when the user cancels at the provider', async () => {
    const visit = await visitProvider(newGoogleUser().login, { cancel: true });
    expect(visit.callback.searchParams.get('error')).toBe('access_denied');
    expectRefused(await callback(visit.callback, visit.stateCookie), 'ACCESS_DENIED');
  });

  it('when the provider does not vouch for the address', async () => {
    const google = newGoogleUser({ email_verified: false });
    const { res } = await signInWithGoogle(google.login);
    expectRefused(res, 'EMAIL_NOT_VERIFIED');
    expect(await sql('SELECT 1 FROM identity.user WHERE email = $1', [google.email])).toEqual([]);
  });
});

describe('Google sign-in in the iOS app (decision 0015: a one-time code in the vere:// return)', () => {
  const APP_RETURN = 'vere://auth/callback';
  const IOS_ORIGIN = 'capacitor://localhost';
  afterEach(() => {
    skewMs = 0;
  });

  /** Google sign-in started by the app: identity's callback answer (a redirect to the app). */
  async function appSignIn(login: string, opts: { redirect?: string; cancel?: boolean } = {}) {
    const visit = await visitProvider(login, { ...opts, appRedirect: APP_RETURN });
    return callback(visit.callback, visit.stateCookie);
  }
  const codeFrom = (res: Awaited<ReturnType<typeof callback>>) => {
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${APP_RETURN}?`)).toBe(true);
    return new URL(location).searchParams.get('code')!;
  };
  const exchange = (code: unknown, origin = IOS_ORIGIN) =>
    h.service.app.inject({
      method: 'POST',
      url: '/api/identity/auth/google/exchange',
      headers: { origin },
      payload: { code },
    });

  it('returns to vere://auth/callback with a code, no cookie, and the code signs the app in', async () => {
    const google = newGoogleUser();
    const res = await appSignIn(google.login, { redirect: '/connect?tab=pods' });
    const code = codeFrom(res);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(String(res.headers.location)).searchParams.get('redirect')).toBe('/connect?tab=pods');
    // The system browser gets no session: the state cookie is cleared, no refresh cookie is set.
    const cookies = setCookies(res.headers['set-cookie']);
    expect(cookies.some((c) => c.startsWith('vere_refresh='))).toBe(false);
    expect(cookies.some((c) => c.startsWith(`${OIDC_STATE_COOKIE}=;`))).toBe(true);
    // Only the code's hash is stored.
    const stored = await sql<{ code_hash: string }>('SELECT code_hash FROM identity.oidc_app_code');
    expect(stored.map((r) => r.code_hash)).toContain(createHash('sha256').update(code).digest('hex'));
    expect(stored.map((r) => r.code_hash)).not.toContain(code);

    const exchanged = await exchange(code);
    expect(exchanged.statusCode).toBe(200);
    const body = exchanged.json();
    expect(body.user).toMatchObject({ email: google.email });
    expect(typeof body.accessToken).toBe('string');
    expect((await authCalls(h.service).me(body.accessToken)).json().user).toMatchObject({ email: google.email });
    // As the app's native sign-in (decision 0059): the refresh cookie, which refreshes.
    const session = setCookies(exchanged.headers['set-cookie']).find((c) => c.startsWith('vere_refresh='))!;
    expect(session).toMatch(/SameSite=Strict/);
    const refreshed = await authCalls(h.service).refresh(refreshCookie(exchanged.headers['set-cookie']));
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.id).toBe(body.user.id);
  });

  it('accepts each code once, even when the app exchanges it several times at the same moment', async () => {
    const code = codeFrom(await appSignIn(newGoogleUser().login));
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json().error.code).toBe('SIGN_IN_CODE_INVALID');
      expect(setCookies(refused.headers['set-cookie'])).toEqual([]);
    }
    const later = await exchange(code);
    expect(later.statusCode).toBe(400);
    expect(later.json().error.code).toBe('SIGN_IN_CODE_INVALID');
  });

  it('lets a code work for 60 s on identity’s clock, and no longer', async () => {
    const fresh = codeFrom(await appSignIn(newGoogleUser().login));
    const stale = codeFrom(await appSignIn(newGoogleUser().login));
    skewMs = 55_000;
    expect((await exchange(fresh)).statusCode).toBe(200);
    skewMs = 61_000;
    const expired = await exchange(stale);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('SIGN_IN_CODE_INVALID');
  });

  it('refuses a forged or malformed code with a 4xx, never a session', async () => {
    const forged = await exchange(randomBytes(32).toString('base64url'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('SIGN_IN_CODE_INVALID');
    // The stored hash is not a code either.
    const code = codeFrom(await appSignIn(newGoogleUser().login));
    const hash = createHash('sha256').update(code).digest('hex');
    for (const bad of [hash, '', 'short', `${code}x`, 42, null]) {
      const res = await exchange(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const noBody = await h.service.app.inject({
      method: 'POST',
      url: '/api/identity/auth/google/exchange',
      headers: { origin: IOS_ORIGIN },
    });
    expect(noBody.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBody.statusCode).toBeLessThan(500);
    // None of that used the real code up.
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('refuses the exchange from another web origin (the answer sets the session cookie)', async () => {
    const code = codeFrom(await appSignIn(newGoogleUser().login));
    const res = await exchange(code, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('never sends a code anywhere but the allowed vere://auth/callback', async () => {
    for (const target of [
      'vere://evil',
      'vere://auth/callback/x',
      'VERE://auth/callback',
      'vere://auth/callback?x=1',
      'evil://auth/callback',
      'capacitor://localhost/auth/callback',
      'https://evil.example/auth/callback',
      `${APP_URL}/auth/callback`,
      'javascript:alert(1)',
      '',
    ]) {
      const start = await h.service.app.inject({
        method: 'GET',
        url: `/api/identity/auth/google/start?app_redirect=${encodeURIComponent(target)}`,
      });
      expect(start.statusCode, target).toBe(400);
      expect(start.json().error.code).toBe('REDIRECT_NOT_ALLOWED');
      expect(start.headers.location).toBeUndefined();
      expect(setCookies(start.headers['set-cookie'])).toEqual([]);
    }
  });

  it('sends a failed sign-in back to the app with its error code', async () => {
    const res = await appSignIn(newGoogleUser().login, { cancel: true });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP_RETURN}?error=ACCESS_DENIED`);
    const unverified = await appSignIn(newGoogleUser({ email_verified: false }).login);
    expect(unverified.headers.location).toBe(`${APP_RETURN}?error=EMAIL_NOT_VERIFIED`);
  });
});

describe('Google sign-in misconfigured', () => {
  it('refuses a provider whose discovery names another issuer', async () => {
    // Same provider, reached as localhost: its metadata says 127.0.0.1, so it is not the issuer asked for.
    const other = await buildIdentity({
      appUrl: APP_URL,
      google: { ...CLIENT, issuer: op.issuer.replace('127.0.0.1', 'localhost') },
    });
    try {
      const start = await other.service.app.inject({ method: 'GET', url: '/api/identity/auth/google/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/auth/callback?error=PROVIDER_UNAVAILABLE');
    } finally {
      await other.close();
    }
  });

  it("is hidden without a client id: providers says false, start, callback and the app's exchange answer 404", async () => {
    const plain = await buildIdentity({ appUrl: APP_URL });
    try {
      expect((await plain.service.app.inject({ method: 'GET', url: '/api/identity/auth/providers' })).json()).toEqual({
        google: false,
      });
      for (const path of ['start', 'callback?code=x&state=y']) {
        const res = await plain.service.app.inject({ method: 'GET', url: `/api/identity/auth/google/${path}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('PROVIDER_NOT_CONFIGURED');
      }
      const exchange = await plain.service.app.inject({
        method: 'POST',
        url: '/api/identity/auth/google/exchange',
        payload: { code: randomBytes(32).toString('base64url') },
      });
      expect(exchange.statusCode).toBe(404);
      expect(exchange.json().error.code).toBe('PROVIDER_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});
