// The check-in app's service worker (scope /checkin): keeps the app's page and files so it opens and works with
// no network. The page is fetched fresh when online (network first) and the hashed /assets/ files are served
// from the cache first (they never change under one name). API requests are never touched: the app itself
// judges tickets offline from IndexedDB and queues its scans.
const CACHE = 'marquee-checkin-v1';
const SHELL = ['/checkin', '/checkin.webmanifest', '/theme-init.js', '/favicon.svg', '/checkin-icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Every /checkin/... page is the same app: one cached copy answers them all offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put('/checkin', copy));
          }
          return response;
        })
        .catch(() => caches.match('/checkin').then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
