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

/** Runs public/sw.js with a fake registration and window clients; returns its push and click handlers. */
function loadPushWorker(windows: { url: string; postMessage: (m: unknown) => void; focus: () => Promise<void> }[]) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: { body: string; tag?: string; data: Record<string, unknown> } }[] = [];
  const opened: string[] = [];
  runInNewContext(source, {
    self: {
      location: { origin: ORIGIN },
      addEventListener: (type: string, fn: never) => (handlers[type] = fn),
      registration: {
        showNotification: async (title: string, options: (typeof shown)[number]['options']) => {
          shown.push({ title, options });
        },
      },
      clients: {
        matchAll: async () => windows,
        openWindow: async (url: string) => {
          opened.push(url);
        },
      },
    },
    caches: {},
    URL,
    Promise,
  });
  const run = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { run, shown, opened };
}

const pushed = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });

describe('a web push in the service worker', () => {
  it('shows the title and body, tagged by the notification, with where a tap goes', async () => {
    const worker = loadPushWorker([]);
    await worker.run(
      'push',
      pushed({
        id: 'n1',
        kind: 'pod_activity',
        title: 'Sam nudged you',
        body: 'Your pod…',
        route: '/pods/p1',
        type: 'pod',
      }),
    );
    expect(worker.shown).toEqual([
      {
        title: 'Sam nudged you',
        options: expect.objectContaining({
          body: 'Your pod…',
          tag: 'n1',
          data: { id: 'n1', kind: 'pod_activity', type: 'pod', route: '/pods/p1' },
        }),
      },
    ]);
  });

  it('opens the route in a new window when Vere is not open', async () => {
    const worker = loadPushWorker([]);
    await worker.run('notificationclick', {
      notification: { close: () => undefined, data: { type: 'challenge', route: '/challenges' } },
    });
    expect(worker.opened).toEqual(['/challenges']);
  });

  it('routes an open Vere in place, and never to another origin', async () => {
    const messages: unknown[] = [];
    const focus = vi.fn(async () => undefined);
    const worker = loadPushWorker([{ url: `${ORIGIN}/settings`, postMessage: (m) => messages.push(m), focus }]);
    await worker.run('notificationclick', {
      notification: { close: () => undefined, data: { type: 'pod', route: '//evil.example/x' } },
    });
    expect(messages).toEqual([{ type: 'vere:notification-tap', data: { type: 'pod', route: '/pods' } }]);
    expect(focus).toHaveBeenCalled();
    expect(worker.opened).toEqual([]);
  });
});
