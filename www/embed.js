// Halma boards for other pages: the <halma-board> element and the JS API behind it.
//
//   <script src="https://…/halma/halma-board.js"></script>          (any host: no CORS needed)
//   <script type="module" src="https://…/halma/embed.js"></script>  (same origin, or with CORS)
//   <halma-board variant="star-3" interactive seats="human,computer,human" level="3"></halma-board>
//
//   import { createGame } from 'https://…/halma/embed.js';
//   const game = createGame(document.querySelector('#board'), { variant: 'halma-8x8', interactive: true });
//   game.on('move', (d) => console.log(d.text, d.link));
//
// This module loads the engine (pkg/halma.js, its wasm) and the AI worker relative to its own
// URL; from another origin that needs CORS headers (GitHub Pages sends them). halma-board.js,
// which scripts/dist.mjs makes from this module, is one classic script with the engine inside:
// it needs no CORS, since a classic script loads from anywhere and fetches nothing more.
//
// Each board draws into a Shadow DOM with its own styles: the host page's CSS does not reach
// in (inherited properties are reset inside), and the board's does not leak out (size the
// element from outside: `width`). Boards on one page are independent: each has its own engine
// game, and its own AI worker once a computer seat needs one. Everything shown from attributes
// or games (names, errors) is set as text, never as HTML. A configuration that is not valid
// (a bad variant, `level="99"`, `theme="purple"`) shows why in the board and fires `error`;
// the board keeps the game it showed until the configuration is valid again.
//
// Game source, first match wins: `link` (share-link text), `record` (a game record), else
// `position` or `variant` (default `halma`), then `moves` (`e4-e6 f3-f5 …`). A read-only board
// with moves gets ⏮ ◀ ▶ ⏭ buttons to step through them (`controls` shows or hides them).
//
// An element taken out of the page keeps its game: put back (as frameworks do when they
// re-render), it goes on where it was, a computer's answer included. After PARK_MS out of the
// page it stops its AI worker and drawing; the game stays and resumes when it is put back.

import { Game, variantInfo } from './pkg/halma.js';
import { loadEngine } from './engine.js';
import { createBoard as createWidget } from './board/index.js';
import { cellPair } from './board/geometry.js';
import { t, detectLang, LANGS } from './i18n.js';
import { createAi } from './ai.js';
import { computerController, clampLevel, engineLevels } from './computer.js';
import { createSession, errText } from './session.js';
import { renderStatus } from './panels/status.js';
import { busyWhile } from './panels/dom.js';

/** @typedef {import('./i18n.js').Lang} Lang */
/** @typedef {import('./session.js').Ply} Ply */
/** @typedef {import('./session.js').Outcome} Outcome */
/** @typedef {import('./players.js').SeatController} SeatController */

/**
 * A board's configuration; `set()` takes any part of it. The element passes its attributes'
 * text; the API also takes numbers and booleans.
 * @typedef {object} EmbedConfig
 * @property {string} [variant] a variant string (`halma`, `star-3+long`); default `halma`
 * @property {string} [position] a position string to start from (instead of the variant's start)
 * @property {string} [moves] moves after the start, as in a game record (`e4-e6 f3-f5`)
 * @property {string} [record] a game record (the first line the variant or start position)
 * @property {string} [link] share-link text (`1~<variant>~<moves>…`, with or without `#`)
 * @property {number | string | null} [at] show the position after this many moves (default: all)
 * @property {boolean} [interactive] whether people can move (default: no, a diagram)
 * @property {string | string[]} [seats] who plays each seat: `human` or `computer`
 *   (`computer:5` for a level), comma-separated; default: people everywhere
 * @property {number | string} [level] the computers' level, 1 to 5 (default 3)
 * @property {number | string} [orientation] the seat whose camp is at the bottom (default
 *   1), or `turn`: the person to move
 * @property {string} [theme] `light`, `dark` or `auto` (default: follows the system)
 * @property {boolean} [coordinates] show the cell names
 * @property {boolean | null} [controls] the step-through buttons (default: for read-only
 *   boards with moves)
 * @property {string} [lang] `en` or `da` (default: the page's language)
 */

/**
 * What `move` listeners get.
 * @typedef {object} MoveDetail
 * @property {number} from cell id
 * @property {number} to cell id
 * @property {number[]} path the cells visited (hops)
 * @property {string} text the move as text, `e4-e6`
 * @property {number} seat who moved (1-based)
 * @property {'human' | 'computer' | 'api'} by
 * @property {number} moves moves played so far
 * @property {string} position the position string after the move
 * @property {string} record the game record
 * @property {string} link share-link text of the game
 */

/**
 * @typedef {object} EmbedApi
 * @property {Promise<void>} ready resolves once the engine has loaded and the board shows
 * @property {(partial: EmbedConfig) => void} set changes the configuration (a game source
 *   in it replaces the game)
 * @property {(move: string | {from: number, to: number}) => Ply[]} play plays a move
 *   (`e4-e6`, a hop path, or cell ids); throws the engine's error if it is illegal
 * @property {() => boolean} undo takes back the last move
 * @property {() => boolean} redo
 * @property {(n: number) => void} goTo shows the position after n moves (0: the start)
 * @property {() => {at: number, total: number}} step where the board is in the moves
 * @property {() => string} position
 * @property {() => string} record
 * @property {() => string} link
 * @property {() => number} turn the seat to move
 * @property {() => Outcome | null} outcome
 * @property {(type: 'move' | 'gameover' | 'error' | 'ready', fn: (detail: any) => void) => () => void} on
 * @property {(cell: number) => {x: number, y: number}} cellPoint a cell's centre, viewport px
 * @property {(name: string) => number} cellByName
 * @property {() => string | null} error the message shown, if any
 * @property {() => boolean} animating whether a move is being animated
 * @property {() => void} destroy
 */

/** How long an element out of the page keeps its AI worker and drawing (ms). */
export const PARK_MS = 3000;

const SOURCE_KEYS = /** @type {const} */ (['variant', 'position', 'moves', 'record', 'link']);
const CONFIG_KEYS = /** @type {const} */ ([
  ...SOURCE_KEYS,
  'at',
  'interactive',
  'seats',
  'level',
  'orientation',
  'theme',
  'coordinates',
  'controls',
  'lang',
]);

/** The site this module came from (for messages about what a host page must allow). */
const SITE = new URL('./', import.meta.url).href;

// Sizes in em (of the root's 14px) or px, not rem: rem is the host page's root font size.
const CSS = `
:host {
  all: initial;
  display: inline-block;
  vertical-align: top;
  width: min(100%, 416px);
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.root {
  /* Every inherited property, reset: the host's (on the element, or on *) stops here. */
  font: 400 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  font-kerning: auto; font-feature-settings: normal; font-variation-settings: normal;
  font-size-adjust: none; font-synthesis: weight style; font-optical-sizing: auto;
  letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0;
  text-align: start; text-align-last: auto; text-shadow: none; text-rendering: auto;
  text-underline-position: auto; text-decoration-skip-ink: auto; text-emphasis: none;
  white-space: normal; word-break: normal; overflow-wrap: normal; line-break: auto;
  hyphens: manual; tab-size: 8; direction: ltr; writing-mode: horizontal-tb;
  quotes: auto; list-style: disc outside none; cursor: auto; visibility: visible;
  pointer-events: auto; caret-color: auto; accent-color: auto; color-scheme: normal;
  border-collapse: separate; border-spacing: 0; caption-side: top; empty-cells: show;
  orphans: 2; widows: 2; paint-order: normal; image-rendering: auto;
  -webkit-text-fill-color: currentColor; -webkit-text-stroke: 0; -webkit-font-smoothing: auto;
  --fg: #1f1b16; --muted: #6b6259; --panel: #fffdf8; --line: #d9cfbf; --accent: #8a4b17;
  --focus: #1b57d6; --error-bg: #fde8e4; --error-fg: #7a1a0c;
  display: flex; flex-direction: column; gap: 0.35em; color: var(--fg);
}
.root[data-theme='dark'] {
  --fg: #e7e9ef; --muted: #a3a9b6; --panel: #1e2129; --line: #3a404c; --accent: #e0a15e;
  --focus: #8ab4ff; --error-bg: #3a1712; --error-fg: #ffc9bf;
}
.board {
  position: relative; width: 100%; aspect-ratio: 1 / 1;
  user-select: none; -webkit-user-select: none; -webkit-tap-highlight-color: transparent;
}
.board[hidden], .bar[hidden] { display: none; }
.board-canvas {
  position: absolute; inset: 0; display: block; touch-action: none; border-radius: 10px;
}
.board-canvas:focus { outline: none; }
.board-canvas:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.bar {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: 0.3em 0.6em; min-height: 2em; min-width: 0;
}
.status { margin: 0; display: flex; align-items: center; gap: 0.4em; min-width: 0; }
.status:empty { display: none; }
.swatch {
  display: inline-grid; place-items: center; flex: none; width: 1.15em; height: 1.15em;
  border-radius: 50%; font-size: 0.7em; line-height: 1; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35);
}
.controls { display: flex; align-items: center; gap: 0.2em; margin-left: auto; min-width: 0; max-width: 100%; }
.controls[hidden] { display: none; }
.at {
  flex: 0 1 auto; min-width: 0; text-align: center; font-variant-numeric: tabular-nums;
  color: var(--muted); font-size: 0.9em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
}
button {
  font: inherit; font-size: 0.95em; line-height: 1; letter-spacing: inherit; text-transform: none;
  color: var(--fg); background: var(--panel);
  border: 1px solid var(--line); border-radius: 6px; min-width: 2em; min-height: 2.1em;
  padding: 0.2em 0.35em; margin: 0; cursor: pointer; flex: none;
}
button:hover:not([aria-disabled='true']) { border-color: var(--accent); }
button[aria-disabled='true'] { opacity: 0.4; cursor: default; }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
button svg { display: block; width: 0.9em; height: 0.9em; margin: auto; fill: currentColor; }
.error {
  margin: 0; padding: 0.5em 0.7em; border-radius: 6px; background: var(--error-bg);
  color: var(--error-fg); overflow-wrap: anywhere; white-space: pre-wrap; max-height: 14em; overflow: auto;
}
.error[hidden] { display: none; }
`;

/** @type {CSSStyleSheet | null} */
let sheet = null;

/**
 * Gives a shadow root its styles: one constructed style sheet shared by every board
 * (allowed under a strict style-src), else a <style> element.
 * @param {ShadowRoot} root
 */
function adoptStyles(root) {
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
  }
}

/**
 * @param {string} tag
 * @param {string} [cls]
 */
function el(tag, cls) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
}

const COMPUTER = ['computer', 'ai', 'cpu'];

/**
 * Who plays each seat, from `human,computer:5,…` (once the engine has loaded: the levels
 * are its own). Lenient: what is not a computer is a person (configProblem says what is wrong).
 * @param {string | string[] | undefined} seats
 * @param {number | string | undefined} level the default level (default: the engine's)
 * @returns {{kind: 'human' | 'computer', level: number}[]}
 */
export function parseSeats(seats, level) {
  const list = Array.isArray(seats) ? seats : String(seats ?? '').split(',');
  return list
    .map((s) => String(s).trim().toLowerCase())
    .filter((s, i, a) => s !== '' || i < a.length - 1)
    .slice(0, 6)
    .map((s) => {
      const [kind, lv] = s.split(':');
      return COMPUTER.includes(kind)
        ? { kind: /** @type {const} */ ('computer'), level: clampLevel(lv ?? level) }
        : { kind: /** @type {const} */ ('human'), level: clampLevel(level) };
    });
}

/** @param {unknown} v */
function blank(v) {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** @param {unknown} v a whole number, as a number or its text */
function whole(v) {
  const s = String(v).trim();
  return /^\d+$/.test(s) ? Number(s) : null;
}

/**
 * What is wrong with the parts of a configuration the engine does not check, in words (for
 * the site owner, so in English like the engine's own messages); null when nothing is.
 * @param {EmbedConfig} c
 * @returns {string | null}
 */
function configProblem(c) {
  const { levels } = engineLevels();
  const range = `${levels[0]} to ${levels[levels.length - 1]}`;
  const isLevel = (/** @type {unknown} */ v) => {
    const n = whole(v);
    return n !== null && levels.includes(n);
  };
  if (!blank(c.level) && !isLevel(c.level)) return `level "${c.level}" is not a level: use ${range}`;
  if (!blank(c.seats)) {
    const list = Array.isArray(c.seats) ? c.seats : String(c.seats).split(',');
    if (list.length > 6) return `seats lists ${list.length} players; a game has at most 6`;
    for (const raw of list) {
      const s = String(raw).trim().toLowerCase();
      if (s === '') continue;
      const [kind, lv, ...rest] = s.split(':');
      const known = kind === 'human' || COMPUTER.includes(kind);
      if (!known || rest.length > 0 || (lv !== undefined && (kind === 'human' || !isLevel(lv)))) {
        return `seats: "${String(raw).trim()}" is not a player: use human or computer (computer:${levels[levels.length - 1]} for a level from ${range})`;
      }
    }
  }
  if (!blank(c.orientation) && c.orientation !== 'turn' && !(whole(c.orientation) ?? 0)) {
    return `orientation "${c.orientation}" is not a seat: use a seat number (1 for the first seat) or turn`;
  }
  if (!blank(c.theme) && !['light', 'dark', 'auto'].includes(String(c.theme))) {
    return `theme "${c.theme}" is not a theme: use light, dark or auto`;
  }
  if (!blank(c.lang) && !/** @type {readonly string[]} */ (LANGS).includes(String(c.lang).toLowerCase().split('-')[0])) {
    return `lang "${c.lang}" is not a language of the board: use ${LANGS.join(' or ')}`;
  }
  if (!blank(c.at) && whole(c.at) === null) return `at "${c.at}" is not a number of moves: use 0 or more`;
  return null;
}

/**
 * What is wrong with a configuration for a game of this many seats.
 * @param {EmbedConfig} c
 * @param {number} seats
 */
function seatProblem(c, seats) {
  const o = whole(c.orientation);
  if (o !== null && o > seats) return `orientation "${c.orientation}" is not a seat of this game: use 1 to ${seats}, or turn`;
  return null;
}

/** What the page's Content-Security-Policy has refused so far (`effectiveDirective`s). */
const refused = new Set();
if (typeof document !== 'undefined') {
  document.addEventListener('securitypolicyviolation', (e) => refused.add(e.effectiveDirective));
}

/**
 * A failure to load the engine or start the computer, with what the host page can do about it.
 * @param {unknown} e
 */
function explain(e) {
  const msg = errText(e);
  const origin = new URL(SITE).origin;
  if (/worker/i.test(msg) && refused.has('worker-src')) {
    return `the page's Content-Security-Policy does not allow the computer player's worker: add worker-src blob: ${origin}. (${msg})`;
  }
  if (/wasm-unsafe-eval|unsafe-eval|Refused to compile/i.test(msg)) {
    return `the page's Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' to its script-src. (${msg})`;
  }
  if (/Worker/.test(msg) && /Content Security Policy|denied|SecurityError/i.test(msg)) {
    return `the page's Content-Security-Policy does not allow the computer player's worker: add worker-src blob: ${origin}. (${msg})`;
  }
  if (/worker failed to start/i.test(msg)) {
    return `${msg}. (A page with a Content-Security-Policy needs worker-src blob: ${origin}.)`;
  }
  if (e instanceof TypeError && /fetch|import|load/i.test(msg)) {
    return (
      `the engine could not be loaded from ${SITE}. A page with a Content-Security-Policy needs ` +
      `connect-src ${origin}; from another origin, that site must send Access-Control-Allow-Origin ` +
      `(CORS), or load ${SITE}halma-board.js instead, which needs neither. (${msg})`
    );
  }
  return msg;
}

/**
 * Builds the engine game a configuration describes (throws the engine's error).
 * @param {EmbedConfig} cfg
 * @returns {Game}
 */
function buildGame(cfg) {
  if (!blank(cfg.link)) return Game.fromLink(String(cfg.link));
  if (!blank(cfg.record)) return Game.fromRecord(String(cfg.record));
  /** @type {string} */
  let head;
  if (!blank(cfg.position)) {
    // Checked on its own first, so the message is about the position.
    Game.fromPosition(String(cfg.position)).free();
    head = String(cfg.position);
  } else {
    const v = blank(cfg.variant) ? 'halma' : String(cfg.variant);
    head = variantInfo(v).variant;
  }
  if (/[\n\r]/.test(head)) throw new Error('a variant or position is one line');
  return Game.fromRecord(`${head}\n${cfg.moves ?? ''}\n`);
}

/**
 * A seat controller whose synchronous failures (a worker the page's policy refuses) come
 * back as a rejected answer, as every other failure does.
 * @param {SeatController} ctl
 * @returns {SeatController}
 */
function settled(ctl) {
  return {
    ...ctl,
    requestMove(req) {
      try {
        return ctl.requestMove(req);
      } catch (e) {
        return Promise.reject(e);
      }
    },
  };
}

/**
 * Warns once about names that are not configuration keys (a misspelt attribute or option).
 * @param {Iterable<string>} names
 * @param {string} what `attribute` or `option`
 */
function warnUnknown(names, what) {
  for (const n of names) {
    if (/** @type {readonly string[]} */ (CONFIG_KEYS).includes(n)) continue;
    const near = CONFIG_KEYS.find((k) => editDistance(k, n.toLowerCase()) <= 2);
    console.warn(
      `halma: unknown ${what} "${n}" on a board${near ? ` (did you mean "${near}"?)` : ''}; ` +
        `the board's ${what}s are ${CONFIG_KEYS.join(', ')}`,
    );
  }
}

/**
 * @param {string} a
 * @param {string} b
 */
function editDistance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/**
 * What the element needs of a board beyond its API.
 * @typedef {object} Internals
 * @property {() => void} park out of the page for a while: stop the worker and the drawing
 * @property {() => void} unpark back in the page
 * @property {(reason: string) => void} retire destroy, saying why later calls fail
 */

/** @type {WeakMap<EmbedApi, Internals>} */
const internals = new WeakMap();

/** Boards created on an element, so a second createGame replaces the first. */
const mounted = new WeakMap();

/**
 * Creates a board in `element` (its content is replaced by the board, in a shadow root). A
 * board created before on the same element is destroyed: its API throws from then on.
 * @param {HTMLElement} element
 * @param {EmbedConfig} [config]
 * @returns {EmbedApi}
 */
function createGameHere(element, config = {}) {
  const old = mounted.get(element);
  if (old) internals.get(old)?.retire('createGame was called again on its element: use the API that call returned');
  warnUnknown(Object.keys(config), 'option');
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const api = mount(root, element, config);
  mounted.set(element, api);
  if (element instanceof HalmaBoardHere) element.game = api;
  return api;
}

/**
 * @param {ShadowRoot} shadow
 * @param {HTMLElement} host
 * @param {EmbedConfig} initial
 * @returns {EmbedApi}
 */
function mount(shadow, host, initial) {
  shadow.replaceChildren();
  adoptStyles(shadow);
  const rootEl = el('div', 'root');
  rootEl.setAttribute('part', 'root');
  const boardEl = el('div', 'board');
  boardEl.setAttribute('part', 'board');
  const bar = el('div', 'bar');
  const status = el('p', 'status');
  status.setAttribute('part', 'status');
  status.setAttribute('aria-live', 'polite');
  const controls = el('div', 'controls');
  controls.setAttribute('part', 'controls');
  controls.setAttribute('role', 'group');
  /** @type {Record<'first' | 'prev' | 'next' | 'last', HTMLButtonElement>} */
  const btn = /** @type {any} */ ({});
  const atEl = el('span', 'at');
  for (const [k, d] of /** @type {const} */ ([
    ['first', 'M3 2h2v12H3zM14 2v12L6 8z'],
    ['prev', 'M12 2v12L4 8z'],
    ['next', 'M4 2v12l8-6z'],
    ['last', 'M11 2h2v12h-2zM2 2v12l8-6z'],
  ])) {
    const b = /** @type {HTMLButtonElement} */ (el('button'));
    b.type = 'button';
    b.dataset.step = k;
    // ⏮ ◀ ▶ ⏭ drawn, not typed: fonts without those glyphs show boxes.
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
    b.appendChild(svg);
    btn[k] = b;
  }
  controls.append(btn.first, btn.prev, atEl, btn.next, btn.last);
  bar.append(status, controls);
  const errorEl = el('p', 'error');
  errorEl.setAttribute('part', 'error');
  errorEl.setAttribute('role', 'alert');
  errorEl.hidden = true;
  // Nothing but the message (if any) until there is a game: no empty board, no empty bar.
  boardEl.hidden = true;
  bar.hidden = true;
  rootEl.append(boardEl, bar, errorEl);
  shadow.append(rootEl);

  /** The configuration asked for (attributes, set()); it may not be valid. @type {EmbedConfig} */
  let wanted = { ...initial };
  /** The configuration in effect: the last one that was valid. @type {EmbedConfig} */
  let cfg = { ...initial };
  /** What changed since the configuration was last in effect. */
  let pending = { source: true, at: true, keys: new Set(/** @type {string[]} */ ([])) };
  /** The session's game, once there is one (the session owns it). @type {Game | null} */
  let game = null;
  /** @type {ReturnType<typeof createWidget> | null} */
  let board = null;
  /** @type {ReturnType<typeof createAi> | null} */
  let ai = null;
  let destroyed = false;
  /** Why the API no longer works (destroyed, or replaced). */
  let retired = 'this board was destroyed';
  let engineReady = false;
  /** Out of the page for a while: no worker, no widget; the game stays. */
  let parked = false;
  /** @type {string | null} */
  let shownError = null;
  /** Moves taken back by stepping through the game, still to come. */
  let redoCount = 0;
  /** @type {Record<string, Set<(d: any) => void>>} */
  const handlers = { move: new Set(), gameover: new Set(), error: new Set(), ready: new Set() };
  const darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const onScheme = () => applyTheme();
  darkQuery?.addEventListener('change', onScheme);
  const markBusy = busyWhile(boardEl, () => !!board && board.state().animating);

  const session = createSession({
    t: (key, params) => tr(key, params),
    // Each board has its own AI worker, started when a computer seat first needs it.
    controllerFor: (p) => (p.kind === 'computer' ? settled(computerController(() => (ai ??= createAi()), p)) : null),
    play: (ans) => playMove({ from: ans.from, to: ans.to }, 'computer', true),
    // The page's policy reports a refusal in a task of its own: give it time to arrive.
    failed: (e) =>
      setTimeout(() => {
        if (!destroyed) showError(explain(e), 'embed.computer');
      }, 100),
    // Let the last move be seen before the answer.
    delay: () => 500,
    animating: () => !!board && board.state().animating,
  });

  /**
   * @param {'move' | 'gameover' | 'error' | 'ready'} type
   * @param {any} detail
   */
  function emit(type, detail) {
    for (const fn of [...handlers[type]]) {
      try {
        fn(detail);
      } catch (e) {
        // A listener's failure is the page's business; the board goes on.
        setTimeout(() => {
          throw e;
        });
      }
    }
    // 'error' does not bubble: a window-level error handler must not take it for a script error.
    host.dispatchEvent(new CustomEvent(type, { detail, bubbles: type !== 'error' }));
  }

  function lang() {
    if (!blank(cfg.lang)) return /** @type {Lang} */ (detectLang([String(cfg.lang)]));
    const l = host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || navigator.language || 'en';
    return detectLang([l]);
  }

  /**
   * @param {string} key
   * @param {Record<string, string | number>} [params]
   */
  function tr(key, params) {
    return t(key, params, lang());
  }

  function theme() {
    if (cfg.theme === 'light' || cfg.theme === 'dark') return cfg.theme;
    return darkQuery?.matches ? 'dark' : 'light';
  }

  function applyTheme() {
    const th = theme();
    rootEl.dataset.theme = th;
    board?.set({ theme: th });
  }

  /**
   * Who plays each seat of a game (people where the configuration says nothing).
   * @param {Game} g
   */
  function players(g) {
    const level = blank(cfg.level) ? undefined : cfg.level;
    const listed = parseSeats(blank(cfg.seats) ? undefined : cfg.seats, level);
    return Array.from({ length: g.seats }, (_, i) => listed[i] ?? { kind: /** @type {const} */ ('human'), level: clampLevel(level) });
  }

  function movesPlayed() {
    return game ? session.movesPlayed() : 0;
  }

  function peopleMayMove() {
    return !!game && !!cfg.interactive && session.humanToMove();
  }

  function rotation() {
    if (!game) return 0;
    const o = cfg.orientation === 'turn' ? 'turn' : (whole(cfg.orientation) ?? 1);
    return session.rotation(o, board ? board.state().rotation : null);
  }

  function showControls() {
    if (cfg.controls === true) return true;
    if (cfg.controls === false) return false;
    return !cfg.interactive && movesPlayed() + redoCount > 0;
  }

  /** The widget for the session's game. */
  function makeWidget() {
    const d = session.board();
    return createWidget(boardEl, {
      board: d,
      pieces: session.game().cells(),
      theme: theme(),
      coordinates: !!cfg.coordinates,
      rotation: rotation(),
      axis: cellPair(d.cells, session.info().mirrorLine),
      interactive: false,
      destinations: (cell) => (game ? game.destinations(cell) : []),
      onMove: (from, to, how) => playMove({ from, to }, 'human', !how.dragged),
    });
  }

  /**
   * Draws the game as it is; false when there is nothing to draw (no game, or parked).
   * @param {{animate?: ArrayLike<number> | null}} [opts]
   */
  function draw(opts = {}) {
    if (!game || !board) return false;
    const path = session.lastMovePath();
    board.set({
      pieces: game.cells(),
      movable: peopleMayMove() && redoCount === 0 ? game.movable() : [],
      interactive: peopleMayMove() && redoCount === 0,
      lastMove: path ? { path } : null,
      rotation: rotation(),
      coordinates: !!cfg.coordinates,
      animate: opts.animate ?? null,
      label: session.boardLabel(),
      roleDescription: tr('board.role'),
    });
    markBusy();
    bar.hidden = false;
    renderStatus(status, session, { dots: false });
    const at = movesPlayed();
    const total = at + redoCount;
    controls.hidden = !showControls();
    controls.setAttribute('aria-label', tr('embed.steps'));
    atEl.textContent = tr('embed.at', { n: at, total });
    // aria-disabled, not disabled: a button that keeps the focus at either end keeps the keys.
    for (const [b, off] of /** @type {[HTMLButtonElement, boolean][]} */ ([
      [btn.first, at === 0],
      [btn.prev, at === 0],
      [btn.next, redoCount === 0],
      [btn.last, redoCount === 0],
    ])) {
      b.setAttribute('aria-disabled', off ? 'true' : 'false');
    }
    btn.first.setAttribute('aria-label', tr('embed.first'));
    btn.prev.setAttribute('aria-label', tr('embed.prev'));
    btn.next.setAttribute('aria-label', tr('embed.next'));
    btn.last.setAttribute('aria-label', tr('embed.last'));
    for (const b of Object.values(btn)) b.title = /** @type {string} */ (b.getAttribute('aria-label'));
    return true;
  }

  /** After a drawn change: the end of the game (once), else the computer's turn. */
  function advance() {
    if (!game || !board) return;
    // Stepped back through the moves: no result yet, and no computer's turn.
    if (redoCount > 0) {
      session.stop();
      return;
    }
    const o = session.takeOutcome();
    if (o) emit('gameover', { outcome: o, text: session.statusText(), record: game.record(), link: game.link() });
    session.think();
  }

  /** @param {{animate?: ArrayLike<number> | null}} [opts] */
  function render(opts) {
    if (draw(opts)) advance();
  }

  /**
   * @param {string} message
   * @param {string} [key] the words around it; default: about a configuration not shown
   */
  function showError(message, key) {
    shownError = message;
    // A board that shows a game goes on showing it: say so, not "cannot be shown".
    errorEl.textContent = tr(key ?? (game && board ? 'embed.kept' : 'embed.error'), { reason: message });
    errorEl.hidden = false;
    emit('error', { message });
  }

  function clearError() {
    shownError = null;
    errorEl.hidden = true;
    errorEl.textContent = '';
  }

  /** Puts the configuration asked for in effect, or says why it cannot be. */
  function apply() {
    if (destroyed || !engineReady) return;
    const problem = configProblem(wanted);
    if (problem) {
      showError(problem);
      return;
    }
    if (pending.source || !game) {
      /** @type {Game} */
      let g;
      try {
        g = buildGame(wanted);
      } catch (e) {
        showError(errText(e));
        return;
      }
      const p = seatProblem(wanted, g.seats);
      if (p) {
        g.free();
        showError(p);
        return;
      }
      cfg = wanted;
      session.load(g, players(g));
      game = g;
      redoCount = 0;
      if (!blank(cfg.at)) goTo(Number(whole(cfg.at)), false);
      if (!board && !parked) {
        board = makeWidget();
      } else if (board) {
        const d = session.board();
        board.set({ board: d, pieces: game.cells(), hint: null, axis: cellPair(d.cells, session.info().mirrorLine) });
      }
    } else {
      const p = seatProblem(wanted, game.seats);
      if (p) {
        showError(p);
        return;
      }
      cfg = wanted;
      if (pending.at && !blank(cfg.at)) goTo(Number(whole(cfg.at)), false);
      if (pending.keys.has('seats') || pending.keys.has('level')) session.setPlayers(players(game));
    }
    pending = { source: false, at: false, keys: new Set() };
    boardEl.hidden = false;
    clearError();
    applyTheme();
    render();
  }

  /**
   * @param {string | {from: number, to: number}} move
   * @param {'human' | 'computer' | 'api'} by
   * @param {boolean} animate
   * @returns {Ply[]}
   */
  function playMove(move, by, animate) {
    if (!game) throw new Error(engineReady ? 'there is no game on this board' : 'the board is not ready yet: await ready');
    const seat = game.turn();
    const plies = session.play(move);
    // A move made while stepped back starts a new line: what was ahead is gone.
    redoCount = 0;
    const first = plies.find((p) => p.move);
    const drawn = draw({ animate: animate && first ? first.path : null });
    // The move first, then what follows from it (the end of the game, the computer's turn).
    if (first && first.move) {
      /** @type {MoveDetail} */
      const detail = {
        from: first.move.from,
        to: first.move.to,
        path: Array.from(first.path),
        text: first.text,
        seat,
        by,
        moves: movesPlayed(),
        position: game.position(),
        record: game.record(),
        link: game.link(),
      };
      emit('move', detail);
    }
    if (drawn) advance();
    return plies;
  }

  /**
   * @param {number} n
   * @param {boolean} [redraw]
   */
  function goTo(n, redraw = true) {
    if (!game) return;
    const target = Math.max(0, Math.floor(n));
    /** @type {number[] | null} */
    let anim = null;
    while (movesPlayed() > target && game.canUndo()) {
      session.undoMove();
      redoCount++;
      anim = null;
    }
    while (movesPlayed() < target && redoCount > 0 && game.canRedo()) {
      session.redoMove();
      redoCount--;
      anim = session.lastMovePath();
    }
    if (redraw) render({ animate: anim });
  }

  btn.first.addEventListener('click', () => goTo(0));
  btn.prev.addEventListener('click', () => goTo(movesPlayed() - 1));
  btn.next.addEventListener('click', () => goTo(movesPlayed() + 1));
  btn.last.addEventListener('click', () => goTo(movesPlayed() + redoCount));
  controls.addEventListener('keydown', (e) => {
    const k = /** @type {KeyboardEvent} */ (e).key;
    if (k === 'Home') goTo(0);
    else if (k === 'End') goTo(movesPlayed() + redoCount);
    else if (k === 'ArrowLeft') goTo(movesPlayed() - 1);
    else if (k === 'ArrowRight') goTo(movesPlayed() + 1);
    else return;
    e.preventDefault();
  });

  rootEl.dataset.theme = theme();
  const ready = loadEngine().then(
    () => {
      if (destroyed) return;
      engineReady = true;
      apply();
      emit('ready', {});
    },
    (/** @type {unknown} */ e) => {
      if (!destroyed) showError(explain(e));
    },
  );

  /** Throws when the board is gone (destroyed or replaced): a stale API must not go on. */
  function alive() {
    if (destroyed) throw new Error(retired);
  }

  function destroy() {
    if (destroyed) return;
    destroyed = true;
    session.dispose();
    game = null;
    ai?.dispose();
    ai = null;
    darkQuery?.removeEventListener('change', onScheme);
    board?.destroy();
    board = null;
    for (const set of Object.values(handlers)) set.clear();
    shadow.replaceChildren();
    if (mounted.get(host) === api) mounted.delete(host);
    if (host instanceof HalmaBoardHere && host.game === api) host.game = null;
  }

  /** @type {EmbedApi} */
  const api = {
    ready,
    set(partial) {
      alive();
      warnUnknown(Object.keys(partial), 'option');
      const p = { ...partial };
      const sourceChanged = SOURCE_KEYS.some((k) => k in p);
      if (sourceChanged) {
        // A new source replaces the old one entirely (a record does not mix with a link).
        for (const k of SOURCE_KEYS) if (!(k in p)) p[k] = undefined;
      }
      wanted = { ...wanted, ...p };
      pending.source ||= sourceChanged;
      pending.at ||= 'at' in p;
      for (const k of Object.keys(p)) pending.keys.add(k);
      apply();
    },
    play(move) {
      alive();
      return playMove(move, 'api', true);
    },
    undo() {
      alive();
      if (!game || !session.canUndo()) return false;
      session.undo();
      render();
      return true;
    },
    redo() {
      alive();
      if (!game || !game.canRedo()) return false;
      const moves = session.redo().filter((p) => p.move).length;
      redoCount = Math.max(0, redoCount - moves);
      render({ animate: session.lastMovePath() });
      return true;
    },
    goTo(n) {
      alive();
      goTo(n);
    },
    step: () => (alive(), { at: movesPlayed(), total: movesPlayed() + redoCount }),
    position: () => (alive(), game ? game.position() : ''),
    record: () => (alive(), game ? game.record() : ''),
    link: () => (alive(), game ? game.link() : ''),
    turn: () => (alive(), game ? game.turn() : 0),
    outcome: () => (alive(), game ? /** @type {Outcome | null} */ (game.outcome()) : null),
    on(type, fn) {
      alive();
      const set = handlers[type];
      if (!set) throw new Error(`unknown event '${type}': use move, gameover, error or ready`);
      set.add(fn);
      return () => set.delete(fn);
    },
    cellPoint(cell) {
      alive();
      if (!board) throw new Error(game ? 'the board is not in the page' : 'the board is not ready yet');
      const r = board.canvas.getBoundingClientRect();
      const p = board.cellPoint(cell);
      return { x: r.left + p.x, y: r.top + p.y };
    },
    cellByName(name) {
      alive();
      if (!game) throw new Error('the board is not ready yet');
      return game.cellByName(name);
    },
    error: () => (alive(), shownError),
    animating: () => (alive(), !!board && board.state().animating),
    destroy,
  };

  internals.set(api, {
    park() {
      if (parked || destroyed) return;
      parked = true;
      // The game stays; what runs or listens stops. A computer's answer is asked again later.
      session.stop();
      ai?.dispose();
      ai = null;
      darkQuery?.removeEventListener('change', onScheme);
      board?.destroy();
      board = null;
    },
    unpark() {
      if (!parked || destroyed) return;
      parked = false;
      darkQuery?.addEventListener('change', onScheme);
      if (game) board = makeWidget();
      applyTheme();
      render();
    },
    retire(reason) {
      retired = `this board was replaced: ${reason}`;
      destroy();
    },
  });
  return api;
}

// ------------------------------------------------------------------ <halma-board>

/** Attributes every element has (not the board's configuration, no warning for them). */
const GLOBAL_ATTRS = new Set(
  'id class style title hidden dir tabindex slot part exportparts role is nonce autofocus draggable inert translate spellcheck contenteditable accesskey autocapitalize enterkeyhint inputmode popover itemscope itemprop itemtype itemid itemref xmlns'.split(
    ' ',
  ),
);

/**
 * A boolean attribute: present (and not "false" or "0") means on.
 * @param {string | null} v
 */
function flag(v) {
  return v !== null && v !== 'false' && v !== '0';
}

/** The element: attributes are its configuration, changes update the board. */
class HalmaBoardHere extends HTMLElement {
  static get observedAttributes() {
    return [...CONFIG_KEYS];
  }

  /** createGame, for pages that load the classic script (no module to import from). */
  static createGame = createGame;
  static parseSeats = parseSeats;

  constructor() {
    super();
    /** @type {EmbedApi | null} */
    this.game = null;
    this._queued = false;
    /** @type {Set<string>} */
    this._changed = new Set();
    /** @type {ReturnType<typeof setTimeout> | null} */
    this._parkTimer = null;
    this._warned = false;
  }

  /** The configuration the attributes describe (their text; the board checks it). */
  config() {
    const a = (/** @type {string} */ n) => this.getAttribute(n) ?? undefined;
    /** @type {EmbedConfig} */
    const c = {
      variant: a('variant'),
      position: a('position'),
      moves: a('moves'),
      record: a('record'),
      link: a('link'),
      at: a('at'),
      interactive: flag(this.getAttribute('interactive')),
      seats: a('seats'),
      level: a('level'),
      orientation: a('orientation'),
      theme: a('theme'),
      coordinates: flag(this.getAttribute('coordinates')),
      controls: this.getAttribute('controls') === null ? null : flag(this.getAttribute('controls')),
      lang: a('lang'),
    };
    return c;
  }

  connectedCallback() {
    if (this._parkTimer !== null) {
      clearTimeout(this._parkTimer);
      this._parkTimer = null;
    }
    if (!this._warned) {
      this._warned = true;
      warnUnknown(
        this.getAttributeNames().filter((n) => !GLOBAL_ATTRS.has(n) && !/^(data-|aria-|on)/.test(n)),
        'attribute',
      );
    }
    if (this.game) {
      // Put back: the same board goes on (no new game, no second `ready`).
      internals.get(this.game)?.unpark();
      return;
    }
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.game = mount(root, this, this.config());
    mounted.set(this, this.game);
  }

  disconnectedCallback() {
    // Frameworks take elements out and put them back when they re-render: keep the board
    // as it is for a while, then stop its worker and drawing (the game stays).
    if (this._parkTimer !== null) clearTimeout(this._parkTimer);
    this._parkTimer = setTimeout(() => {
      this._parkTimer = null;
      if (!this.isConnected && this.game) internals.get(this.game)?.park();
    }, PARK_MS);
  }

  /** @param {string} name */
  attributeChangedCallback(name) {
    if (!this.game) return;
    this._changed.add(name);
    if (this._queued) return;
    this._queued = true;
    // Several attributes set in a row become one update.
    queueMicrotask(() => {
      this._queued = false;
      const changed = this._changed;
      this._changed = new Set();
      if (!this.game) return;
      const all = this.config();
      /** @type {EmbedConfig} */
      const partial = {};
      const src = SOURCE_KEYS.some((k) => changed.has(k));
      for (const k of /** @type {(keyof EmbedConfig)[]} */ (Object.keys(all))) {
        if (changed.has(k) || (src && /** @type {readonly string[]} */ (SOURCE_KEYS).includes(k))) {
          /** @type {any} */ (partial)[k] = all[k];
        }
      }
      if (src && !changed.has('at')) partial.at = all.at;
      this.game.set(partial);
    });
  }
}

// ------------------------------------------------------------------ one copy per page

/**
 * The copy of this module that owns <halma-board> on this page. A page may load the script
 * twice (embed.js from two URLs, or embed.js and halma-board.js): the first copy defines the
 * element and loads the engine; later copies warn and hand everything to it, so the page has
 * one wasm engine and one kind of element.
 * @typedef {{url: string, createGame: typeof createGameHere, element: typeof HalmaBoardHere, parseSeats: typeof parseSeats}} Owner
 */
const OWNER_KEY = Symbol.for('halma.embed');
const here = import.meta.url;
/** @type {Owner | undefined} */
const earlier = /** @type {any} */ (globalThis)[OWNER_KEY];

/**
 * Creates a board in `element` (its content is replaced by the board, in a shadow root) and
 * returns its API. A second call on the same element replaces the first board (whose API
 * then throws).
 * @param {HTMLElement} element
 * @param {EmbedConfig} [config]
 * @returns {EmbedApi}
 */
export function createGame(element, config = {}) {
  return (earlier ?? owner).createGame(element, config);
}

/** The chessground-style name of the same thing. */
export const createBoard = createGame;

/** @type {Owner} */
const owner = earlier ?? { url: here, createGame: createGameHere, element: HalmaBoardHere, parseSeats };

/** The element's class (the page's one, if another copy defined it first). */
export const HalmaBoardElement = owner.element;

if (earlier) {
  if (earlier.url !== here) {
    console.warn(
      `halma: the board script is on this page twice (${earlier.url}, then ${here}); ` +
        'the second copy uses the first one\'s element and engine. Load it once.',
    );
  }
} else if (typeof customElements !== 'undefined') {
  /** @type {any} */ (globalThis)[OWNER_KEY] = owner;
  const defined = customElements.get('halma-board');
  if (defined) console.warn('halma: <halma-board> is already defined on this page by another script; embed.js leaves it');
  else customElements.define('halma-board', HalmaBoardHere);
}
