// Play anywhere: the deployed site (scripts/dist.mjs, served under the sub-path /halma/ as on
// GitHub Pages) caches itself on the first visit and plays offline, the computer included;
// the single-file page works from disk (file://) with no server; no page breaks its own
// Content-Security-Policy.
import { test, expect } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { statSync, readFileSync, writeFileSync } from 'node:fs';
import {
  watchErrors,
  watchCsp,
  clickMove,
  settle,
  engine,
  greedyMove,
  recordPerf,
  startFromDialog,
  shotPath,
  pageState,
  pagePosition,
  pageRecord,
  pageLink,
  watchWorkers,
  startDefaultGame,
} from './helpers.mjs';
import { DIST_PORT, E2E_DIST } from '../../playwright.config.mjs';
import { listFiles } from '../../scripts/dist.mjs';

const SITE = `http://127.0.0.1:${DIST_PORT}/halma/`;

/** Plays one greedy move by canvas clicks and checks the page against the engine. */
async function playOne(page) {
  const { Game } = await engine();
  const mirror = Game.fromRecord(await pageRecord(page));
  const m = greedyMove(mirror);
  await clickMove(page, m.from, m.to);
  mirror.playMove(m.from, m.to);
  expect(await pagePosition(page)).toBe(mirror.position());
  mirror.free();
}

/** Waits until the game has `n` moves and a person (seat `human`) is to move. */
async function waitMoves(page, n, human) {
  await expect
    .poll(
      async () => {
        const s = await pageState(page);
        return s.plies >= n && s.turn === human;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await settle(page);
}

test('under a sub-path the site caches itself and plays offline, the computer too', async ({ context, page }) => {
  const errs = watchErrors(page);
  const workers = watchWorkers(page);
  const csp = await watchCsp(context);
  await page.goto(`${SITE}?variant=halma-8x8`);
  await page.waitForSelector('body[data-ready="1"]');
  // The service worker installs, caches every file and takes control of this page.
  const sw = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
    const names = (await caches.keys()).filter((k) => k.startsWith('halma-'));
    let bytes = 0;
    const urls = [];
    for (const n of names) {
      const c = await caches.open(n);
      for (const req of await c.keys()) {
        urls.push(new URL(req.url).pathname);
        bytes += (await (await c.match(req)).arrayBuffer()).byteLength;
      }
    }
    return { scope: reg.scope, names, urls, bytes };
  });
  expect(sw.scope).toBe(SITE);
  expect(sw.names).toHaveLength(1);
  // Every file of the site but the service worker itself and the source maps: the pages,
  // the bundles and their chunks, the single-file page and the element's script included.
  const files = listFiles(E2E_DIST).filter((f) => f !== 'sw.js' && !f.endsWith('.map'));
  for (const f of ['index.html', 'app.js', 'ai-worker.js', 'style.css', 'pkg/halma_bg.wasm', 'manifest.webmanifest', 'icons/icon-192.png', 'embed.js', 'embed.html', 'halma.html', 'halma-board.js']) {
    expect(files, f).toContain(f);
  }
  // The self-contained copies are cached on first use, not at install.
  const lazy = ['halma.html', 'halma-board.js'];
  expect(sw.urls.toSorted()).toEqual(files.filter((f) => !lazy.includes(f)).map((f) => `/halma/${f}`).toSorted());
  // The cache is named after the build written into the deployed (minified) sw.js.
  const swText = await (await page.request.get(`${SITE}sw.js`)).text();
  const build = /"([0-9a-f]{16})"/.exec(swText)?.[1];
  expect(build).toBeTruthy();
  expect(sw.names[0]).toBe(`halma-${build}`);
  // The manifest is found and names its icons.
  const manifest = await (await page.request.get(`${SITE}manifest.webmanifest`)).json();
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  await playOne(page);
  const link = await pageLink(page);

  // Fetched once online, the self-contained copies are kept too.
  for (const f of lazy) {
    expect(await page.evaluate(async (u) => (await fetch(u)).status, `${SITE}${f}`), f).toBe(200);
  }

  // Offline: the reload comes from the cache.
  await context.setOffline(true);
  const t0 = Date.now();
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  const reloadMs = Date.now() - t0;
  const tti = await page.evaluate(() => performance.getEntriesByName('halma-interactive')[0]?.startTime ?? -1);
  expect(await pageLink(page)).toBe(link);
  // The single-file page and the element's script are there offline too, once fetched.
  for (const f of ['halma.html', 'halma-board.js', 'embed.html']) {
    expect(await page.evaluate(async (u) => (await fetch(u)).status, `${SITE}${f}`), f).toBe(200);
  }
  await settle(page);
  await playOne(page);

  // A game against the computer, offline: it moves first.
  await startFromDialog(page, 'halma-8x8', [{ kind: 'computer', level: 1 }, { kind: 'human' }]);
  await waitMoves(page, 1, 2);
  await playOne(page);
  await waitMoves(page, 3, 2);
  expect(workers.started).toBeGreaterThan(0);
  recordPerf('offline (dist/ under /halma/, service worker)', {
    cachedFiles: sw.urls.length,
    cacheKiB: Math.round(sw.bytes / 102.4) / 10,
    offlineReloadMs: reloadMs,
    offlineTimeToInteractiveMs: Math.round(tti),
  });
  await context.setOffline(false);
  await csp.check(page);
  errs.check();
});

test('the single-file page plays from disk (file://), the computer too, within its CSP', async ({ context, page }) => {
  const file = `${E2E_DIST}halma.html`;
  const size = statSync(file).size;
  const errs = watchErrors(page);
  const workers = watchWorkers(page);
  const csp = await watchCsp(context);
  await page.goto(`${pathToFileURL(file).href}?variant=star-2`);
  await page.waitForSelector('body[data-ready="1"]');
  await settle(page);
  // Nothing is fetched: one document, everything inline.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => !e.name.startsWith('data:') && !e.name.startsWith('blob:')).map((e) => e.name))).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('script[src], link[rel="stylesheet"]').length)).toBe(0);
  await playOne(page);
  // The computer moves through the AI worker started from the inlined source.
  await startFromDialog(page, 'star-2', [{ kind: 'human' }, { kind: 'computer', level: 2 }]);
  await playOne(page);
  await waitMoves(page, 2, 1);
  // One worker, started from the inlined source, answered (the computer's move is in).
  expect(workers.started).toBe(1);
  const { Game } = await engine();
  const replay = Game.fromRecord(await pageRecord(page));
  expect(replay.history()[1].seat).toBe(2);
  replay.free();
  // The game is in the address (the board shows the game it holds), and survives a reload
  // from disk.
  const link = await pageLink(page);
  expect(page.url()).toContain(`#${link}`);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  expect(await pageLink(page)).toBe(link);
  await page.screenshot({ path: shotPath('onefile-star-2.png') });
  recordPerf('single-file page (dist/halma.html)', { KiB: Math.round(size / 102.4) / 10 });
  await csp.check(page);
  errs.check();
});

test('no page of the deployed site breaks its Content-Security-Policy', async ({ context, page }) => {
  const errs = watchErrors(page);
  const csp = await watchCsp(context);
  for (const path of ['', 'embed-example.html', 'embed.html?interactive=1#1~star-2~']) {
    await page.goto(`${SITE}${path}`);
    await page.waitForLoadState('load');
    if (path === '') await page.waitForSelector('body[data-ready="1"]');
    else await page.waitForFunction(() => [...document.querySelectorAll('halma-board')].every((b) => b.game && b.shadowRoot.querySelector('canvas')));
    // Every page keeps its CSP meta and has no inline script.
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(1);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    await csp.check(page);
    // Let late requests (the favicon) finish: the next navigation would abort them.
    await page.waitForLoadState('networkidle');
  }
  errs.check();
});

test('a new deployment: the page offers a reload, then runs from the new cache alone', async ({ page }) => {
  const errs = watchErrors(page);
  await page.goto(SITE);
  await page.waitForSelector('body[data-ready="1"]');
  // A game open, so the reload onto the new build has something to continue.
  await startDefaultGame(page);
  const cacheNames = () => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('halma-')));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  const [oldCache] = await cacheNames();
  // Deploy a "new build": the same files under another build id.
  const swFile = `${E2E_DIST}sw.js`;
  const original = readFileSync(swFile, 'utf8');
  const build = /"([0-9a-f]{16})"/.exec(original)?.[1];
  expect(build).toBeTruthy();
  const next = original.replaceAll(`"${build}"`, '"0000000000000001"');
  expect(next).not.toBe(original);
  try {
    writeFileSync(swFile, next);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await expect(page.locator('#update')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#update')).toContainText('A new version of the game is ready.');
    await page.screenshot({ path: shotPath('update-offer.png') });
    const link = await pageLink(page);
    await Promise.all([page.waitForEvent('load'), page.locator('#update-reload').click()]);
    await page.waitForSelector('body[data-ready="1"]');
    expect(await pageLink(page)).toBe(link);
    await expect.poll(cacheNames).toEqual(['halma-0000000000000001']);
    expect(oldCache).not.toBe('halma-0000000000000001');
  } finally {
    writeFileSync(swFile, original);
  }
  errs.check();
});
