import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity } from './connectivity';
import { request, whenApiQuiet } from './http';

describe('whenApiQuiet', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the calls in flight to finish and then for the quiet period', async () => {
    vi.useFakeTimers();
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const call = request('/api/quests/me/progress');
    let quiet = false;
    void whenApiQuiet(500).then(() => (quiet = true));

    await vi.advanceTimersByTimeAsync(2_000);
    expect(quiet).toBe(false); // the call is still in flight

    answer(new Response('{}', { status: 200 }));
    await call;
    await vi.advanceTimersByTimeAsync(400);
    expect(quiet).toBe(false); // finished, but not quiet for 500 ms yet
    await vi.advanceTimersByTimeAsync(200);
    expect(quiet).toBe(true);
  });

  it('counts a failed call as finished', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":"NOT_READY","message":"x"}}', { status: 503 })),
    );
    await expect(request('/api/quests/me/limits')).rejects.toMatchObject({ status: 503 });
    const quiet = whenApiQuiet(300);
    await vi.advanceTimersByTimeAsync(300);
    await expect(quiet).resolves.toBeUndefined();
  });
});

describe('request and connectivity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a call without an answer marks Vere unreachable; the next answer clears it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('/api/quests/me/progress')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(connectivity.get()).toBe('unreachable');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
    await expect(request('/api/quests/me/progress')).rejects.toMatchObject({ status: 404 });
    expect(connectivity.get()).toBe('online');
  });
});
