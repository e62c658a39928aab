/*
 * The portal's service worker (issue 46, decision 169), written by scripts/service-worker.mjs
 * into dist/sw.js with this build's version and file list in place of the two markers below.
 * - Never answers /api or /socket.io: those go to the network as if it were not here (no stale
 *   API answer, ever).
 * - Navigations: network first (a new build's index.html is always seen online); offline, the
 *   cached app shell, which shows "Sin conexión".
 * - The build's hashed assets, icons and images: from the cache (precached at install, or cached
 *   the first time they are fetched).
 * - A new build installs a new worker, which takes over at once and deletes the old caches.
 * - Web Push: shows the notification and tells open pages; a tap opens (or focuses) its screen.
 */
const VERSION = '__SW_VERSION__';
const PRECACHE = __SW_PRECACHE__;
const CACHE = `agencia-shell-${VERSION}`;
const SHELL = '/index.html';

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
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('agencia-shell-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Paths the worker never answers: the API, the realtime socket, and itself. */
function networkOnly(url) {
  return (
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/socket.io') ||
    url.pathname === '/sw.js'
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || networkOnly(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(SHELL, { cacheName: CACHE }).then((shell) => shell || Response.error()),
      ),
    );
    return;
  }
  const cacheable =
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/icons/') ||
    url.pathname.startsWith('/images/') ||
    url.pathname === '/favicon.svg' ||
    url.pathname === '/manifest.webmanifest';
  if (!cacheable) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok && url.pathname.startsWith('/assets/')) cache.put(request, response.clone());
            return response;
          }),
      ),
    ),
  );
});

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string')
    payload = {
      title: 'Agencia Digital RD',
      body: event.data ? event.data.text() : '',
      url: '/dashboard',
      tag: 'aviso',
    };
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/dashboard';
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body || '',
        tag: payload.tag || undefined,
        lang: 'es',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url },
      }),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
        for (const client of clients) client.postMessage({ type: 'push-received', payload });
      }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => (client.navigate ? client.navigate(url) : client));
      return self.clients.openWindow(url);
    }),
  );
});
