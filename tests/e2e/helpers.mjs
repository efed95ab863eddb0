// Shared helpers for the end-to-end tests: opening the page with error collection, clicking
// cells through the widget's cell → pixel mapping, and a mirror of the game in Node (the same
// wasm engine) to choose moves and check the page against.
import { readFileSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const SHOTS = `${root}tests/e2e/screenshots/`;

let enginePromise = null;
/** The engine in Node (www/pkg), loaded once. */
export function engine() {
  if (!enginePromise) {
    enginePromise = (async () => {
      const mod = await import(`${root}www/pkg/halma.js`);
      await mod.default({ module_or_path: readFileSync(`${root}www/pkg/halma_bg.wasm`) });
      return mod;
    })();
  }
  return enginePromise;
}

/**
 * Collects console errors, page errors and failed requests; call `check()` at the end.
 * @param {import('@playwright/test').Page} page
 */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText;
    // A reload or navigation cancels what is still loading (the favicon, say): not a fault.
    if (why === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${r.url()} ${why}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return {
    errors,
    check() {
      expect(errors, errors.join('\n')).toEqual([]);
    },
  };
}

/**
 * Opens the page (optionally with a query) and waits until the game is ready.
 * @param {import('@playwright/test').Page} page
 * @param {string} [query]
 */
export async function open(page, query = '') {
  await page.goto(`./${query}`);
  await page.waitForSelector('body[data-ready="1"]');
  await settle(page);
}

/**
 * How often the tests poll the page: on a timer, so the check runs in a task of its own
 * rather than inside the page's animation frames (where it would add to their length).
 */
export const POLL = { polling: 25 };

/** Waits for a running move animation to end. */
export async function settle(page) {
  await page.waitForFunction(() => !window.__halma || !window.__halma.boardState().animating, null, POLL);
}

/** Client coordinates of a cell on the canvas. */
export async function cellPoint(page, cell) {
  return page.evaluate((c) => window.__halma.cellPoint(c), cell);
}

/** Clicks a cell with the mouse, where the board draws it. */
export async function clickCell(page, cell) {
  await settle(page);
  const p = await cellPoint(page, cell);
  await page.mouse.click(p.x, p.y);
}

/** Plays a move by two real clicks on the canvas and waits for the engine to have it. */
export async function clickMove(page, from, to) {
  const before = await page.evaluate(() => window.__halma.record());
  await clickCell(page, from);
  const st = await page.evaluate(() => window.__halma.boardState());
  expect(st.selected, `piece on ${from} picked up`).toBe(from);
  expect(st.dests, `${to} offered as destination`).toContain(to);
  await clickCell(page, to);
  await page.waitForFunction((b) => window.__halma.record() !== b, before);
}

/** Installs a long-task observer before the page's own scripts run (`window.__longtasks`). */
export async function observeLongTasks(page) {
  await page.addInitScript(() => {
    window.__longtasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // Not supported: the figure stays empty.
    }
  });
}

/**
 * Traces the top-level tasks of the page's main thread (the renderer's, as the browser
 * runs them), with how long each took and how much of that the thread was on the CPU:
 * on shared cores a task can take long because the machine took the core away, and only
 * its CPU time says how much work the page did. `stop()` ends the trace.
 * @param {import('@playwright/test').Browser} browser
 * @param {import('@playwright/test').Page} page
 */
export async function traceMainThread(browser, page) {
  await browser.startTracing(page, { categories: ['toplevel'] });
  return {
    /** @returns {Promise<{wallMs: number, cpuMs: number}[]>} */
    async stop() {
      const ev = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
      const main = new Set(
        ev.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
      );
      return ev
        .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && main.has(`${e.pid}:${e.tid}`))
        .map((e) => ({ wallMs: e.dur / 1000, cpuMs: (e.tdur ?? e.dur) / 1000 }));
    },
  };
}

/** Long tasks that started at or after `since` (page time, ms). */
export async function longTasksSince(page, since) {
  return page.evaluate((t) => window.__longtasks.filter((e) => e.start >= t), since);
}

/** Lexicographic comparison of number lists. */
function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * Plays `n` greedy moves by clicks on the page's board, mirrored on the engine `mirror`.
 * @param {import('@playwright/test').Page} page
 * @param {any} mirror engine Game kept in step with the page
 * @param {number} n
 */
export async function playGreedyMoves(page, mirror, n) {
  for (let i = 0; i < n; i++) {
    const m = greedyMove(mirror);
    await clickMove(page, m.from, m.to);
    mirror.playMove(m.from, m.to);
  }
}

/**
 * A greedy chooser: the legal move that gains the mover the most progress points, longer hop
 * chains first among equals (so games have hop chains), lowest ids as the last tie-break.
 * @param {any} game engine Game (mirror); left unchanged
 */
export function greedyMove(game) {
  const seat = game.turn();
  const base = game.points()[seat - 1];
  let best = null;
  for (const m of game.legalMoves()) {
    game.playMove(m.from, m.to);
    const gain = game.points()[seat - 1] - base;
    game.undo();
    const key = [gain, m.path.length, -m.from, -m.to];
    if (!best || compareKeys(key, best.key) > 0) best = { m, key };
  }
  return best ? best.m : null;
}

export function saveFile(name, text) {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}${name}`, text);
}

export function shotPath(name) {
  mkdirSync(SHOTS, { recursive: true });
  return `${SHOTS}${name}`;
}

/** Appends figures to the speed report (tests/e2e/screenshots/perf.json). */
export function recordPerf(key, value) {
  const file = `${SHOTS}perf.json`;
  mkdirSync(SHOTS, { recursive: true });
  const data = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  data[key] = value;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`perf ${key}: ${JSON.stringify(value)}`);
}

/**
 * Records Content-Security-Policy violations from the start of every page load
 * (`securitypolicyviolation` events); `check()` expects none.
 * @param {import('@playwright/test').Page | import('@playwright/test').BrowserContext} target
 */
export async function watchCsp(target) {
  await target.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return {
    /** @param {import('@playwright/test').Page | import('@playwright/test').Frame} page */
    async check(page) {
      expect(await page.evaluate(() => window.__csp), 'no CSP violations').toEqual([]);
    },
  };
}

/** Everything in localStorage, as an object. */
export async function storageSnapshot(page) {
  return page.evaluate(() => {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      out[k] = localStorage.getItem(k);
    }
    return out;
  });
}

/**
 * Starts a new game from the setup dialog with the given seats (`human`, or `computer` at
 * a level).
 * @param {import('@playwright/test').Page} page
 * @param {string} variant
 * @param {({kind: 'human'} | {kind: 'computer', level: number})[]} seats
 */
export async function startFromDialog(page, variant, seats) {
  await page.locator('#btn-new').click();
  await page.locator('#su-variant').selectOption(variant);
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    await page.locator(`#su-kind-${i + 1}`).selectOption(s.kind);
    if (s.kind === 'computer') await page.locator(`#su-level-${i + 1}`).selectOption(String(s.level));
  }
  await page.locator('#su-start').click();
  await page.waitForFunction((v) => window.__halma.variant().startsWith(v), variant);
}
