// Notio service worker.
// - /static/... URLs carry a content hash and never change: cache-first, filled at runtime.
// - Pages: network-first; offline, the cached copy of that page, else /offline.html.
// - /api/... and every non-GET request: straight to the network, never cached.
// Bump VERSION when the precached files change; old caches are deleted on activate.

const VERSION = "v2";
const SHELL = `notio-shell-${VERSION}`;
const STATIC = `notio-static-${VERSION}`;
const PAGES = `notio-pages-${VERSION}`;
const OFFLINE = "/offline.html";
// Icons are nice to have offline; a missing one must not stop the install.
const PRECACHE = [
  "/manifest.webmanifest",
  "/favicon.ico",
  "/apple-touch-icon.png",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL)
      .then((cache) => cache.add(new Request(OFFLINE, { cache: "reload" }))
        .then(() => Promise.allSettled(PRECACHE.map((url) => cache.add(new Request(url, { cache: "reload" }))))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const keep = new Set([SHELL, STATIC, PAGES]);
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("notio-") && !keep.has(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname === "/sw.js" || url.pathname.endsWith("/events")) return;

  if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" || (request.headers.get("Accept") || "").includes("text/html")) {
    event.respondWith(networkFirstPage(request));
  } else if (PRECACHE.includes(url.pathname) || url.pathname === OFFLINE) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(STATIC);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function networkFirstPage(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    // Only plain successful pages: never a redirect to the login, never an error page.
    if (response.ok && response.type === "basic" && !response.redirected) cache.put(request, response.clone());
    return response;
  } catch {
    const saved = await cache.match(request);
    if (saved) return markOffline(saved);
    return (await caches.match(OFFLINE)) || new Response("offline", { status: 503 });
  }
}

// A saved page served offline says so: its <body> gets data-offline, which sw-register.js turns
// into the "오프라인이에요 · 저장된 화면" banner (the page cannot see which copy it came from).
async function markOffline(response) {
  const html = (await response.text()).replace("<body", "<body data-offline=\"saved\"");
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// After logout the cached pages of that account must not be shown to the next person.
self.addEventListener("message", (event) => {
  if (event.data === "clear-pages") event.waitUntil(caches.delete(PAGES));
});

// The reading timer's notification: a click brings Notio forward on the timer page.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || "/timer";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
