import { ApiError, sessionStore } from '@vere/web-session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_PODS_PATH, getMyPods, myPodsQueryKey, myPodsQueryOptions } from './use-my-pods';

describe('my pods', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.setState({ status: 'signed-out', user: null, accessToken: null });
  });

  it('reads the pods service with the session bearer', async () => {
    sessionStore.setState({ status: 'signed-in', accessToken: 't1' });
    const body = { pods: [{ id: 'p1', name: 'Crew', currentStreak: 3, memberCount: 4 }] };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getMyPods()).resolves.toEqual(body);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(MY_PODS_PATH);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t1');
  });

  it('rejects with an ApiError when the service fails', async () => {
    sessionStore.setState({ status: 'signed-in', accessToken: 't1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ error: { code: 'NOT_READY', message: 'down' } }), { status: 503 }),
      ),
    );
    await expect(getMyPods()).rejects.toMatchObject({ name: 'ApiError', code: 'NOT_READY', status: 503 });
  });

  it('is one query for every app: one key, outages retried a couple of times with back-off, never client errors', () => {
    const { queryKey, retry, retryDelay } = myPodsQueryOptions();
    expect(queryKey).toEqual(myPodsQueryKey);
    const down = new ApiError('NETWORK_ERROR', 'down', 0);
    expect(retry(0, down)).toBe(true);
    expect(retry(2, down)).toBe(false);
    expect(retry(0, new ApiError('FORBIDDEN', 'no', 403))).toBe(false);
    expect(retryDelay(1, down)).toBe(2_000);
  });
});
