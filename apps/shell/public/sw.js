/* global self, caches, fetch, URL */
/**
 * Vere's service worker (web only: the iOS wrapper never registers it and removes any a web visit
 * left). Its one job: a reload or a link opened offline shows Vere's offline page, not the
 * browser's. Navigations go to the network first; only when that fails is the cached offline page
 * answered. Nothing else is served from here: the API never (it is personal and must be fresh),
 * and the app's files keep their own HTTP caching.
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
