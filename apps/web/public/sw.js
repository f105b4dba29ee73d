// Tonemark listener service worker (docs/decisions/listener-protocol.md).
// Keeps /listener usable offline: the page, its hashed assets and the last catalogue. Everything
// else passes through untouched: the admin area and the API stay network-only.
const CACHE = 'tonemark-listener-v1';
const PAGE = '/listener';
const CATALOGUE = '/api/listener/catalogue';
const SHELL = ['/listener.webmanifest', '/icon-192.png', '/icon-512.png', '/favicon.svg'];

/** The hashed scripts and styles the page's HTML names, so the first offline start has them. */
async function cachePageAndAssets(cache) {
  const response = await fetch(PAGE, { cache: 'no-cache' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(PAGE, response);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  // Every chunk the listener can load later (the build lists them): one first needed offline,
  // on the first detection, would otherwise fail to load and blank the page.
  const listed = await fetch('/listener-assets.json', { cache: 'no-cache' })
    .then((r) => (r.ok ? r.json() : []))
    .catch(() => []);
  await cache.addAll([...new Set([...assets, ...listed])]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The catalogue too: the page fetched its own copy before this worker controlled it.
      await Promise.all([cachePageAndAssets(cache), cache.addAll([...SHELL, CATALOGUE])]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page sends the assets it loaded (lazy chunks, the audio worklet) so they are kept too.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'CACHE_URLS' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (url) => typeof url === 'string' && new URL(url, self.location.origin).pathname.startsWith('/assets/'),
  );
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(urls))
      .catch(() => {}),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === PAGE) {
    event.respondWith(networkFirst(request, PAGE));
  } else if (url.pathname === CATALOGUE) {
    // Always the network when there is one (it answers 304 cheaply); the last copy when not. A
    // listening link's catalogue (?triggers=…) is kept under its own address, never the whole one's.
    event.respondWith(networkFirst(request, CATALOGUE + url.search));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname));
  }
});
