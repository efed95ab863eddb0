// Halma boards for other pages: the <halma-board> element and the JS API behind it.
//
//   <script type="module" src="https://…/halma/embed.js"></script>
//   <halma-board variant="star-3" interactive seats="human,computer,human" level="3"></halma-board>
//
//   import { createGame } from 'https://…/halma/embed.js';
//   const game = createGame(document.querySelector('#board'), { variant: 'halma-8x8', interactive: true });
//   game.on('move', (d) => console.log(d.text, d.link));
//
// The engine (pkg/halma.js, its wasm) and the AI worker load relative to this module's own
// URL, so the files can live anywhere (another origin too: GitHub Pages sends CORS headers).
// Each board draws into a Shadow DOM with its own styles: the host page's CSS does not reach
// in, and the board's does not leak out (size the element from outside: `width`). Boards on
// one page are independent: each has its own engine game, and its own AI worker once a
// computer seat needs one. Everything shown from attributes or games (names, errors) is set
// as text, never as HTML.
//
// Game source, first match wins: `link` (share-link text), `record` (a game record), else
// `position` or `variant` (default `halma`), then `moves` (`e4-e6 f3-f5 …`). A read-only board
// with moves gets ⏮ ◀ ▶ ⏭ buttons to step through them (`controls` shows or hides them).

import { Game, variantInfo } from './pkg/halma.js';
import { loadEngine } from './engine.js';
import { createBoard as createWidget } from './board/index.js';
import { cellPair } from './board/geometry.js';
import { t, detectLang, isLang } from './i18n.js';
import { createAi } from './ai.js';
import { computerController, clampLevel } from './computer.js';
import { createSession, errText } from './session.js';
import { renderStatus } from './panels/status.js';
import { busyWhile } from './panels/dom.js';

/** @typedef {import('./i18n.js').Lang} Lang */
/** @typedef {import('./session.js').Ply} Ply */
/** @typedef {import('./session.js').Outcome} Outcome */

/**
 * A board's configuration; `set()` takes any part of it.
 * @typedef {object} EmbedConfig
 * @property {string} [variant] a variant string (`halma`, `star-3+long`); default `halma`
 * @property {string} [position] a position string to start from (instead of the variant's start)
 * @property {string} [moves] moves after the start, as in a game record (`e4-e6 f3-f5`)
 * @property {string} [record] a game record (the first line the variant or start position)
 * @property {string} [link] share-link text (`1~<variant>~<moves>…`, with or without `#`)
 * @property {number | null} [at] show the position after this many moves (default: all)
 * @property {boolean} [interactive] whether people can move (default: no, a diagram)
 * @property {string | string[]} [seats] who plays each seat: `human` or `computer`
 *   (`computer:5` for a level), comma-separated; default: people everywhere
 * @property {number | string} [level] the computers' level, 1 to 5 (default 3)
 * @property {number | 'turn'} [orientation] the seat whose camp is at the bottom (default
 *   1), or `turn`: the person to move
 * @property {'light' | 'dark' | 'auto'} [theme] default `auto` (follows the system)
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

const SOURCE_KEYS = /** @type {const} */ (['variant', 'position', 'moves', 'record', 'link']);

const CSS = `
:host {
  all: initial;
  display: inline-block;
  vertical-align: top;
  width: min(100%, 26rem);
  font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  color: #1f1b16;
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.root {
  --fg: #1f1b16; --muted: #6b6259; --panel: #fffdf8; --line: #d9cfbf; --accent: #8a4b17;
  --focus: #1b57d6; --error-bg: #fde8e4; --error-fg: #7a1a0c;
  display: flex; flex-direction: column; gap: 0.35rem; color: var(--fg);
}
.root[data-theme='dark'] {
  --fg: #e7e9ef; --muted: #a3a9b6; --panel: #1e2129; --line: #3a404c; --accent: #e0a15e;
  --focus: #8ab4ff; --error-bg: #3a1712; --error-fg: #ffc9bf;
}
.board {
  position: relative; width: 100%; aspect-ratio: 1 / 1;
  user-select: none; -webkit-user-select: none; -webkit-tap-highlight-color: transparent;
}
.board[hidden] { display: none; }
.board-canvas {
  position: absolute; inset: 0; display: block; touch-action: none; border-radius: 10px;
}
.board-canvas:focus { outline: none; }
.board-canvas:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.bar {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: 0.3rem 0.6rem; min-height: 2rem;
}
.status { margin: 0; display: flex; align-items: center; gap: 0.4rem; min-width: 0; }
.status:empty { display: none; }
.swatch {
  display: inline-grid; place-items: center; flex: none; width: 1.15rem; height: 1.15rem;
  border-radius: 50%; font-size: 0.7rem; line-height: 1; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35);
}
.controls { display: flex; align-items: center; gap: 0.25rem; margin-left: auto; }
.controls[hidden] { display: none; }
.at { min-width: 4.5rem; text-align: center; font-variant-numeric: tabular-nums; color: var(--muted); font-size: 0.9em; }
button {
  font: inherit; font-size: 0.95em; line-height: 1; color: var(--fg); background: var(--panel);
  border: 1px solid var(--line); border-radius: 6px; min-width: 2.1rem; min-height: 2rem;
  padding: 0.2rem 0.45rem; cursor: pointer;
}
button:hover:not([aria-disabled='true']) { border-color: var(--accent); }
button[aria-disabled='true'] { opacity: 0.4; cursor: default; }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
button svg { display: block; width: 0.85rem; height: 0.85rem; margin: auto; fill: currentColor; }
.error {
  margin: 0; padding: 0.5rem 0.7rem; border-radius: 6px; background: var(--error-bg);
  color: var(--error-fg); overflow-wrap: anywhere; white-space: pre-wrap; max-height: 12rem; overflow: auto;
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

/**
 * Who plays each seat, from `human,computer:5,…` (once the engine has loaded: the levels
 * are its own).
 * @param {string | string[] | undefined} seats
 * @param {number | string | undefined} level the default level (default: the engine's)
 * @returns {{kind: 'human' | 'computer', level: number}[]}
 */
export function parseSeats(seats, level) {
  const list = Array.isArray(seats) ? seats : String(seats ?? '').split(',');
  return list
    .map((s) => s.trim().toLowerCase())
    .filter((s, i, a) => s !== '' || i < a.length - 1)
    .slice(0, 6)
    .map((s) => {
      const [kind, lv] = s.split(':');
      return kind === 'computer' || kind === 'ai' || kind === 'cpu'
        ? { kind: /** @type {const} */ ('computer'), level: clampLevel(lv ?? level) }
        : { kind: /** @type {const} */ ('human'), level: clampLevel(level) };
    });
}

/**
 * Builds the engine game a configuration describes (throws the engine's error).
 * @param {EmbedConfig} cfg
 * @returns {Game}
 */
function buildGame(cfg) {
  if (cfg.link) return Game.fromLink(cfg.link);
  if (cfg.record) return Game.fromRecord(cfg.record);
  /** @type {string} */
  let head;
  if (cfg.position) {
    // Checked on its own first, so the message is about the position.
    Game.fromPosition(cfg.position).free();
    head = cfg.position;
  } else {
    const v = cfg.variant || 'halma';
    head = variantInfo(v).variant;
  }
  if (/[\n\r]/.test(head)) throw new Error('a variant or position is one line');
  return Game.fromRecord(`${head}\n${cfg.moves ?? ''}\n`);
}

/** Boards created on an element, so a second createGame replaces the first. */
const mounted = new WeakMap();

/**
 * Creates a board in `element` (its content is replaced by the board, in a shadow root).
 * @param {HTMLElement} element
 * @param {EmbedConfig} [config]
 * @returns {EmbedApi}
 */
export function createGame(element, config = {}) {
  mounted.get(element)?.destroy();
  const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const api = mount(root, element, config);
  mounted.set(element, api);
  return api;
}

/** The chessground-style name of the same thing. */
export const createBoard = createGame;

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
  rootEl.append(boardEl, bar, errorEl);
  shadow.append(rootEl);

  /** @type {EmbedConfig} */
  let cfg = { ...initial };
  /** The session's game, once there is one (the session owns it). @type {Game | null} */
  let game = null;
  /** @type {ReturnType<typeof createWidget> | null} */
  let board = null;
  /** @type {ReturnType<typeof createAi> | null} */
  let ai = null;
  let destroyed = false;
  let engineReady = false;
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
    controllerFor: (p) => (p.kind === 'computer' ? computerController(() => (ai ??= createAi()), p) : null),
    play: (ans) => playMove({ from: ans.from, to: ans.to }, 'computer', true),
    failed: (e) => showError(errText(e)),
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
    if (cfg.lang && isLang(cfg.lang)) return /** @type {Lang} */ (cfg.lang);
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
    const listed = parseSeats(cfg.seats, cfg.level);
    return Array.from({ length: g.seats }, (_, i) => listed[i] ?? { kind: /** @type {const} */ ('human'), level: clampLevel(cfg.level) });
  }

  function movesPlayed() {
    return game ? session.movesPlayed() : 0;
  }

  function peopleMayMove() {
    return !!game && !!cfg.interactive && session.humanToMove();
  }

  function rotation() {
    if (!game) return 0;
    return session.rotation(cfg.orientation === 'turn' ? 'turn' : Number(cfg.orientation ?? 1), board ? board.state().rotation : null);
  }

  function showControls() {
    if (cfg.controls === true) return true;
    if (cfg.controls === false) return false;
    return !cfg.interactive && movesPlayed() + redoCount > 0;
  }

  /** @param {{animate?: ArrayLike<number> | null}} [opts] */
  function render(opts = {}) {
    if (!game || !board) return;
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
    // Stepped back through the moves: no result yet, and no computer's turn.
    if (redoCount > 0) {
      session.stop();
      return;
    }
    const o = session.takeOutcome();
    if (o) emit('gameover', { outcome: o, text: session.statusText(), record: game.record(), link: game.link() });
    session.think();
  }

  /** @param {string} message */
  function showError(message) {
    shownError = message;
    errorEl.textContent = tr('embed.error', { reason: message });
    errorEl.hidden = false;
    emit('error', { message });
  }

  function clearError() {
    shownError = null;
    errorEl.hidden = true;
    errorEl.textContent = '';
  }

  /** Makes the game of the configuration; on an error keeps the game shown (if any). */
  function loadSource() {
    /** @type {Game} */
    let g;
    try {
      g = buildGame(cfg);
    } catch (e) {
      // No game yet: no empty board either, just the message.
      boardEl.hidden = !board;
      showError(errText(e));
      return false;
    }
    boardEl.hidden = false;
    clearError();
    session.load(g, players(g));
    game = g;
    redoCount = 0;
    const d = session.board();
    const axis = cellPair(d.cells, session.info().mirrorLine);
    if (cfg.at !== undefined && cfg.at !== null && Number.isFinite(Number(cfg.at))) goTo(Number(cfg.at), false);
    if (!board) {
      board = createWidget(boardEl, {
        board: d,
        pieces: game.cells(),
        theme: theme(),
        coordinates: !!cfg.coordinates,
        rotation: rotation(),
        axis,
        interactive: false,
        destinations: (cell) => (game ? game.destinations(cell) : []),
        onMove: (from, to, how) => playMove({ from, to }, 'human', !how.dragged),
      });
    } else {
      board.set({ board: d, pieces: game.cells(), hint: null, axis });
    }
    return true;
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
    render({ animate: animate && first ? first.path : null });
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
    return plies;
  }

  /**
   * @param {number} n
   * @param {boolean} [draw]
   */
  function goTo(n, draw = true) {
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
    if (draw) render({ animate: anim });
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
      if (loadSource()) render();
      applyTheme();
      emit('ready', {});
    },
    (/** @type {unknown} */ e) => {
      if (!destroyed) showError(errText(e));
    },
  );

  /** @type {EmbedApi} */
  const api = {
    ready,
    set(partial) {
      if (destroyed) return;
      const p = { ...partial };
      const sourceChanged = SOURCE_KEYS.some((k) => k in p);
      if (sourceChanged) {
        // A new source replaces the old one entirely (a record does not mix with a link).
        for (const k of SOURCE_KEYS) if (!(k in p)) p[k] = undefined;
      }
      cfg = { ...cfg, ...p };
      if (!engineReady) return;
      if (sourceChanged) {
        if (!loadSource()) {
          render();
          return;
        }
      } else if ('at' in p && p.at !== null && p.at !== undefined) {
        goTo(Number(p.at), false);
      }
      if ('theme' in p) applyTheme();
      if (game && ('seats' in p || 'level' in p)) session.setPlayers(players(game));
      render();
    },
    play(move) {
      return playMove(move, 'api', true);
    },
    undo() {
      if (!game || !session.canUndo()) return false;
      session.undo();
      render();
      return true;
    },
    redo() {
      if (!game || !game.canRedo()) return false;
      const moves = session.redo().filter((p) => p.move).length;
      redoCount = Math.max(0, redoCount - moves);
      render({ animate: session.lastMovePath() });
      return true;
    },
    goTo,
    step: () => ({ at: movesPlayed(), total: movesPlayed() + redoCount }),
    position: () => (game ? game.position() : ''),
    record: () => (game ? game.record() : ''),
    link: () => (game ? game.link() : ''),
    turn: () => (game ? game.turn() : 0),
    outcome: () => (game ? /** @type {Outcome | null} */ (game.outcome()) : null),
    on(type, fn) {
      const set = handlers[type];
      if (!set) throw new Error(`unknown event '${type}'`);
      set.add(fn);
      return () => set.delete(fn);
    },
    cellPoint(cell) {
      if (!board) throw new Error('the board is not ready yet');
      const r = board.canvas.getBoundingClientRect();
      const p = board.cellPoint(cell);
      return { x: r.left + p.x, y: r.top + p.y };
    },
    cellByName(name) {
      if (!game) throw new Error('the board is not ready yet');
      return game.cellByName(name);
    },
    error: () => shownError,
    animating: () => !!board && board.state().animating,
    destroy() {
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
    },
  };
  return api;
}

// ------------------------------------------------------------------ <halma-board>

const ATTRS = /** @type {const} */ ([
  'variant',
  'position',
  'moves',
  'record',
  'link',
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

/**
 * A boolean attribute: present (and not "false" or "0") means on.
 * @param {string | null} v
 */
function flag(v) {
  return v !== null && v !== 'false' && v !== '0';
}

/** The element: attributes are its configuration, changes update the board. */
export class HalmaBoardElement extends HTMLElement {
  static get observedAttributes() {
    return [...ATTRS];
  }

  constructor() {
    super();
    /** @type {EmbedApi | null} */
    this.game = null;
    this._queued = false;
    /** @type {Set<string>} */
    this._changed = new Set();
  }

  /** The configuration the attributes describe. */
  config() {
    const a = (/** @type {string} */ n) => this.getAttribute(n);
    /** @type {EmbedConfig} */
    const c = {
      variant: a('variant') ?? undefined,
      position: a('position') ?? undefined,
      moves: a('moves') ?? undefined,
      record: a('record') ?? undefined,
      link: a('link') ?? undefined,
      interactive: flag(a('interactive')),
      seats: a('seats') ?? undefined,
      // Checked against the engine's levels once it has loaded.
      level: a('level') ?? undefined,
      coordinates: flag(a('coordinates')),
      controls: a('controls') === null ? null : flag(a('controls')),
      lang: a('lang') ?? undefined,
    };
    const at = a('at');
    c.at = at === null || at === '' || !Number.isFinite(Number(at)) ? null : Number(at);
    const th = a('theme');
    c.theme = th === 'light' || th === 'dark' ? th : 'auto';
    const o = a('orientation');
    c.orientation = o === 'turn' ? 'turn' : o !== null && Number.isFinite(Number(o)) ? Number(o) : 1;
    return c;
  }

  connectedCallback() {
    if (this.game) return;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.game = mount(root, this, this.config());
    mounted.set(this, this.game);
  }

  disconnectedCallback() {
    // Moved within the page: connected again in the same task; keep the board then.
    queueMicrotask(() => {
      if (!this.isConnected && this.game) {
        this.game.destroy();
        this.game = null;
      }
    });
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

if (typeof customElements !== 'undefined' && !customElements.get('halma-board')) {
  customElements.define('halma-board', HalmaBoardElement);
}
