// The service worker: the page works offline after the first visit.
//
// build.py fills in VERSION (a hash over every file of the built site) and
// PRECACHE (the files the page needs to start and read a PDF: the page, the
// runtime, our Python bundle, the sample).  A new build is a new VERSION, so
// the browser sees a changed sw.js, installs it, and the old cache is deleted
// on activate.  Everything is same-origin; nothing here talks to anyone else.
//
// Files not in PRECACHE (the CMap and font-metric data under data/, fetched
// only when a PDF needs them; the .py fallback bundle) are cached the first
// time they are fetched, so a CMap used once is there offline too.
//
// Strategy: cache first.  The cache can only hold files of this very build
// (it is named after VERSION), so a hit is never stale.  The runtime is the
// exception (RUNTIME_PATH, below).

const VERSION = "dev";     // build.py: content hash of the site
const PRECACHE = [];       // build.py: paths relative to this file
const PREFIX = "pdf-text-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so a file of an older build in
    // the HTTP cache is not taken for this build's (a 304 costs no download).
    await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" })));
    // A new build takes over at once rather than when every tab has closed.
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    // Control the page (and its worker) of the first visit too, so the data
    // files it fetches from now on are cached.
    await self.clients.claim();
  })());
});

// A page that missed the claim on activate (it was still loading) asks for
// it (offline.js).
self.addEventListener("message", (event) => {
  if (event.data === "claim") event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;   // the CSP forbids these anyway
  if (url.pathname.startsWith(RUNTIME_PATH)) return;  // left to the browser
  if (url.pathname.startsWith(CACHED_RUNTIME_PATH)) {
    event.respondWith(cachedRuntime(url));
    return;
  }
  event.respondWith(cacheFirst(request));
});

// The Pyodide runtime (pyodide/: its .mjs files, the .wasm and the standard
// library) is left to the browser: from its HTTP cache Chromium also reuses
// the WebAssembly it compiled on the last visit, which it does not for a
// response handed over here (bench/browser.py, repeat visit, first text of a
// 10-page PDF: 2.9-4.6 s served from here, 1.8-2.5 s from the HTTP cache; a
// bare Pyodide start 1.4-1.7 s).  The worker falls back to the same files
// under pyodide-cached/ when pyodide/ cannot be fetched (offline, the host
// down): those are answered from the precache only.
const RUNTIME_PATH = new URL("pyodide/", self.location.href).pathname;
const CACHED_RUNTIME_PATH = new URL("pyodide-cached/", self.location.href).pathname;

async function cachedRuntime(url) {
  const cache = await caches.open(CACHE);
  const real = new URL(RUNTIME_PATH + url.pathname.slice(CACHED_RUNTIME_PATH.length), url);
  const hit = await cache.match(real.href);
  return hit ?? new Response("not in this site's offline cache", { status: 404 });
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // The page's address may carry a query (?x); "./" and "index.html" are
  // both precached.
  const navigate = request.mode === "navigate";
  const hit = await cache.match(request, { ignoreSearch: navigate });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.status === 200 && response.type === "basic") {
    await cache.put(request, response.clone());
  }
  return response;
}
