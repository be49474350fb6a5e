// The check-in app's service worker (scope /checkin): keeps the app's page and files so it opens and works with
// no network. The page is fetched fresh when online (network first) and the hashed /assets/ files are served
// from the cache first (they never change under one name). API requests are never touched: the app itself
// judges tickets offline from IndexedDB and queues its scans.
const CACHE = 'marquee-checkin-v2';
const SHELL = ['/checkin', '/checkin.webmanifest', '/theme-init.js', '/favicon.svg', '/checkin-icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // The app's page is asked for as a browser navigating would (Accept: text/html): the server answers other
      // requests for /checkin with a JSON 404.
      .then((cache) =>
        cache.addAll(
          SHELL.map((url) => new Request(url, url === '/checkin' ? { headers: { accept: 'text/html' } } : {})),
        ),
      )
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

// The page names the files it loaded before this worker was in control (the app's scripts and styles).
self.addEventListener('message', (event) => {
  const data = event.data;
  const files =
    data && data.type === 'keep' && Array.isArray(data.files)
      ? data.files.filter((file) => typeof file === 'string' && file.startsWith('/assets/')).slice(0, 200)
      : [];
  if (files.length > 0) event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(files)));
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
        .catch(() => caches.match('/checkin', { ignoreVary: true }).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request, { ignoreVary: true }).then(
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
