/*
 * StockPulse's service worker, written to dist/sw.js by the build (vite.config.ts,
 * serviceWorker()), which puts in the build's version and the app shell's files.
 *
 * It caches the app shell only: the built index.html (the offline fallback of a navigation),
 * the entry's hashed assets, the manifest and icons. It never caches an /api/ answer, so no
 * signed-in user's data is ever kept by it. It shows push notifications and opens their page.
 */
/* global self, caches, clients, __SHELL_FILES__ */

const VERSION = '__BUILD_VERSION__';
const SHELL_FILES = __SHELL_FILES__;
const PREFIX = 'stockpulse-shell-';
const CACHE = `${PREFIX}${VERSION}`;
const FALLBACK = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Whether a response may be kept: our own, complete, and not an API answer. */
function keepable(url, response) {
  return (
    response.ok &&
    response.type === 'basic' &&
    !url.pathname.startsWith('/api/') &&
    url.pathname.startsWith('/assets/')
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other origins and the API go straight to the network, untouched.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Pages come from the server (their head and first screen are per page); the shell only
    // when the network fails.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(FALLBACK).then((cached) => cached ?? Response.error()),
      ),
    );
    return;
  }
  if (!url.pathname.startsWith('/assets/')) return;
  // Hashed assets never change: from the cache, else the network (then kept).
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ??
        fetch(request).then((response) => {
          if (keepable(url, response)) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

self.addEventListener('push', (event) => {
  const data = (() => {
    try {
      return event.data ? event.data.json() : {};
    } catch {
      return { body: event.data ? event.data.text() : '' };
    }
  })();
  const title = typeof data.title === 'string' && data.title ? data.title : 'StockPulse';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && event.notification.data.url;
  // Only a page of this site opens (the server sends paths; anything else opens the home page).
  const target = new URL(
    typeof path === 'string' && path.startsWith('/') ? path : '/',
    self.location.origin,
  );
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((client) => client.url === target.href);
      if (same) return same.focus();
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) return open.navigate(target.href).then((client) => (client ?? open).focus());
      return clients.openWindow(target.href);
    }),
  );
});
