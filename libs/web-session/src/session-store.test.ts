import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { AUTH_ENDPOINTS, KNOWN_USER_KEY, NEW_USER_SIGNUP_KEY, createSessionStore, isNewSignup } from './session-store';
import { defaultAvatarConfig } from '@vere/domain';
import { createApiClient } from './api-client';
import { PROFILE_ENDPOINTS, updateProfile } from './profile';
import { apiError, auth, json, stubFetch, user } from './test-helpers';

const REFRESH = `POST ${AUTH_ENDPOINTS.refresh}`;

describe('session store', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

  it('starts loading and signs in from the refresh cookie', async () => {
    const { calls } = stubFetch({ [REFRESH]: auth('t1') });
    const store = createSessionStore();
    expect(store.getState().status).toBe('loading');
    await store.getState().bootstrap();
    expect(store.getState()).toMatchObject({ status: 'signed-in', user, accessToken: 't1' });
    expect(calls[0]?.credentials).toBe('include');
  });

  it('ends signed out, with no error, for a visitor who has no session (204)', async () => {
    stubFetch({ [REFRESH]: () => new Response(null, { status: 204 }) });
    const store = createSessionStore();
    await store.getState().bootstrap();
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: null, accessToken: null });
    await expect(store.getState().refresh()).resolves.toBe(false);
  });

  it('ends signed out when the refresh is refused', async () => {
    stubFetch({ [REFRESH]: apiError(401, 'UNAUTHENTICATED') });
    const store = createSessionStore();
    await store.getState().bootstrap();
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: null, accessToken: null });
  });

  it('ends signed out when the server is unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    const store = createSessionStore();
    await store.getState().bootstrap();
    expect(store.getState().status).toBe('signed-out');
  });

  it('stops loading after the cutoff when the refresh hangs, and still adopts a late answer', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch({ [REFRESH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const store = createSessionStore({ bootstrapCutoffMs: 20 });
    await store.getState().bootstrap();
    expect(store.getState().status).toBe('signed-out');
    answer(auth('late')());
    await vi.waitFor(() => expect(store.getState().status).toBe('signed-in'));
  });

  it('bootstraps once however often it is called', async () => {
    const { calls } = stubFetch({ [REFRESH]: auth('t1') });
    const store = createSessionStore();
    await Promise.all([store.getState().bootstrap(), store.getState().bootstrap()]);
    await store.getState().bootstrap();
    expect(calls).toHaveLength(1);
  });

  it('shares one in-flight refresh between callers', async () => {
    const { calls } = stubFetch({ [REFRESH]: auth('t2') });
    const store = createSessionStore();
    const results = await Promise.all([store.getState().refresh(), store.getState().refresh()]);
    expect(results).toEqual([true, true]);
    expect(calls).toHaveLength(1);
  });

  it("trades the iOS app's one-time Google code after a cold start's refresh, never signed out by it", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = stubFetch({
      // A cold start: no cookie yet, so the bootstrap refresh answers 204 — but only later.
      [REFRESH]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [`POST ${AUTH_ENDPOINTS.googleExchange}`]: auth('from-code'),
    });
    const store = createSessionStore({ bootstrapCutoffMs: 5_000 });
    void store.getState().bootstrap();
    const exchanged = store.getState().exchangeGoogleCode('c'.repeat(43));
    await new Promise((resolve) => setTimeout(resolve, 30));
    answer(new Response(null, { status: 204 }));
    await expect(exchanged).resolves.toEqual(user);
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'from-code' });
    const exchange = calls.find((c) => c.url === AUTH_ENDPOINTS.googleExchange)!;
    expect(exchange.body).toEqual({ code: 'c'.repeat(43) });
  });

  it('signs in and keeps the token in memory only', async () => {
    const { calls } = stubFetch({ [`POST ${AUTH_ENDPOINTS.signIn}`]: auth('t3') });
    const store = createSessionStore();
    await expect(store.getState().signIn(' ada@example.com ', 'pw')).resolves.toEqual(user);
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'pw' });
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 't3' });
  });

  it('turns a refused sign-in into an ApiError with the service code', async () => {
    stubFetch({ [`POST ${AUTH_ENDPOINTS.signIn}`]: apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password') });
    const store = createSessionStore();
    const error = await store
      .getState()
      .signIn('a@b.co', 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401, message: 'Invalid email or password' });
  });

  it('signs up with a trimmed name and lower-cased username', async () => {
    const { calls } = stubFetch({ [`POST ${AUTH_ENDPOINTS.signUp}`]: auth('t4') });
    const store = createSessionStore();
    await store
      .getState()
      .signUp({ email: 'ada@example.com', password: 'Secret1!x', name: ' Ada ', username: ' Ada_L ' });
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'Secret1!x', name: 'Ada', username: 'ada_l' });
    expect(store.getState().status).toBe('signed-in');
  });

  it('sends the avatar chosen in the creator with the sign-up', async () => {
    const { calls } = stubFetch({ [`POST ${AUTH_ENDPOINTS.signUp}`]: auth('t4') });
    const store = createSessionStore();
    const avatarConfig = defaultAvatarConfig('ada');
    await store.getState().signUp({ email: 'ada@example.com', password: 'Secret1!x', name: 'Ada', avatarConfig });
    expect(calls[0]?.body).toMatchObject({ avatarConfig });
  });

  it("sends the browser's time zone with the sign-up", async () => {
    const { calls } = stubFetch({ [`POST ${AUTH_ENDPOINTS.signUp}`]: auth('t4') });
    const store = createSessionStore();
    await store
      .getState()
      .signUp({ email: 'ada@example.com', password: 'Secret1!x', name: 'Ada', timeZone: 'Asia/Kolkata' });
    expect(calls[0]?.body).toMatchObject({ timeZone: 'Asia/Kolkata' });
  });

  it('saves profile changes and shows the new user everywhere at once, names falling back to "User"', async () => {
    const changed = { ...user, name: '', displayName: 'Ani', bio: 'Hi' };
    const { calls } = stubFetch({
      [`POST ${AUTH_ENDPOINTS.signIn}`]: auth('t7'),
      [`PATCH ${PROFILE_ENDPOINTS.me}`]: json(200, { user: changed }),
    });
    const store = createSessionStore();
    await store.getState().signIn('ada@example.com', 'pw');
    const seen: string[] = [];
    store.subscribe((state) => seen.push(state.user?.name ?? '-'));
    const saved = await updateProfile(createApiClient(store), store, { displayName: 'Ani', bio: 'Hi' });
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer t7');
    expect(calls[1]?.body).toEqual({ displayName: 'Ani', bio: 'Hi' });
    expect(saved).toMatchObject({ name: 'Ani', displayName: 'Ani', bio: 'Hi' });
    expect(seen).toEqual(['Ani']);
    store.getState().setUser({ ...changed, displayName: null });
    expect(store.getState().user?.name).toBe('User');
  });

  it('flags a sign-in to an account made under 5 minutes ago as a new sign-up, and no other', async () => {
    const flags: string[] = [];
    const storage = { setItem: (key: string, value: string) => void flags.push(`${key}=${value}`) };
    const fresh = { ...user, createdAt: new Date(Date.now() - 60_000).toISOString() };
    stubFetch({
      [`POST ${AUTH_ENDPOINTS.signIn}`]: json(200, { accessToken: 't8', expiresIn: 900, user: fresh }),
      [REFRESH]: json(200, { accessToken: 't9', expiresIn: 900, user: fresh }),
    });
    const store = createSessionStore({ storage });
    const newSignups = () => flags.filter((f) => f.startsWith(NEW_USER_SIGNUP_KEY));
    await store.getState().refresh();
    expect(newSignups()).toEqual([]);
    // Any session at all leaves the trace that keeps the pre-auth onboarding away.
    expect(flags).toEqual([`${KNOWN_USER_KEY}=true`]);
    await store.getState().signIn('ada@example.com', 'pw');
    expect(newSignups()).toEqual([`${NEW_USER_SIGNUP_KEY}=true`]);

    stubFetch({ [`POST ${AUTH_ENDPOINTS.signIn}`]: auth('t10') });
    await createSessionStore({ storage }).getState().signIn('ada@example.com', 'pw');
    expect(newSignups()).toHaveLength(1);
  });

  it('counts an account as new for 5 minutes', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(isNewSignup('2026-11-22T11:55:01Z', now)).toBe(true);
    expect(isNewSignup('2026-11-22T11:55:00Z', now)).toBe(false);
    expect(isNewSignup('not a date', now)).toBe(false);
  });

  it('signs out through the server and clears the session', async () => {
    const { calls } = stubFetch({
      [`POST ${AUTH_ENDPOINTS.signIn}`]: auth('t5'),
      [`POST ${AUTH_ENDPOINTS.signOut}`]: () => new Response(null, { status: 204 }),
    });
    const store = createSessionStore();
    await store.getState().signIn('ada@example.com', 'pw');
    await store.getState().signOut();
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer t5');
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: null, accessToken: null });
  });

  it('stays signed in when sign-out cannot reach the server', async () => {
    stubFetch({ [`POST ${AUTH_ENDPOINTS.signIn}`]: auth('t6') });
    const store = createSessionStore();
    await store.getState().signIn('ada@example.com', 'pw');
    await expect(store.getState().signOut()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(store.getState().status).toBe('signed-in');
  });
});
