// The service worker: offline play. On the first visit it caches every file the game needs
// (the pages, modules, styles, icons, the AI worker and the wasm engine) under a cache named
// after the build, then answers from that cache, so the game loads and plays with no
// network. The two self-contained copies of the game (halma.html, halma-board.js: another
// 500 KiB gzipped that the page never loads) are cached the first time they are fetched
// instead, so they too work offline once used, without every visitor downloading them. A new build is a new sw.js (its BUILD and ASSETS differ): the browser installs it
// beside the old one, the page offers a reload (pwa.js), and the old cache is deleted once
// the new build takes over.
//
// BUILD, ASSETS and LAZY are filled in by scripts/dist.mjs (`./build.sh dist`): BUILD is a
// hash of every file, ASSETS the paths cached at install and LAZY those cached on first use,
// relative to this file. Left as they are here (www/
// in development), the worker caches nothing and lets every request through, so edits show
// on a plain reload; it also removes the caches of a deployed build seen on the same origin.
// Paths are relative, so the site works under any sub-path (GitHub Pages: /<repo>/).

/* eslint-env serviceworker */

const BUILD = 'dev';
/** @type {string[]} */
const ASSETS = [];
/** @type {string[]} */
const LAZY = [];

const PREFIX = 'halma-';
const CACHE = `${PREFIX}${BUILD}`;
const DEV = BUILD === 'dev';

/** @type {any} */
const sw = self;

sw.addEventListener('install', (/** @type {any} */ event) => {
  if (DEV) {
    sw.skipWaiting();
    return;
  }
  // `cache: 'reload'` skips the HTTP cache, so the files cached are this build's.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(ASSETS.map((a) => new Request(a, { cache: 'reload' })))),
  );
});

sw.addEventListener('activate', (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      // The page that installed us is served from the cache from now on, offline too.
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (/** @type {any} */ event) => {
  if (event.data && event.data.type === 'skip-waiting') sw.skipWaiting();
});

if (!DEV) {
  sw.addEventListener('fetch', (/** @type {any} */ event) => {
    /** @type {Request} */
    const req = event.request;
    if (req.method !== 'GET') return;
    const url = new URL(req.url);
    const scope = new URL(sw.registration.scope);
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
    event.respondWith(answer(req, url));
  });
}

/**
 * From the cache, else the network. A page is found without its query (test hooks, embed
 * options) and a folder address is its index.html.
 * @param {Request} req
 * @param {URL} url
 */
async function answer(req, url) {
  const cache = await caches.open(CACHE);
  const page = req.mode === 'navigate';
  /** @type {Request | string} */
  let key = req;
  if (page && url.pathname.endsWith('/')) key = new URL('index.html', url).href;
  const hit = await cache.match(key, { ignoreSearch: page });
  if (hit) return hit;
  const res = await fetch(req);
  const rel = url.pathname.slice(new URL(sw.registration.scope).pathname.length);
  if (res.ok && LAZY.includes(rel)) await cache.put(url.href, res.clone());
  return res;
}
