/* Hakem's service worker: keeps the rule book, the glossary, the variants page and the static
   files for reading without a network (stale-while-revalidate); the referee and the score sheet
   need the server, so without one their pages are answered by /<lang>/offline.
   The server writes WORKER in: this deploy's content version and the URLs to keep. */
"use strict";
const WORKER = {{ worker|tojson }};
const CACHE = "hakem-" + WORKER.version;
const KEPT = /^\/(tr|de|en)\/(rules(\/[^/]+)?|categories\/[^/]+|glossary|variants|sources|offline|manifest\.webmanifest)?$/;

function langOf(url) {
  const first = url.pathname.split("/")[1];
  return WORKER.langs.includes(first) ? first : WORKER.langs[WORKER.langs.length - 1];
}

function keeps(url) {
  return url.origin === self.location.origin &&
    (url.pathname.startsWith("/static/") || url.pathname === "/favicon.ico" || KEPT.test(url.pathname));
}

/* Each URL on its own, so one failed page does not lose the rest. */
async function keepAll(cache, urls) {
  await Promise.all(urls.map(async (url) => {
    try {
      const response = await fetch(url, {credentials: "same-origin"});
      if (response.ok) await cache.put(url, response);
    } catch (error) { /* kept on a later visit */ }
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => keepAll(cache, WORKER.shell))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("hakem-") && name !== CACHE)
    .map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

/* A page asks for its language's rule book to be kept; the worker answers when it is. */
self.addEventListener("message", (event) => {
  const lang = event.data && event.data.keep;
  if (!WORKER.book[lang]) return;
  const marker = "/__kept__/" + lang;
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    if (!(await cache.match(marker))) {
      await keepAll(cache, WORKER.book[lang]);
      await cache.put(marker, new Response(WORKER.version));
    }
    if (event.source) event.source.postMessage({kept: lang, version: WORKER.version});
  }));
});

async function offlinePage(url) {
  const cache = await caches.open(CACHE);
  return (await cache.match("/" + langOf(url) + "/offline")) ||
    new Response("Offline", {status: 503, headers: {"Content-Type": "text/plain"}});
}

async function staleWhileRevalidate(event, url) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request);
  const fresh = fetch(event.request).then((response) => {
    if (response.ok) return cache.put(event.request, response.clone()).then(() => response);
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  try {
    return await fresh;
  } catch (error) {
    if (event.request.mode === "navigate") return offlinePage(url);
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (keeps(url)) {
    event.respondWith(staleWhileRevalidate(event, url));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage(url)));
  }
});
