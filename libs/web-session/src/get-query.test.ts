import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { QueryClient } from '@vere/web-query';
import { getQueryOptions } from './get-query';
import { RECENT_READ_MS, forgetReads } from './recent-reads';
import { apiFetch, sessionStore } from './session';
import { apiError, json, stubFetch } from './test-helpers';

const key = ['quests', 'me', 'limits'] as const;
const PATH = '/api/quests/me/limits';
const down = new ApiError('NETWORK_ERROR', 'down', 0);

describe('getQueryOptions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setState({ status: 'signed-out', user: null, accessToken: null });
  });

  it('keeps the key and GETs the path with the session bearer and the query signal', async () => {
    sessionStore.setState({ status: 'signed-in', accessToken: 't1' });
    const { calls, fetchMock } = stubFetch({ [`GET ${PATH}`]: json(200, { left: 3 }) });
    const options = getQueryOptions<{ left: number }>(key, PATH);
    expect(options.queryKey).toBe(key);
    // `useQuery` infers its data from what queryFn resolves to.
    expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<{ left: number }>();
    const controller = new AbortController();
    const left: { left: number } = await options.queryFn({ signal: controller.signal });
    expect(left).toEqual({ left: 3 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t1');
    // TanStack Query cancels a query through its signal: the request must follow it.
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.signal?.aborted).toBe(false);
    controller.abort();
    expect(init.signal?.aborted).toBe(true);
  });

  it('surfaces a failed read as an ApiError', async () => {
    sessionStore.setState({ status: 'signed-in', accessToken: 't1' });
    stubFetch({ [`GET ${PATH}`]: apiError(503, 'NOT_READY') });
    await expect(
      getQueryOptions<unknown>(key, PATH).queryFn({ signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: 'NOT_READY', status: 503 });
  });

  it('uses the house retry policy: two outage retries by default, fewer when asked, never a client error', () => {
    const { retry, retryDelay } = getQueryOptions<unknown>(key, PATH);
    expect(retry(1, down)).toBe(true);
    expect(retry(2, down)).toBe(false);
    expect(retry(0, new ApiError('FORBIDDEN', 'no', 403))).toBe(false);
    expect(retryDelay(1, down)).toBe(2_000);
    const once = getQueryOptions<unknown>(key, PATH, 1);
    expect(once.retry(0, down)).toBe(true);
    expect(once.retry(1, down)).toBe(false);
  });
});

describe('getQueryOptions across areas (each with its own QueryClient)', () => {
  const PROGRESS = '/api/quests/me/progress';
  const progressKey = ['quests', 'me', 'progress'] as const;
  const signedIn = (id: string) =>
    sessionStore.setState({
      status: 'signed-in',
      accessToken: `t-${id}`,
      user: { id, name: 'Ana', email: `${id}@example.com` } as never,
    });

  // As the apps' clients (web-kit's createAppQueryClient): a read stays fresh for 30 s.
  const areaClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    forgetReads();
    sessionStore.setState({ status: 'signed-out', user: null, accessToken: null });
  });

  it("starts an area's first read from another area's answer of a moment ago, without asking again", async () => {
    signedIn('u1');
    const { calls } = stubFetch({ [`GET ${PROGRESS}`]: json(200, { level: 3 }) });
    const frame = areaClient();
    const hub = areaClient();
    expect(await frame.fetchQuery(getQueryOptions(progressKey, PROGRESS))).toEqual({ level: 3 });
    expect(await hub.fetchQuery(getQueryOptions(progressKey, PROGRESS))).toEqual({ level: 3 });
    expect(calls).toHaveLength(1);
    // A refetch or an invalidation runs queryFn, which always asks the server.
    await getQueryOptions(progressKey, PROGRESS).queryFn({ signal: new AbortController().signal });
    expect(calls).toHaveLength(2);
  });

  it('asks again after a write, for another user, and once the answer is a few seconds old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signedIn('u1');
    const { calls } = stubFetch({
      [`GET ${PROGRESS}`]: json(200, { level: 3 }),
      'POST /api/quests/me/todos/1/complete': json(200, {}),
    });
    const read = () => areaClient().fetchQuery(getQueryOptions(progressKey, PROGRESS));
    await read();
    await apiFetch('/api/quests/me/todos/1/complete', { method: 'POST' }); // may have changed the level
    await read();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);

    signedIn('u2'); // the same browser, another account
    await read();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(3);

    vi.setSystemTime(Date.now() + RECENT_READ_MS + 1);
    await read();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(4);
    await read(); // within the window again
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(4);
  });
});
