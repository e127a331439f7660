import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(join(import.meta.dirname, '../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://vere.test';

/** Runs public/sw.js against a fake worker scope; returns its fetch handler's verdict for a request. */
function loadWorker(network: (url: string) => Promise<Response>) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const offlinePage = new Response('offline page');
  const caches = {
    match: vi.fn(async (key: unknown) => (key === '/offline.html' ? offlinePage : undefined)),
  };
  runInNewContext(source, {
    self: { location: { origin: ORIGIN }, addEventListener: (type: string, fn: never) => (handlers[type] = fn) },
    caches,
    fetch: (request: { url: string }) => network(request.url),
    URL,
    Response,
    Promise,
  });
  return async (url: string, mode = 'navigate', method = 'GET') => {
    const answered: { response?: Promise<Response> } = {};
    handlers['fetch']!({
      request: { url: `${ORIGIN}${url}`, mode, method },
      respondWith: (p: Promise<Response>) => (answered.response = p),
    });
    return answered.response ? await answered.response : null;
  };
}

describe('the service worker', () => {
  it('answers a page from the network while online', async () => {
    const handle = loadWorker(async () => new Response('fresh index'));
    expect(await (await handle('/weekly'))!.text()).toBe('fresh index');
  });

  it("answers a page with Vere's offline page when the network fails", async () => {
    const handle = loadWorker(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await (await handle('/challenges/abc'))!.text()).toBe('offline page');
  });

  it('never touches the API, other origins, or writes', async () => {
    const handle = loadWorker(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await handle('/api/identity/auth/google/start')).toBeNull();
    expect(await handle('/api/quests/me/progress', 'cors')).toBeNull();
    expect(await handle('/weekly', 'navigate', 'POST')).toBeNull();
    expect(await handle('/assets/main.js', 'no-cors')).toBeNull();
  });
});
