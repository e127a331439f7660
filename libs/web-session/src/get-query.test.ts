import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { getQueryOptions } from './get-query';
import { sessionStore } from './session';
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
