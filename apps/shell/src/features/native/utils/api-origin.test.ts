import { describe, expect, it } from 'vitest';
import { configuredApiOrigin, routeApiCalls, type NativeRequest } from './api-origin';

function fakeWindow() {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const opened: string[] = [];
  const win = {
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      return new Response('{}', { status: 200 });
    }) as typeof fetch,
    EventSource: class {
      constructor(url: string | URL) {
        opened.push(String(url));
      }
    } as unknown as typeof EventSource,
  };
  return { win, calls, opened };
}

describe('configuredApiOrigin', () => {
  it('is null for the same-origin web build and an origin for the app build', () => {
    expect(configuredApiOrigin('')).toBeNull();
    expect(configuredApiOrigin(undefined)).toBeNull();
    expect(configuredApiOrigin('https://vere.app/')).toBe('https://vere.app');
    expect(() => configuredApiOrigin('vere.app')).toThrow();
  });
});

describe('routeApiCalls', () => {
  it('sends /api calls to the configured origin without cookies, and leaves other URLs alone', async () => {
    const { win, calls } = fakeWindow();
    routeApiCalls(win, 'https://vere.app');
    await win.fetch('/api/quests/me/today', { headers: { authorization: 'Bearer t' } });
    await win.fetch('/remotes.json');
    expect(calls[0]).toMatchObject({ url: 'https://vere.app/api/quests/me/today', init: { credentials: 'omit' } });
    expect(calls[1]!.url).toBe('/remotes.json');
  });

  it('opens live streams on the API origin', () => {
    const { win, opened } = fakeWindow();
    routeApiCalls(win, 'https://vere.app');
    new win.EventSource!('/api/pods/live?ticket=abc');
    expect(opened).toEqual(['https://vere.app/api/pods/live?ticket=abc']);
  });

  it('sends the refresh-cookie calls through the native HTTP stack and answers with its response', async () => {
    const { win, calls } = fakeWindow();
    const native: NativeRequest[] = [];
    routeApiCalls(win, 'https://vere.app', async (request) => {
      native.push(request);
      return { status: 200, headers: { 'content-type': 'application/json' }, data: { accessToken: 'a' } };
    });
    const res = await win.fetch('/api/identity/auth/refresh', { method: 'POST', body: '{}' });
    expect(calls).toHaveLength(0);
    expect(native[0]).toMatchObject({ url: 'https://vere.app/api/identity/auth/refresh', method: 'POST', body: '{}' });
    expect(await res.json()).toEqual({ accessToken: 'a' });
  });

  it('puts the originals back', async () => {
    const { win, calls } = fakeWindow();
    const restore = routeApiCalls(win, 'https://vere.app');
    restore();
    await win.fetch('/api/quests/me/today');
    expect(calls[0]!.url).toBe('/api/quests/me/today');
  });
});
