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

  it("shares a read still on its way with another area's first read, but not with a refetch or after a write", async () => {
    signedIn('u1');
    let answered = 0;
    const { calls } = stubFetch({
      [`GET ${PROGRESS}`]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { level: 3, answer: ++answered })();
      },
      'POST /api/quests/me/todos/1/complete': json(200, {}),
    });
    const gets = () => calls.filter((c) => c.method === 'GET').length;
    // The frame and the hub ask within the same moment, each with its own client: one request.
    const [frame, hub] = [areaClient(), areaClient()];
    const both = await Promise.all([
      frame.fetchQuery(getQueryOptions(progressKey, PROGRESS)),
      hub.fetchQuery(getQueryOptions(progressKey, PROGRESS)),
    ]);
    expect(both).toEqual([
      { level: 3, answer: 1 },
      { level: 3, answer: 1 },
    ]);
    expect(gets()).toBe(1);
    // A refetch (the area has data) while another area's first read is on its way asks the server.
    forgetReads(); // (the answer above is no longer recent)
    const third = areaClient().fetchQuery(getQueryOptions(progressKey, PROGRESS));
    await vi.waitFor(() => expect(gets()).toBe(2));
    await frame.fetchQuery({ ...getQueryOptions(progressKey, PROGRESS), staleTime: 0 });
    await third;
    expect(gets()).toBe(3);
    // A write while a read is on its way: a first read after it does not take that read's answer.
    forgetReads();
    const before = areaClient().fetchQuery(getQueryOptions(progressKey, PROGRESS));
    await vi.waitFor(() => expect(gets()).toBe(4));
    await apiFetch('/api/quests/me/todos/1/complete', { method: 'POST' });
    const after = await areaClient().fetchQuery(getQueryOptions(progressKey, PROGRESS));
    await before;
    expect(gets()).toBe(5);
    expect(after).toEqual({ level: 3, answer: 5 });
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
