// Shared helpers for the end-to-end tests: opening the page with error collection, the
// game the page shows (its address holds it as a share link, read with the same wasm engine
// in Node), clicking cells where the board draws them, what the board and the AI worker do as
// seen from outside, and a mirror of the game in Node to choose moves and check the page.
// The tests drive the page as a person would: nothing in the page is there for them.
import { readFileSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { makeLayout, cellCenter, boardMargin } from '../../www/board/geometry.js';
import { linkFromHash } from '../../www/share.js';

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

/** Waits for a running move animation to end (a board, by its selector, is `aria-busy` while it runs). */
export async function settle(page, board = '#board') {
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('aria-busy') !== 'true', board, POLL);
}

/** What the page shows now: its address, the board's accessible description, the moves. */
function shown(page) {
  return page.evaluate(() => ({
    hash: location.hash,
    label: document.querySelector('#board canvas')?.getAttribute('aria-label') ?? '',
    plies: document.getElementById('moves')?.dataset.count ?? '',
  }));
}

/**
 * Whether a game is the one the board shows: as many plies as the moves list, and every
 * seat's pieces where the board's description says they are.
 */
function isShown(g, s) {
  if (String(g.history().length) !== s.plies) return false;
  const cells = g.cells();
  const names = g.board().cells.map((c) => c.name);
  const bySeat = Array.from({ length: g.seats }, () => []);
  for (let i = 0; i < cells.length; i++) if (cells[i]) bySeat[cells[i] - 1].push(names[i]);
  return bySeat.every((list) => s.label.includes(`: ${list.join(', ')}.`));
}

/**
 * The game the page shows, as an engine Game in Node (free it): the share link the page
 * keeps in its address. The page writes the address in a task of its own after a change, so
 * this waits until the address agrees with the board (pieces and plies).
 * @param {import('@playwright/test').Page} page
 */
export async function pageGame(page) {
  const { Game } = await engine();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const s = await shown(page);
    const link = linkFromHash(s.hash);
    let g = null;
    try {
      g = link ? Game.fromLink(link) : null;
    } catch {
      g = null;
    }
    if (g && isShown(g, s)) return g;
    g?.free();
    if (Date.now() > deadline) throw new Error(`the address does not hold the game on the board: ${JSON.stringify(s).slice(0, 400)}`);
    await page.waitForTimeout(25);
  }
}

/** The page's game as link, position, record and variant (see `pageGame`). */
export async function pageState(page) {
  const g = await pageGame(page);
  try {
    return { link: g.link(), pos: g.position(), rec: g.record(), variant: g.variant, turn: g.turn(), plies: g.history().length, outcome: g.outcome() };
  } finally {
    g.free();
  }
}

export async function pagePosition(page) {
  return (await pageState(page)).pos;
}

export async function pageRecord(page) {
  return (await pageState(page)).rec;
}

export async function pageLink(page) {
  return (await pageState(page)).link;
}

/** The id of the game open in this tab among the saved games (this tab's session storage). */
export async function pageGameId(page) {
  return page.evaluate(() => sessionStorage.getItem('halma.current'));
}

/**
 * Which board a cell is looked for on: `board`, the board element's selector (`#board`, the
 * game's, by default; `#pz-board`, the puzzle view's), and `desc`, its engine description
 * (by default the page's game's).
 * @typedef {{board?: string, desc?: object}} BoardOf
 */

/**
 * Client coordinates of a cell's centre where a board draws it: the engine's layout fitted
 * into the board's canvas as the widget fits it (board/geometry.js), turned as far as the
 * board element's `data-rotation` says, with room for the coordinates when the setting
 * shows them.
 * @param {import('@playwright/test').Page} page
 * @param {number} cell
 * @param {BoardOf} [on]
 */
export async function cellPoint(page, cell, { board = '#board', desc } = {}) {
  if (!desc) {
    const g = await pageGame(page);
    desc = g.board();
    g.free();
  }
  const box = await page.evaluate((sel) => {
    const el = /** @type {HTMLElement} */ (document.querySelector(sel));
    const r = /** @type {HTMLCanvasElement} */ (el.querySelector('canvas')).getBoundingClientRect();
    return {
      left: r.left,
      top: r.top,
      width: r.width,
      height: r.height,
      rotation: Number(el.dataset.rotation ?? 0),
      coordinates: /** @type {HTMLInputElement} */ (document.getElementById('set-coords')).checked,
    };
  }, board);
  const l = makeLayout(desc, { width: box.width, height: box.height, rotation: box.rotation, margin: boardMargin(desc.shape, box.coordinates) });
  const [x, y] = cellCenter(l, desc.cells, cell);
  return { x: box.left + x, y: box.top + y, unit: l.scale };
}

/** How far the board is turned (degrees), as #board says. */
export async function boardRotation(page) {
  return Number(await page.locator('#board').getAttribute('data-rotation'));
}

/**
 * Clicks a cell with the mouse, where the board draws it, once the board's move animation
 * is over.
 * @param {import('@playwright/test').Page} page
 * @param {number} cell
 * @param {BoardOf} [on]
 */
export async function clickCell(page, cell, on = {}) {
  await settle(page, on.board);
  const p = await cellPoint(page, cell, on);
  await page.mouse.click(p.x, p.y);
}

/**
 * The mouse pointer over a cell: `pointer` where the board takes a click (a piece that may
 * move, a destination of the picked-up piece).
 */
export async function pointerOver(page, cell) {
  const p = await cellPoint(page, cell);
  // Two moves, so the board sees the pointer arrive on the cell even if it was there.
  await page.mouse.move(p.x + 2, p.y + 2);
  await page.mouse.move(p.x, p.y);
  return page.evaluate(() => getComputedStyle(document.querySelector('#board canvas')).cursor);
}

/**
 * Pixels of the hint's colour (the dashed hint path, its rings, a solitaire's guide line)
 * on the board within half a cell of the given cells' centres (`on`: as for `cellPoint`; give
 * `desc` while a past position is shown, when the address holds the game, not the board).
 */
export async function hintInk(page, cells, on = {}) {
  const pts = [];
  for (const c of cells) pts.push(await cellPoint(page, c, on));
  return page.evaluate((pts) => {
    const src = /** @type {HTMLCanvasElement} */ (document.querySelector('#board canvas'));
    const r = src.getBoundingClientRect();
    const k = src.width / r.width;
    const half = pts[0].unit / 2;
    const x0 = Math.min(...pts.map((p) => p.x)) - half - r.left;
    const y0 = Math.min(...pts.map((p) => p.y)) - half - r.top;
    const w = Math.max(...pts.map((p) => p.x)) + half - r.left - x0;
    const h = Math.max(...pts.map((p) => p.y)) + half - r.top - y0;
    // A copy of the drawn board, read here (reading the board's own canvas back would slow it).
    const copy = document.createElement('canvas');
    copy.width = Math.ceil(w * k);
    copy.height = Math.ceil(h * k);
    const ctx = /** @type {CanvasRenderingContext2D} */ (copy.getContext('2d', { willReadFrequently: true }));
    ctx.drawImage(src, x0 * k, y0 * k, copy.width, copy.height, 0, 0, copy.width, copy.height);
    const d = ctx.getImageData(0, 0, copy.width, copy.height).data;
    let n = 0;
    // Violet (light theme #5b2fd0, dark #c4adff), also when drawn half-transparent: blue well
    // above red, red above green. No square, hole, piece or other mark is.
    for (let i = 0; i < d.length; i += 4) if (d[i + 2] > 150 && d[i + 2] - d[i] > 40 && d[i] - d[i + 1] > 15) n++;
    return n;
  }, pts);
}

/**
 * Plays a move by two real clicks on the canvas and waits for the page to have it: the
 * piece is picked up (the cursor's live region names it and its destinations), `to` takes
 * the click (the pointer says so), and the address then holds the game with the move.
 */
export async function clickMove(page, from, to) {
  const g = await pageGame(page);
  const before = g.link();
  const name = g.cellName(from);
  const dests = g.destinations(from).length;
  g.free();
  await clickCell(page, from);
  await expect(page.locator('#live-cursor'), `piece on ${name} picked up`).toHaveText(new RegExp(`^${name} .*\\b${dests}\\b`));
  expect(await pointerOver(page, to), `${to} offered as destination`).toBe('pointer');
  await clickCell(page, to);
  await expect.poll(() => pageLink(page)).not.toBe(before);
}

/**
 * Counts the AI workers the page starts and the ones that end (terminated when a running
 * search is cancelled, or at a pagehide). Call before the page starts one.
 * @param {import('@playwright/test').Page} page
 */
export function watchWorkers(page) {
  const seen = { started: 0, closed: 0 };
  page.on('worker', (w) => {
    seen.started++;
    w.on('close', () => seen.closed++);
  });
  return seen;
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
 * Opens the New game dialog as a person does: New game, then "More games and options" on
 * the first screen.
 * @param {import('@playwright/test').Page} page
 */
export async function openSetup(page) {
  await page.locator('#btn-new').click();
  await expect(page.locator('#home')).toBeVisible();
  await page.locator('#home-setup').click();
  await expect(page.locator('#setup')).toBeVisible();
}

/**
 * From the first screen (a first visit), a game of Halma for two people at this screen,
 * from the New game dialog (which a first visit opens on Chinese checkers against the
 * computer, the first screen's card).
 * @param {import('@playwright/test').Page} page
 */
export async function startDefaultGame(page) {
  await expect(page.locator('#home')).toBeVisible();
  await page.locator('#home-setup').click();
  await expect(page.locator('#su-variant')).toHaveValue('star-2');
  await page.locator('#su-variant').selectOption('halma');
  for (const seat of [1, 2]) await page.locator(`#su-kind-${seat}`).selectOption('human');
  await page.locator('#su-start').click();
  await expect(page.locator('#setup')).toBeHidden();
  await settle(page);
}

/**
 * Starts a new game from the setup dialog with the given seats (`human`, or `computer` at
 * a level).
 * @param {import('@playwright/test').Page} page
 * @param {string} variant
 * @param {({kind: 'human'} | {kind: 'computer', level: number})[]} seats
 */
export async function startFromDialog(page, variant, seats) {
  await openSetup(page);
  await page.locator('#su-variant').selectOption(variant);
  for (let i = 0; i < seats.length; i++) {
    const s = seats[i];
    await page.locator(`#su-kind-${i + 1}`).selectOption(s.kind);
    if (s.kind === 'computer') await page.locator(`#su-level-${i + 1}`).selectOption(String(s.level));
  }
  await page.locator('#su-start').click();
  await expect.poll(async () => (await pageState(page)).variant.startsWith(variant)).toBe(true);
}

/**
 * Decodes a PNG as Playwright's screenshots write them (8 bits a channel, RGB or RGBA, not
 * interlaced) into RGBA pixels.
 * @param {Buffer} buf
 * @returns {{width: number, height: number, data: Uint8Array}}
 */
export function decodePng(buf) {
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0 || (body[9] !== 2 && body[9] !== 6)) throw new Error('unexpected PNG format');
      channels = body[9] === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  const prev = new Uint8Array(stride);
  const cur = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      let v = line[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = cur[x * channels];
      out[o + 1] = cur[x * channels + 1];
      out[o + 2] = cur[x * channels + 2];
      out[o + 3] = channels === 4 ? cur[x * channels + 3] : 255;
    }
    prev.set(cur);
  }
  return { width, height, data: out };
}

/**
 * What a person sees in a disc of radius `r` (CSS px) round a point of the page: the
 * screenshot's pixels there, each as its relative luminance (0 black … 1 white) and colour.
 * @param {import('@playwright/test').Page} page
 * @param {{x: number, y: number}} at client coordinates
 * @param {number} r
 * @returns {Promise<{lum: number[], rgb: [number, number, number][]}>}
 */
export async function screenDisc(page, at, r) {
  const clip = { x: Math.floor(at.x - r), y: Math.floor(at.y - r), width: Math.ceil(2 * r) + 1, height: Math.ceil(2 * r) + 1 };
  const png = decodePng(await page.screenshot({ clip, scale: 'css' }));
  const lum = [];
  const rgb = [];
  const lin = (/** @type {number} */ v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if ((clip.x + x + 0.5 - at.x) ** 2 + (clip.y + y + 0.5 - at.y) ** 2 > r * r) continue;
      const o = (y * png.width + x) * 4;
      const [R, G, B] = [png.data[o], png.data[o + 1], png.data[o + 2]];
      rgb.push([R, G, B]);
      lum.push(0.2126 * lin(R) + 0.7152 * lin(G) + 0.0722 * lin(B));
    }
  }
  return { lum, rgb };
}
