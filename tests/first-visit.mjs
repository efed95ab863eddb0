// What a player's first visit costs: the bytes the game page transfers (gzipped, as a
// static host such as GitHub Pages serves them) and the time from navigation to a drawn
// board after "Play the computer", in headless Chromium on a throttled network (Chrome
// DevTools Protocol Network.emulateNetworkConditions: by default 1.6 Mbit/s down,
// 750 kbit/s up, 150 ms latency, the "Slow 4G"-like profile of Lighthouse's mobile runs).
//
//   node tests/first-visit.mjs [--site DIR]... [--baseline DIR] [--rounds N] [--kbps N]
//                              [--latency MS] [--max-kib N]
//
// Each --site is a deployable site (./build.sh dist writes dist/); --baseline another (an
// earlier build) to compare with. All are measured in turns, round by round, so a busy
// machine disturbs them alike; the median of the rounds is reported, and each site's ratio
// to the baseline. Every round is a first visit: a fresh browser context (empty cache, no service
// worker). Bytes are counted at the server (bodies as sent, gzipped, plus headers). The timed
// visit blocks the service worker (the throttling applies to the page's own requests, not to
// a worker's), so it measures what the page needs to draw the board; a second visit, with the
// service worker and without throttling, counts every byte a first visit transfers once the
// network is quiet (the service worker's offline copy of the site included). --max-kib fails
// (exit 1) when the first --site's bytes until the board exceed N KiB: the budget players
// feel (./build.sh test checks it, FIRST_VISIT_BUDGET_KB).

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_LAUNCH } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    site: { type: 'string', multiple: true, default: [`${root}dist`] },
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    kbps: { type: 'string', default: '1600' },
    latency: { type: 'string', default: '150' },
    'max-kib': { type: 'string' },
  },
});
const rounds = Math.max(1, Number(opts.rounds) || 1);
const kbps = Number(opts.kbps);
const latency = Number(opts.latency);
if (!(kbps > 0) || !(latency >= 0)) throw new Error('--kbps must be positive and --latency at least 0');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
/** Types a static host compresses (images are compressed already). */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.wasm', '.svg', '.webmanifest']);

/**
 * Serves a folder as a static host does, gzipped where the browser asks for it, and counts
 * the bytes it sends.
 * @param {string} dir
 */
async function serve(dir) {
  const base = path.resolve(dir);
  /** @type {Map<string, Buffer>} */
  const gz = new Map();
  const counter = { bytes: 0, requests: 0 };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let rel = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = path.join(base, rel);
    let body;
    try {
      if (!file.startsWith(base + path.sep) || !(await stat(file)).isFile()) throw new Error('no file');
      body = await readFile(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const ext = path.extname(file);
    /** @type {Record<string, string | number>} */
    const headers = { 'content-type': TYPES[/** @type {keyof typeof TYPES} */ (ext)] ?? 'application/octet-stream', 'cache-control': 'max-age=600' };
    if (COMPRESSED.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let z = gz.get(file);
      if (!z) gz.set(file, (z = gzipSync(body, { level: 9 })));
      body = z;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    counter.requests++;
    counter.bytes += body.length + Object.entries(headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 17);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(undefined)));
  const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${addr.port}/`, counter, close: () => new Promise((ok) => server.close(() => ok(undefined))) };
}

/**
 * One first visit: navigation, the first screen, "Play the computer", the drawn board.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{bytes: number, requests: number}} counter
 */
async function visit(browser, url, counter, timed = true) {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: timed ? 'block' : 'allow',
  });
  const page = await ctx.newPage();
  if (timed) {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: (kbps * 1000) / 8,
      uploadThroughput: (750 * 1000) / 8,
    });
  }
  counter.bytes = 0;
  counter.requests = 0;
  await page.goto(url, { waitUntil: 'commit' });
  const play = page.locator('#home-computer');
  await play.waitFor({ state: 'visible', timeout: 120_000 });
  await page.waitForSelector('body[data-ready="1"]', { timeout: 120_000 });
  const firstScreen = await page.evaluate(() => performance.now());
  await play.click();
  // Drawn: the board is shown, its canvas describes the pieces, and a frame has been painted.
  await page.waitForFunction(
    () => {
      const c = document.querySelector('#board canvas');
      return !!c && c.getBoundingClientRect().width > 0 && /:\s*\w+\d/.test(c.getAttribute('aria-label') ?? '');
    },
    undefined,
    { timeout: 120_000, polling: 10 },
  );
  const board = await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => ok(performance.now()))));
  const atBoard = { bytes: counter.bytes, requests: counter.requests };
  if (timed) {
    await ctx.close();
    return { firstScreen: /** @type {number} */ (firstScreen), board: /** @type {number} */ (board), atBoard, total: atBoard };
  }
  // Quiet: the service worker's copy and anything else late has arrived.
  let last = -1;
  for (let quiet = 0; quiet < 6; ) {
    await page.waitForTimeout(500);
    if (counter.bytes === last) quiet++;
    else quiet = 0;
    last = counter.bytes;
  }
  await ctx.close();
  return { firstScreen: /** @type {number} */ (firstScreen), board: /** @type {number} */ (board), atBoard, total: { bytes: counter.bytes, requests: counter.requests } };
}

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
const kib = (/** @type {number} */ b) => `${(b / 1024).toFixed(1)} KiB`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const dirs = opts.baseline ? [opts.baseline, ...opts.site] : opts.site;
const sites = await Promise.all(dirs.map(async (dir) => ({ dir, ...(await serve(dir)), runs: /** @type {Awaited<ReturnType<typeof visit>>[]} */ ([]) })));
try {
  console.log(`first visit on a phone (390×844), ${kbps} kbit/s down, ${latency} ms latency; ${rounds} round(s), medians`);
  for (let r = 0; r < rounds; r++) {
    for (const s of sites) {
      const run = await visit(browser, s.url, s.counter);
      run.total = (await visit(browser, s.url, s.counter, false)).total;
      s.runs.push(run);
    }
  }
  const rows = sites.map((s) => ({
    site: path.relative(process.cwd(), s.dir) || '.',
    'to board': kib(median(s.runs.map((x) => x.atBoard.bytes))),
    requests: median(s.runs.map((x) => x.atBoard.requests)),
    'in all': kib(median(s.runs.map((x) => x.total.bytes))),
    'first screen': `${(median(s.runs.map((x) => x.firstScreen)) / 1000).toFixed(2)} s`,
    'board drawn': `${(median(s.runs.map((x) => x.board)) / 1000).toFixed(2)} s`,
  }));
  console.table(rows);
  if (opts.baseline) {
    const [a, ...rest] = sites;
    for (const b of rest) {
      const ratio = (/** @type {(x: Awaited<ReturnType<typeof visit>>) => number} */ f) => (median(b.runs.map(f)) / median(a.runs.map(f))).toFixed(2);
      console.log(`${b.dir} / ${a.dir}: bytes to board ×${ratio((x) => x.atBoard.bytes)}, board drawn ×${ratio((x) => x.board)}`);
    }
  }
  const max = opts['max-kib'];
  if (max !== undefined) {
    const got = median(sites[opts.baseline ? 1 : 0].runs.map((x) => x.atBoard.bytes));
    if (got > Number(max) * 1024) {
      console.error(`first visit: ${kib(got)} until the board, over the budget of ${max} KiB`);
      process.exitCode = 1;
    } else console.log(`first visit: ${kib(got)} until the board, within the budget of ${max} KiB`);
  }
} finally {
  await browser.close();
  await Promise.all(sites.map((s) => s.close()));
}
