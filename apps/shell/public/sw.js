/* global self, caches, fetch, URL */
/**
 * Vere's service worker (web only: the iOS wrapper never registers it and removes any a web visit
 * left). Two jobs. Offline: a reload or a link opened offline shows Vere's offline page, not the
 * browser's. Navigations go to the network first; only when that fails is the cached offline page
 * answered. Nothing else is served from here: the API never (it is personal and must be fresh),
 * and the app's files keep their own HTTP caching. Push (issue 25; decision 0054): shows what
 * identity pushed and routes a tap the way the app routes a tapped notification (spec §2).
 */
const CACHE = 'vere-offline-v1';
const OFFLINE_PAGE = '/offline.html';
const PRECACHE = [OFFLINE_PAGE, '/offline.js', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE).then((page) => page || Response.error())));
    return;
  }
  // The offline page's own files, so it shows complete without a network.
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((cached) => cached || fetch(request)));
  }
});

/** The in-app path a tap opens: the push's own route when it is one of ours, else by type (spec §2). */
function routeForPush(data) {
  if (data && typeof data.route === 'string' && /^\/(?![/\\])/.test(data.route)) return data.route;
  if (data && data.type === 'challenge') return '/challenges';
  if (data && data.type === 'pod') return '/pods';
  return '/';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Vere';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/favicon.svg',
      // One notification per item: a repeat of the same push replaces it instead of stacking.
      tag: typeof data.id === 'string' ? data.id : undefined,
      data: { id: data.id, kind: data.kind, type: data.type, route: routeForPush(data) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const path = routeForPush(data);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(path);
      // An open Vere routes in place (no reload, the session stays): the shell listens for this.
      open.postMessage({ type: 'vere:notification-tap', data: { ...data, route: path } });
      return open.focus ? open.focus().catch(() => undefined) : undefined;
    }),
  );
});
