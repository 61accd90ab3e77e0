// The companion's service worker: the page's files load without the network (the last copy
// kept, refreshed in the background when the network is there); the API goes to the network
// first, its last answer kept for a page opened offline. Taps are never cached or replayed
// here: the page queues them itself (companion-link.js) and the server refuses a tap it
// played already. Its scope is the companion page only (registered with scope /companion).
const CACHE = "wasteland-companion-1";
const SHELL = ["/companion.html", "/style.css", "/companion.css", "/favicon.svg", "/companion.webmanifest",
  "/js/companion.js", "/js/companion-i18n.js", "/js/companion-link.js", "/js/companion-comfort.js",
  "/js/companion-words.js", "/js/chance-words.js",
  "/js/i18n.js", "/js/api.js", "/js/boards.js", "/js/dom.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) cache.put(request, answer.clone());
    return answer;
  } catch (e) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw e;
  }
}

async function keptFirst(request, event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: request.url.endsWith(".html") });
  const fresh = fetch(request).then((answer) => { if (answer.ok) cache.put(request, answer.clone()); return answer; });
  if (kept) { event.waitUntil(fresh.catch(() => null)); return kept; }
  return fresh;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.endsWith("/ws") || url.pathname.endsWith("/record") || url.pathname.endsWith("/scenario")) return;
  event.respondWith(url.pathname.startsWith("/api/") ? networkFirst(event.request) : keptFirst(event.request, event));
});
