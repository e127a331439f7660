import { afterEach, describe, expect, it, vi } from 'vitest';

describe('client error reporting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('sends each distinct error once, at most 10 a page, with the path and no query string', async () => {
    vi.stubGlobal('window', { location: { pathname: '/reset-password', search: '?token=secret' } });
    const { reportClientError, MAX_REPORTS_PER_PAGE, CLIENT_ERRORS_ENDPOINT } = await import('./error-reporting');
    const calls: Array<[string, RequestInit]> = [];
    const send = ((url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(new Response(null, { status: 202 }));
    }) as typeof fetch;
    reportClientError({ kind: 'error', message: 'same' }, send);
    reportClientError({ kind: 'error', message: 'same' }, send);
    for (let i = 0; i < 20; i += 1) reportClientError({ kind: 'error', message: `m${i}` }, send);
    expect(calls).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(calls[0]![0]).toBe(CLIENT_ERRORS_ENDPOINT);
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ kind: 'error', message: 'same', path: '/reset-password' });
    expect(calls[0]![1].keepalive).toBe(true);
  });

  it('never throws, even when sending fails', async () => {
    vi.stubGlobal('window', { location: { pathname: '/' } });
    const { reportClientError } = await import('./error-reporting');
    const failing = (() => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(() => reportClientError({ kind: 'unhandledrejection', message: 'x' }, failing)).not.toThrow();
  });
});
