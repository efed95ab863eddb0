// The game page: owns one engine `Game`, the board widget, the panels, the dialogs, the saved
// games and the share link. After every change it reads back from the engine what the widget
// and the panels need and sets it; the widget never decides anything about the rules.
//
// The address's fragment always holds the open game as the engine's share link
// (`#1~<variant>~<moves>`), so the address reopens exactly that game. Every game open here is
// one of the saved games (storage.js); opening a link, a record or a test hook adds one and
// never overwrites another.

import { Game, variantInfo, variantIds } from './pkg/halma.js';
import { loadEngine } from './engine.js';
import { createBoard } from './board/index.js';
import { rotationForCamp, cellPair } from './board/geometry.js';
import { t, tn, setLang, getLang, detectLang, isLang, applyI18n, onLangChange } from './i18n.js';
import { SEAT_GLYPHS, seatColor, contrastInk } from './colors.js';
import {
  openStorage,
  loadPrefs,
  savePrefs,
  migrateLegacy,
  readIndex,
  listSaved,
  readSaved,
  checkEntry,
  writeSaved,
  removeSaved,
  setCurrent,
  currentId,
  newId,
} from './storage.js';
import { linkFromHash, shareUrl, compareLinks, classifyImport, recordFileName, recordHasMoves, recordFromStart, MAX_INPUT } from './share.js';
import { createGamesDialog, createShareDialog } from './games-ui.js';
import { registerServiceWorker } from './pwa.js';
import { createSetupDialog, shuffle } from './setup.js';
import { rulesOf, differencesOf } from './rules.js';
import { controllerFor } from './players.js';
import { registerComputer, sharedAi, HINT_OPTIONS, seedFor } from './computer.js';
import { AiCancelled } from './ai.js';

// Computer seats play through the AI worker; registering makes them available in the dialog.
registerComputer();
const ai = sharedAi();

/** @typedef {import('./storage.js').GameSetup} GameSetup */
/** @typedef {import('./storage.js').PlayerSetup} PlayerSetup */
/** @typedef {import('./rules.js').VariantInfo} VariantInfo */
/** @typedef {import('./board/geometry.js').BoardDesc} BoardDesc */
/** @typedef {import('./board/index.js').BoardApi} BoardApi */
/** @typedef {import('./players.js').SeatController} SeatController */
/** @typedef {{seat: number, move: {from: number, to: number} | null, path: number[], text: string}} Ply */
/** @typedef {{seat: number, rank: number, points: number, winner: boolean}} Standing */
/** @typedef {{kind: 'win', winners: number[]} | {kind: 'draw', reason: string} | {kind: 'unsolved'}} Outcome */

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing element #${id}`);
  return /** @type {T} */ (el);
}

const storage = openStorage();
const session = openStorage(() => globalThis.sessionStorage);
const prefs = loadPrefs(storage);
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');

/** @type {Game} */
let game;
/** @type {GameSetup} */
let setup;
/** @type {VariantInfo} */
let info;
/** @type {BoardDesc} */
let boardDesc;
/** @type {BoardApi} */
let board;
/** @type {(SeatController | null)[]} */
let controllers = [];
/** The id of the open game among the saved games. */
let gameId = '';
/** Saving is off: the saved games were written by a newer version of the page. */
let saveBlocked = false;
/** Generation of the position: answers from external seats for older ones are dropped. */
let gen = 0;
/** @type {{gen: number, ctl: SeatController} | null} */
let pending = null;
let overShownFor = '';
/** Watch mode (computer seats only): paused by the viewer. */
let paused = false;
/** The hint on the board, or the one being looked for; tied to a position generation. */
/** @type {{gen: number, jobId: number, path: number[] | null} | null} */
let hint = null;

/**
 * Work after a change of position that need not hold up the board (the saved game, the
 * address, the share dialog, the moves list's scroll), keyed so repeats coalesce. It runs
 * in a task of its own, so a move's task stays short on a slow or busy machine; anything
 * that replaces the game or touches the saved games flushes it first.
 * @type {Map<string, () => void>}
 */
const laterJobs = new Map();
let laterTimer = 0;

/**
 * @param {string} key
 * @param {() => void} job
 */
function later(key, job) {
  laterJobs.set(key, job);
  if (!laterTimer) laterTimer = window.setTimeout(laterStep, 0);
}

/** One deferred job a task, so that they do not add up to one long task either. */
function laterStep() {
  laterTimer = 0;
  const next = laterJobs.entries().next();
  if (next.done) return;
  const [key, job] = next.value;
  laterJobs.delete(key);
  if (laterJobs.size) laterTimer = window.setTimeout(laterStep, 0);
  job();
}

/** Runs the deferred work now. */
function flushLater() {
  if (laterTimer) window.clearTimeout(laterTimer);
  laterTimer = 0;
  const jobs = [...laterJobs.values()];
  laterJobs.clear();
  for (const job of jobs) job();
}

/** Pause before a computer's move is played, counted from when it was asked (ms). */
const SPEED_MS = /** @type {const} */ ({ fast: 0, normal: 700, slow: 1600 });

// --- preferences: language and theme ---

function initialLang() {
  if (isLang(prefs.lang)) return prefs.lang;
  return detectLang(navigator.languages?.length ? navigator.languages : [navigator.language || 'en']);
}

function effectiveTheme() {
  const p = prefs.theme ?? 'auto';
  if (p === 'light' || p === 'dark') return p;
  return darkQuery.matches ? 'dark' : 'light';
}

function applyTheme() {
  const th = effectiveTheme();
  document.documentElement.dataset.theme = th;
  if (board) board.set({ theme: th });
}

// --- names ---

/** @param {number} seat */
function playerName(seat) {
  const p = setup.players[seat - 1];
  if (p && p.name) return p.name;
  return t(p && p.kind === 'computer' ? 'seat.computer' : 'seat.default', { n: seat });
}

/** Whether a seat is played by a controller (the computer), not at this screen. */
/** @param {number} seat */
function isExternal(seat) {
  return !!controllers[seat - 1];
}

/** Watch mode: nobody at this screen plays. */
function watching() {
  return controllers.length > 0 && controllers.every((c) => c);
}

/** @param {number} seat */
function colorName(seat) {
  return t(`color.${((seat - 1) % 6) + 1}`);
}

/** A seat as said in announcements: "Anna (red)". */
/** @param {number} seat */
function seatSaid(seat) {
  return `${playerName(seat)} (${colorName(seat)})`;
}

/** @param {number} seat */
function swatch(seat) {
  const sw = document.createElement('span');
  sw.className = 'swatch';
  sw.textContent = SEAT_GLYPHS[(seat - 1) % SEAT_GLYPHS.length];
  sw.style.background = seatColor(seat);
  sw.style.color = contrastInk(seatColor(seat));
  sw.setAttribute('aria-hidden', 'true');
  return sw;
}

function variantTitle() {
  const base = t(`variant.${info.id}`);
  return info.variant === info.id ? base : `${base} (${info.variant})`;
}

// --- notices and announcements ---

/** @param {string} text */
function showNotice(text) {
  $('notice-text').textContent = text;
  $('notice').hidden = false;
}

function hideNotice() {
  $('notice').hidden = true;
}

/** @param {string} text */
function announce(text) {
  const live = $('live');
  // Clear first so the same words are read again.
  live.textContent = '';
  window.setTimeout(() => {
    live.textContent = text;
  }, 30);
}

/** @param {string} text */
function announceCursor(text) {
  $('live-cursor').textContent = text;
}

/**
 * Words for the plies of one turn (a move and the passes it forced).
 * @param {Ply[]} plies
 */
function describePlies(plies) {
  /** @type {string[]} */
  const parts = [];
  for (const p of plies) {
    if (!p.move) {
      parts.push(t('announce.pass', { name: seatSaid(p.seat) }));
      continue;
    }
    const from = game.cellName(p.move.from);
    const to = game.cellName(p.move.to);
    const hops = isHopPath(p.path) ? p.path.length - 1 : 0;
    const key = hops === 0 ? 'announce.move' : hops === 1 ? 'announce.hop' : 'announce.hops';
    parts.push(t(key, { name: seatSaid(p.seat), from, to, n: hops }));
  }
  return parts.join(' ');
}

/**
 * Whether a path is made of hops (not a single step). Steps are one unit long.
 * @param {ArrayLike<number>} path
 */
function isHopPath(path) {
  if (path.length < 2) return false;
  const a = boardDesc.cells[path[0]];
  const b = boardDesc.cells[path[1]];
  return Math.hypot(b.x - a.x, b.y - a.y) > 1.5;
}

function statusText() {
  const o = /** @type {Outcome | null} */ (game.outcome());
  if (o) return outcomeText(o);
  const seat = game.turn();
  if (isExternal(seat)) return t(paused ? 'panel.paused' : 'panel.thinking', { name: seatSaid(seat) });
  return t('panel.toMove', { name: seatSaid(seat) });
}

/** @param {Outcome} o */
function outcomeText(o) {
  if (o.kind === 'unsolved') return t('over.unsolved');
  if (o.kind === 'draw') return t(`over.draw.${o.reason}`);
  if (info.solitaire) return t('over.solved');
  const names = o.winners.map((s) => seatSaid(s));
  if (names.length === 1) return t('over.win', { name: names[0] });
  const last = names.pop();
  return t('over.winMany', { names: `${names.join(', ')}${t('over.and')}${last}` });
}

function boardLabel() {
  const cells = game.cells();
  /** @type {string[][]} */
  const bySeat = Array.from({ length: info.seats }, () => []);
  for (let i = 0; i < cells.length; i++) if (cells[i]) bySeat[cells[i] - 1]?.push(boardDesc.cells[i].name);
  const pieces = bySeat.map((list, i) => t('board.piecesOf', { name: seatSaid(i + 1), cells: list.join(', ') })).join(' ');
  return t('board.label', { variant: variantTitle(), status: `${statusText()}.`, pieces });
}

/** @param {number} cell */
function describeCell(cell) {
  const name = boardDesc.cells[cell].name;
  const st = board.state();
  if (st.dests.includes(cell)) return t('board.cursor.dest', { cell: name });
  const seat = game.cells()[cell];
  if (!seat) return t('board.cursor.empty', { cell: name });
  const movable = !game.isOver() && seat === game.turn() && game.destinations(cell).length > 0;
  return t(movable ? 'board.cursor.movable' : 'board.cursor.piece', { cell: name, name: seatSaid(seat) });
}

// --- rotation ---

function rotationNow() {
  const fixed = rotationForCamp(boardDesc, boardDesc.seats[0].home);
  if (setup.rotation === 'fixed') return fixed;
  const seat = game.turn();
  if (controllers[seat - 1] || game.isOver()) return board ? board.state().rotation : fixed;
  return rotationForCamp(boardDesc, boardDesc.seats[seat - 1].home);
}

// --- syncing the page with the engine ---

/** @returns {Ply[]} */
function plies() {
  return game.history();
}

/** @param {Ply[]} [h] */
function lastMovePath(h = plies()) {
  for (let i = h.length - 1; i >= 0; i--) if (h[i].move) return h[i].path;
  return null;
}

function humanToMove() {
  return !game.isOver() && !controllers[game.turn() - 1];
}

/**
 * Everything after a change of position.
 * @param {{animate?: ArrayLike<number> | null, save?: boolean}} [opts]
 */
function sync(opts = {}) {
  // What was deferred belongs to the position before: it is done first.
  flushLater();
  invalidatePending();
  clearHint();
  const h = plies();
  const path = lastMovePath(h);
  board.set({
    pieces: game.cells(),
    movable: humanToMove() ? game.movable() : [],
    lastMove: path ? { path } : null,
    hint: null,
    interactive: humanToMove(),
    rotation: rotationNow(),
    animate: opts.animate ?? null,
    label: boardLabel(),
  });
  renderPanels(h);
  if (opts.save !== false) later('save', autosave);
  later('fragment', updateFragment);
  later('share', () => shareDialog?.refresh());
  const o = /** @type {Outcome | null} */ (game.outcome());
  if (o) {
    const key = `${game.record()}`;
    if (overShownFor !== key) {
      overShownFor = key;
      // Let the last move's animation play first.
      window.setTimeout(() => showGameOver(), opts.animate ? 700 : 0);
    }
  } else {
    overShownFor = '';
  }
  requestExternalMove();
}

/** @param {Ply[]} [h] */
function renderPanels(h = plies()) {
  const o = /** @type {Outcome | null} */ (game.outcome());
  const status = $('status');
  const text = statusText();
  const thinking = !o && isExternal(game.turn()) && !paused;
  // Rebuilt only when it changes (the dots' animation restarts on a rebuild).
  const key = JSON.stringify([!o && game.turn(), !o && seatColor(game.turn()), text, thinking]);
  if (status.dataset.rowKey !== key) {
    status.dataset.rowKey = key;
    status.replaceChildren();
    if (!o) status.appendChild(swatch(game.turn()));
    const span = document.createElement('span');
    span.textContent = text;
    status.appendChild(span);
    if (thinking) {
      const dots = document.createElement('span');
      dots.className = 'thinking-dots';
      dots.setAttribute('aria-hidden', 'true');
      dots.append(document.createElement('i'), document.createElement('i'), document.createElement('i'));
      span.appendChild(dots);
    }
  }
  status.dataset.turn = String(game.turn());
  status.dataset.over = o ? o.kind : '';
  status.dataset.thinking = thinking ? '1' : '';
  const turns = game.turnsTaken();
  const turnNo = (turns[game.turn() - 1] ?? 0) + 1;
  const sol = game.solitaireStatus();
  // A solitaire counts its moves against the limit: the move to make, or once it is over
  // the moves it took.
  const turnText = !sol
    ? t('panel.turns', { n: turnNo })
    : o
      ? movesUsedText(sol)
      : t('panel.turnOf', { n: sol.moves - sol.movesLeft + 1, total: sol.moves });
  $('variant-line').textContent = `${t('panel.variant', { variant: variantTitle() })} · ${turnText}`;
  renderStandings(sol);
  renderMoves(h);
  /** @type {HTMLButtonElement} */ ($('btn-undo')).disabled = !canUndoNow(h);
  /** @type {HTMLButtonElement} */ ($('btn-redo')).disabled = !game.canRedo();
  renderHint();
  renderWatch();
}

/** The hint button and the line under the status. */
function renderHint() {
  const btn = /** @type {HTMLButtonElement} */ ($('btn-hint'));
  btn.disabled = !humanToMove();
  btn.setAttribute('aria-busy', hint && !hint.path ? 'true' : 'false');
  const line = $('hint-line');
  if (!hint) {
    line.hidden = true;
    line.textContent = '';
    return;
  }
  line.hidden = false;
  if (!hint.path) {
    line.textContent = t('hint.thinking');
    return;
  }
  line.textContent = `${hintText(hint.path)} ${t('hint.dismiss')}`;
}

/** @param {number[]} path */
function hintText(path) {
  const from = boardDesc.cells[path[0]].name;
  const to = boardDesc.cells[path[path.length - 1]].name;
  const hops = isHopPath(path) ? path.length - 1 : 0;
  return t(hops === 0 ? 'hint.move' : hops === 1 ? 'hint.hop' : 'hint.hops', { from, to, n: hops });
}

/** Pause and speed, shown when a computer plays; pause only when nobody at the screen does. */
function renderWatch() {
  const any = controllers.some((c) => c);
  $('watch').hidden = !any;
  const pause = /** @type {HTMLButtonElement} */ ($('btn-pause'));
  pause.hidden = !watching();
  pause.disabled = game.isOver();
  pause.textContent = t(paused ? 'watch.resume' : 'watch.pause');
  pause.setAttribute('aria-pressed', paused ? 'true' : 'false');
}

/**
 * The points panel; in a solitaire (`sol`, its `solitaireStatus()`) there is no race, and
 * it counts the pieces still without a mirror partner.
 * @param {{unmatched: number} | null} sol
 */
function renderStandings(sol) {
  const pts = game.points();
  const heading = $('points-h');
  heading.dataset.i18n = sol ? 'panel.symmetry' : 'panel.points';
  heading.textContent = t(heading.dataset.i18n);
  const finished = new Set(Array.from(game.finished()));
  const list = $('standings');
  /** @type {[string, () => HTMLElement][]} */
  const rows = [];
  for (let s = 1; s <= info.seats; s++) {
    const current = s === game.turn() && !game.isOver();
    /** @type {string[]} */
    const tags = [];
    const pl = setup.players[s - 1];
    // A computer's level; "computer" too when its name does not say so already.
    if (pl && pl.kind === 'computer' && isExternal(s)) tags.push(t(pl.name ? 'panel.computer' : 'panel.level', { n: pl.level ?? 3 }));
    if (info.teams !== 'none') tags.push(t('panel.team', { n: boardDesc.seats[s - 1].team }));
    if (finished.has(s)) tags.push(t('panel.finished'));
    const who = playerName(s);
    const extra = tags.length ? ` · ${tags.join(' · ')}` : '';
    const value = sol ? tn('panel.unmatched', sol.unmatched) : tn('panel.points.value', pts[s - 1] ?? 0);
    const title = sol ? t('panel.unmatched.title') : '';
    const key = JSON.stringify([s, current, who, extra, value, title, seatColor(s)]);
    rows.push([
      key,
      () => {
        const li = document.createElement('li');
        li.dataset.seat = String(s);
        if (current) li.classList.add('current');
        const name = document.createElement('span');
        name.className = 'name';
        name.textContent = who;
        const ex = document.createElement('span');
        ex.className = 'muted';
        ex.textContent = extra;
        // Name and tags share one cell, so long tags wrap under the name instead of
        // widening the panel.
        const cell = document.createElement('span');
        cell.className = 'who';
        cell.append(name, ex);
        const p = document.createElement('span');
        p.className = 'pts';
        p.textContent = value;
        if (title) p.title = title;
        li.append(swatch(s), cell, p);
        return li;
      },
    ]);
  }
  keyedChildren(list, rows);
}

/**
 * Makes `list`'s children the given rows, building only those whose key changed: a move
 * changes a row or two, and untouched rows cost no style or layout work.
 * @param {HTMLElement} list
 * @param {[string, () => HTMLElement][]} rows key and builder of each row
 */
function keyedChildren(list, rows) {
  rows.forEach(([key, make], i) => {
    const old = /** @type {HTMLElement | undefined} */ (list.children[i]);
    if (old && old.dataset.rowKey === key) return;
    const el = make();
    el.dataset.rowKey = key;
    if (old) old.replaceWith(el);
    else list.appendChild(el);
  });
  while (list.children.length > rows.length) list.lastElementChild?.remove();
}

/** @param {Ply[]} h */
function renderMoves(h) {
  const list = $('moves');
  if (h.length === 0) {
    const empty = () => {
      const li = document.createElement('li');
      li.className = 'empty';
      li.textContent = t('panel.noMoves');
      return li;
    };
    keyedChildren(list, [[`empty:${getLang()}`, empty]]);
    list.dataset.count = '0';
    return;
  }
  // Only new or changed plies are built (cheap for long games).
  keyedChildren(list, h.map((p, i) => [plyKey(p, i), () => moveItem(p, i)]));
  list.dataset.count = String(h.length);
  list.classList.toggle('two', info.seats === 2);
  for (const li of list.querySelectorAll('li.last')) li.classList.remove('last');
  list.lastElementChild?.classList.add('last');
  // Scroll the list itself, not the page; later, as reading the layout forces one.
  later('scroll-moves', scrollMoves);
}

function scrollMoves() {
  const list = $('moves');
  const last = /** @type {HTMLElement | null} */ (list.lastElementChild);
  if (last) list.scrollTop = last.offsetTop + last.offsetHeight - list.clientHeight;
}

/**
 * @param {Ply} p
 * @param {number} i
 */
function plyKey(p, i) {
  return `${i}:${p.seat}:${p.text}:${getLang()}`;
}

/**
 * @param {Ply} p
 * @param {number} i
 */
function moveItem(p, i) {
  const li = document.createElement('li');
  const no = document.createElement('span');
  no.className = 'no';
  no.textContent = `${i + 1}.`;
  li.append(no, swatch(p.seat));
  const text = document.createElement('span');
  if (p.move) {
    text.textContent = p.text;
    if (isHopPath(p.path)) {
      text.title = p.path.map((c) => boardDesc.cells[c].name).join('-');
      text.classList.add('hop');
    }
  } else {
    text.textContent = t('panel.pass');
    text.classList.add('pass');
  }
  li.appendChild(text);
  return li;
}

function autosave() {
  if (saveBlocked || !storage || !gameId) return;
  const err = writeSaved(storage, gameId, game.record(), setup);
  if (err) showNotice(t('notice.saveFailed', { reason: err }));
  gamesDialog?.refresh();
}

/** Puts the open game in the address (replacing, so Back leaves the page as before). */
function updateFragment() {
  const link = game.link();
  if (linkFromHash(location.hash) === link) return;
  try {
    history.replaceState(history.state, '', `#${link}`);
  } catch {
    // A sandboxed frame may refuse; the game goes on.
  }
}

// --- playing ---

/**
 * Plays a move and updates everything.
 * @param {number} from
 * @param {number} to
 * @param {{animate: boolean}} how
 */
function applyMove(from, to, how) {
  /** @type {Ply[]} */
  let plies;
  try {
    plies = game.playMove(from, to);
  } catch (e) {
    showNotice(t('notice.moveFailed', { reason: e instanceof Error ? e.message : String(e) }));
    sync({ save: false });
    return;
  }
  const mv = plies[0];
  sync({ animate: how.animate && mv ? mv.path : null });
  let text = describePlies(plies);
  if (!game.isOver()) text += ` ${t('announce.turn', { name: seatSaid(game.turn()) })}`;
  else text += ` ${statusText()}`;
  announce(text);
}

/** Drops the answer being waited for (the position changed, or the game is paused). */
function invalidatePending() {
  gen++;
  if (pending && pending.gen !== gen) {
    pending.ctl.cancel?.();
    pending = null;
  }
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/** Resolves once the board has finished animating the last move. */
async function animationDone() {
  while (board.state().animating) await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
}

function moveDelay() {
  return SPEED_MS[prefs.speed ?? 'normal'] ?? SPEED_MS.normal;
}

function requestExternalMove() {
  if (game.isOver() || paused) return;
  const seat = game.turn();
  const ctl = controllers[seat - 1];
  if (!ctl) return;
  const myGen = gen;
  const asked = performance.now();
  pending = { gen: myGen, ctl };
  ctl
    .requestMove({
      id: myGen,
      position: game.position(),
      record: game.record(),
      seat,
      level: setup.players[seat - 1]?.level,
      ply: game.history().length,
    })
    .then(async (ans) => {
      if (myGen !== gen) return;
      // Let the previous move be seen: its animation, then the chosen pace.
      const wait = moveDelay() - (performance.now() - asked);
      if (wait > 0) await sleep(wait);
      if (myGen !== gen) return;
      await animationDone();
      if (myGen !== gen) return;
      pending = null;
      applyMove(ans.from, ans.to, { animate: true });
    })
    .catch((/** @type {unknown} */ e) => {
      if (myGen !== gen || e instanceof AiCancelled) return;
      pending = null;
      showNotice(t('notice.aiFailed', { reason: e instanceof Error ? e.message : String(e) }));
    });
}

/** @param {boolean} on */
function setPaused(on) {
  if (paused === on) return;
  paused = on;
  if (on) invalidatePending();
  renderPanels();
  board.set({ label: boardLabel() });
  announce(t(on ? 'announce.paused' : 'announce.resumed'));
  if (!on) requestExternalMove();
}

// --- hints ---

function requestHint() {
  if (!humanToMove() || (hint && hint.gen === gen)) return;
  clearHint();
  const myGen = gen;
  const job = ai.think({ ...HINT_OPTIONS, seed: seedFor(game.history().length), position: game.position() });
  hint = { gen: myGen, jobId: job.id, path: null };
  renderHint();
  job.result.then(
    (th) => {
      if (!hint || hint.jobId !== job.id || myGen !== gen) return;
      if (!th) {
        clearHint();
        return;
      }
      hint.path = th.path;
      board.set({ hint: { path: th.path } });
      renderHint();
      announce(hintText(th.path));
    },
    (/** @type {unknown} */ e) => {
      if (!hint || hint.jobId !== job.id || e instanceof AiCancelled) return;
      clearHint();
      showNotice(t('hint.failed', { reason: e instanceof Error ? e.message : String(e) }));
    },
  );
}

/** Takes the hint off the board (and stops looking for one). */
function clearHint() {
  if (!hint) return;
  const h = hint;
  hint = null;
  if (!h.path) ai.cancel(h.jobId);
  board?.set({ hint: null });
  renderHint();
}

/**
 * Whether Undo leads somewhere: with people at the screen, back to a turn of theirs (a game
 * the computer opened has nothing to take back before its first move); when watching, one
 * move back.
 * @param {Ply[]} [h]
 */
function canUndoNow(h = plies()) {
  if (!game.canUndo()) return false;
  if (watching()) return true;
  return h.some((p) => !isExternal(p.seat));
}

function undo() {
  if (!canUndoNow()) return;
  board.finishAnimation();
  // Watching the computers: step back one move, and stay there.
  const watch = watching();
  if (watch && !paused) {
    paused = true;
    invalidatePending();
  }
  /** @type {number[] | null} */
  let back = null;
  do {
    const path = lastMovePath();
    game.undo();
    back = path ? [...path].reverse() : null;
    // With computer seats, go back to the last position where a person was to move.
  } while (!watch && game.canUndo() && isExternal(game.turn()));
  sync({ animate: back });
  announce(`${t('announce.undo')} ${t('announce.turn', { name: seatSaid(game.turn()) })}`);
}

function redo() {
  if (!game.canRedo()) return;
  board.finishAnimation();
  const watch = watching();
  /** @type {Ply[]} */
  let all = [];
  // Replay the computers' answers too, up to the next person's turn.
  do {
    all = all.concat(game.redo());
  } while (!watch && game.canRedo() && !game.isOver() && isExternal(game.turn()));
  const last = [...all].reverse().find((p) => p.move);
  sync({ animate: last ? last.path : null });
  announce(`${t('announce.redo')} ${describePlies(all)}`);
}

// --- starting games ---

/**
 * Replaces the game.
 * @param {Game} g
 * @param {GameSetup} s
 * @param {{announceText?: string, id?: string}} [opts] `id`: which saved game it is (default:
 *   a new one, or the open game's slot when that one is still empty)
 */
function setGame(g, s, opts = {}) {
  flushLater();
  gameId = opts.id ?? freshId();
  setCurrent(storage, session, gameId);
  if (game) clearHint();
  for (const c of controllers) c?.dispose?.();
  if (game) game.free();
  game = g;
  info = game.variantInfo();
  setup = { ...s, variant: info.variant };
  boardDesc = game.board();
  controllers = setup.players.map((p) => controllerFor(p));
  overShownFor = '';
  paused = false;
  // A computer will be asked soon: load the engine in the worker now.
  if (controllers.some((c) => c)) ai.warm();
  const gameOver = /** @type {HTMLDialogElement} */ ($('gameover'));
  if (gameOver.open) gameOver.close();
  if (board) {
    board.set({ board: boardDesc, pieces: game.cells(), rotation: rotationNow(), axis: cellPair(boardDesc.cells, info.mirrorLine) });
  } else {
    $('loading').remove();
    board = createBoard($('board'), {
      board: boardDesc,
      pieces: game.cells(),
      theme: effectiveTheme(),
      coordinates: prefs.coords ?? false,
      rotation: 0,
      axis: cellPair(boardDesc.cells, info.mirrorLine),
      roleDescription: t('board.role'),
      destinations: (cell) => game.destinations(cell),
      onMove: (from, to, how) => applyMove(from, to, { animate: !how.dragged }),
      onPick: (cell) => {
        const n = board.state().dests.length;
        announceCursor(tn('board.picked', n, { cell: boardDesc.cells[cell].name }));
      },
      onCursor: (cell) => announceCursor(describeCell(cell)),
    });
    $('board').dataset.state = 'ready';
  }
  sync();
  if (opts.announceText) announce(opts.announceText);
}

/**
 * The default players for a number of seats.
 * @param {number} n
 * @returns {PlayerSetup[]}
 */
function defaultPlayers(n) {
  return Array.from({ length: n }, () => ({ name: '', kind: /** @type {'human'} */ ('human') }));
}

/**
 * Starts a new game from the dialog (or a rematch).
 * @param {GameSetup} s
 */
function startNew(s) {
  let players = s.players;
  let coinText = '';
  if (s.start === 'coin' && players.length > 1) {
    players = shuffle(players, secureRandom);
    coinText = ` ${t('announce.coin', { name: players[0].name || t('seat.default', { n: 1 }) })}`;
  }
  const g = new Game(s.variant);
  hideNotice();
  setGame(g, { ...s, players }, { announceText: `${t('announce.newGame', { variant: t(`variant.${g.variantInfo().id}`) })}${coinText}` });
}

function secureRandom() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] / 2 ** 32;
}

function rematch() {
  // Everyone moves one seat on, so someone else starts.
  const players = setup.players.length > 1 ? [...setup.players.slice(1), setup.players[0]] : setup.players;
  startNew({ ...setup, players, start: 'seat1' });
}

// --- dialogs ---

function showGameOver() {
  const o = /** @type {Outcome | null} */ (game.outcome());
  if (!o) return;
  const dlg = /** @type {HTMLDialogElement} */ ($('gameover'));
  renderGameOver(o);
  if (!dlg.open) dlg.showModal();
  $('over-rematch').focus();
}

/**
 * "3 of 19 moves used" for a solitaire's status.
 * @param {{movesLeft: number, moves: number}} sol
 */
function movesUsedText(sol) {
  return t('panel.movesUsed', { n: sol.moves - sol.movesLeft, total: sol.moves });
}

/** @param {Outcome} o */
function renderGameOver(o) {
  const sol = game.solitaireStatus();
  // A solitaire has no ranking: the result and the moves it took say it all.
  $('over-result').textContent = sol ? `${outcomeText(o)} ${movesUsedText(sol)}.` : outcomeText(o);
  $('over-table').hidden = !!sol;
  // A puzzle is tried again, not played as a rematch.
  const again = $('over-rematch');
  again.dataset.i18n = sol ? 'btn.retry' : 'btn.rematch';
  again.textContent = t(again.dataset.i18n);
  /** @type {Standing[]} */
  const st = game.standings();
  $('over-body').replaceChildren(
    ...st.map((s) => {
      const tr = document.createElement('tr');
      if (s.winner) tr.classList.add('winner');
      const rank = document.createElement('td');
      rank.textContent = String(s.rank);
      const who = document.createElement('td');
      who.append(swatch(s.seat), document.createTextNode(` ${seatSaid(s.seat)}${s.winner ? ` — ${t('over.winner')}` : ''}`));
      const pts = document.createElement('td');
      pts.textContent = String(s.points);
      tr.append(rank, who, pts);
      return tr;
    }),
  );
}

function showRules() {
  const dlg = /** @type {HTMLDialogElement} */ ($('rules'));
  renderRules();
  if (!dlg.open) dlg.showModal();
}

function renderRules() {
  $('rules-variant').textContent = `${t(`variant.${info.id}`)} — ${info.variant}`;
  /**
   * @param {HTMLElement} el
   * @param {string[]} items
   */
  const fill = (el, items) =>
    el.replaceChildren(
      ...items.map((s) => {
        const li = document.createElement('li');
        li.textContent = s;
        return li;
      }),
    );
  fill($('rules-list'), rulesOf(info));
  fill($('rules-diff'), differencesOf(info));
}

// --- wiring ---

function relabel() {
  document.documentElement.lang = getLang();
  applyI18n(document);
  /** @type {HTMLSelectElement} */ ($('set-lang')).value = getLang();
  if (!board) return;
  board.set({ roleDescription: t('board.role'), label: boardLabel() });
  renderPanels();
  setupDialog?.relabel();
  gamesDialog?.refresh();
  shareDialog?.refresh();
  if (/** @type {HTMLDialogElement} */ ($('rules')).open) renderRules();
  const o = /** @type {Outcome | null} */ (game.outcome());
  if (o && /** @type {HTMLDialogElement} */ ($('gameover')).open) renderGameOver(o);
}

/** @type {import('./setup.js').SetupDialog | null} */
let setupDialog = null;

function wire() {
  $('btn-new').addEventListener('click', () => setupDialog?.open(setup, info));
  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', redo);
  $('btn-rules').addEventListener('click', showRules);
  $('btn-games').addEventListener('click', () => gamesDialog?.open());
  $('btn-share').addEventListener('click', () => shareDialog?.open());
  $('btn-hint').addEventListener('click', requestHint);
  $('btn-pause').addEventListener('click', () => setPaused(!paused));
  const speedSel = /** @type {HTMLSelectElement} */ ($('set-speed'));
  speedSel.value = prefs.speed ?? 'normal';
  speedSel.addEventListener('change', () => {
    const v = speedSel.value;
    prefs.speed = v === 'fast' || v === 'slow' ? v : 'normal';
    savePrefs(storage, prefs);
  });
  // Esc takes a hint off the board (after the board itself had its say: a picked-up piece
  // is put down first).
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !hint || e.defaultPrevented) return;
    if (document.querySelector('dialog[open]')) return;
    clearHint();
  });
  // Leaving the page ends a running search; coming back (from the back-forward cache)
  // asks again.
  window.addEventListener('pagehide', () => {
    flushLater();
    invalidatePending();
    clearHint();
    ai.dispose();
  });
  // A phone may end a hidden page without a pagehide: the save is written before.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushLater();
  });
  window.addEventListener('pageshow', (e) => {
    if (e.persisted && game) requestExternalMove();
  });
  $('rules-close').addEventListener('click', () => /** @type {HTMLDialogElement} */ ($('rules')).close());
  $('notice-close').addEventListener('click', hideNotice);
  $('over-close').addEventListener('click', () => /** @type {HTMLDialogElement} */ ($('gameover')).close());
  $('over-new').addEventListener('click', () => {
    /** @type {HTMLDialogElement} */ ($('gameover')).close();
    setupDialog?.open(setup, info);
  });
  $('over-rematch').addEventListener('click', rematch);

  const langSel = /** @type {HTMLSelectElement} */ ($('set-lang'));
  langSel.addEventListener('change', () => {
    const l = langSel.value;
    if (!isLang(l)) return;
    prefs.lang = l;
    savePrefs(storage, prefs);
    setLang(l);
  });
  const themeSel = /** @type {HTMLSelectElement} */ ($('set-theme'));
  themeSel.value = prefs.theme ?? 'auto';
  themeSel.addEventListener('change', () => {
    const v = themeSel.value;
    prefs.theme = v === 'light' || v === 'dark' ? v : 'auto';
    savePrefs(storage, prefs);
    applyTheme();
  });
  darkQuery.addEventListener('change', applyTheme);
  const coords = /** @type {HTMLInputElement} */ ($('set-coords'));
  coords.checked = prefs.coords ?? false;
  coords.addEventListener('change', () => {
    prefs.coords = coords.checked;
    savePrefs(storage, prefs);
    board?.set({ coordinates: coords.checked });
  });

  // The skip link puts the keyboard focus on the board itself.
  /** @type {HTMLElement} */ (document.querySelector('.skip')).addEventListener('click', (e) => {
    if (!board) return;
    e.preventDefault();
    board.canvas.focus();
  });

  // The settings drop-down closes on a click elsewhere and on Esc.
  const settings = /** @type {HTMLDetailsElement} */ (document.querySelector('.settings'));
  document.addEventListener('click', (e) => {
    if (settings.open && e.target instanceof Node && !settings.contains(e.target)) settings.open = false;
  });
  settings.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && settings.open) {
      settings.open = false;
      /** @type {HTMLElement} */ (settings.querySelector('summary')).focus();
    }
  });

  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const target = /** @type {HTMLElement | null} */ (e.target instanceof HTMLElement ? e.target : null);
    if (target && target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (document.querySelector('dialog[open]')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) {
      e.preventDefault();
      undo();
    } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
      e.preventDefault();
      redo();
    }
  });
  onLangChange(relabel);
}

/** Test and tooling hook: read-only views of the game and the board's geometry. */
function exposeHook() {
  const hook = {
    position: () => game.position(),
    record: () => game.record(),
    variant: () => game.variant,
    turn: () => game.turn(),
    legalMoves: () => /** @type {{from: number, to: number, path: number[]}[]} */ (game.legalMoves()),
    cellByName: (/** @type {string} */ n) => game.cellByName(n),
    cellName: (/** @type {number} */ c) => game.cellName(c),
    outcome: () => game.outcome(),
    /** Client (viewport) coordinates of a cell's centre. */
    cellPoint: (/** @type {number} */ cell) => {
      const r = board.canvas.getBoundingClientRect();
      const p = board.cellPoint(cell);
      return { x: r.left + p.x, y: r.top + p.y };
    },
    boardState: () => board.state(),
    /** The AI worker's figures: starts, restarts, last start time, last answer, busy. */
    ai: () => ({ ...ai.stats, busy: ai.busy() }),
    paused: () => paused,
    link: () => game.link(),
    /** The id of the open game among the saved games. */
    gameId: () => gameId,
  };
  // Each read comes after the deferred work, so the page is consistent with what it says.
  for (const [k, fn] of Object.entries(hook)) {
    /** @type {any} */ (hook)[k] = (/** @type {any[]} */ ...a) => {
      flushLater();
      return /** @type {(...a: any[]) => any} */ (fn)(...a);
    };
  }
  /** @type {any} */ (window).__halma = hook;
}

/**
 * Replays a record and gives its number of seats (throws the engine's error when it does not
 * replay): how storage.js checks a saved game.
 * @param {string} record
 */
function replaySeats(record) {
  const g = Game.fromRecord(record);
  const n = g.seats;
  g.free();
  return n;
}

/**
 * A saved-game id for a new game: the open game's own when it has no moves yet and starts
 * from its variant's start (nothing to lose), else a new one.
 */
function freshId() {
  if (game && gameId) {
    const r = game.record();
    if (!recordHasMoves(r) && recordFromStart(r)) return gameId;
    return newId();
  }
  // Nothing open yet (the page is starting): the same for the game that was open last.
  const cur = currentId(storage, session);
  if (cur) {
    const r = checkEntry(readSaved(storage, cur), replaySeats);
    if (r.status === 'ok' && !recordHasMoves(r.data.record) && recordFromStart(r.data.record)) return cur;
  }
  return newId();
}

/**
 * Players for a game that arrives without any (a link, a record): people, no names.
 * @param {Game} g
 * @returns {GameSetup}
 */
function plainSetup(g) {
  return { variant: g.variant, players: defaultPlayers(g.seats), start: 'seat1', rotation: 'turn' };
}

/** @param {unknown} e */
function errText(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Opens share-link text: the saved game it shows (or continues: the same game with more
 * moves, when two people send links back and forth), else a new saved game. Nothing saved
 * is overwritten. Throws the engine's error for a bad link.
 * @param {string} text
 */
function openLink(text) {
  if (text.length > MAX_INPUT) throw new Error(`link is too long (${text.length} characters)`);
  const g = Game.fromLink(text);
  const link = g.link();
  const ids = listSaved(storage).map((x) => x.id);
  // The open game first: a reload, or the next move of a game played by links.
  const first = gameId || currentId(storage, session);
  ids.sort((x, y) => (x === first ? -1 : y === first ? 1 : 0));
  for (const id of ids) {
    const r = checkEntry(readSaved(storage, id), replaySeats);
    if (r.status !== 'ok') continue;
    const sg = Game.fromRecord(r.data.record);
    const rel = compareLinks(sg.link(), link);
    if (rel === 'same') {
      g.free();
      if (id !== gameId || !game) setGame(sg, r.data.setup, { id, announceText: t('announce.switched', { variant: variantName(sg) }) });
      else sg.free();
      return;
    }
    sg.free();
    if (rel === 'extends') {
      setGame(g, r.data.setup, { id, announceText: t('announce.openedLink', { variant: variantName(g) }) });
      return;
    }
  }
  setGame(g, plainSetup(g), { announceText: t('announce.openedLink', { variant: variantName(g) }) });
}

/** @param {Game} g */
function variantName(g) {
  return t(`variant.${g.variantInfo().id}`);
}

/**
 * Opens a saved game. Returns an error message, or null.
 * @param {string} id
 * @returns {string | null}
 */
function openSaved(id) {
  const r = checkEntry(readSaved(storage, id), replaySeats);
  if (r.status === 'none') return t('games.gone');
  if (r.status === 'newer') return t('games.newer', { v: r.version });
  if (r.status === 'bad') return t('games.broken', { reason: r.reason });
  const g = Game.fromRecord(r.data.record);
  hideNotice();
  setGame(g, r.data.setup, { id, announceText: t('announce.switched', { variant: variantName(g) }) });
  return null;
}

/**
 * Deletes a saved game; deleting the open one opens the newest other (or a new game).
 * @param {string} id
 * @returns {string | null} an error message, or null
 */
function deleteSaved(id) {
  flushLater();
  const err = removeSaved(storage, id);
  if (err) return t('notice.saveFailed', { reason: err });
  if (id === gameId) {
    gameId = '';
    for (const x of listSaved(storage)) {
      if (openSaved(x.id) === null) {
        announce(t('announce.deleted'));
        return null;
      }
    }
    const g = new Game('halma');
    setGame(g, plainSetup(g), { id: newId() });
  }
  announce(t('announce.deleted'));
  return null;
}

/**
 * Opens pasted or uploaded text: a link, or a game record. Returns the engine's error
 * message, or null.
 * @param {string} text
 * @returns {string | null}
 */
function importText(text) {
  if (text.length > MAX_INPUT) return `the text is too long (${text.length} characters)`;
  const what = classifyImport(text);
  try {
    if (what.kind === 'link') {
      openLink(what.text);
    } else {
      const g = Game.fromRecord(what.text);
      hideNotice();
      setGame(g, plainSetup(g), { announceText: t('announce.imported', { variant: variantName(g) }) });
    }
    return null;
  } catch (e) {
    return errText(e);
  }
}

/** What the Games dialog lists. @returns {import('./games-ui.js').SavedSummary[]} */
function savedSummaries() {
  return listSaved(storage).map((item) => {
    const base = { id: item.id, savedAt: item.savedAt };
    const r = checkEntry(readSaved(storage, item.id), replaySeats);
    if (r.status !== 'ok') {
      const detail =
        r.status === 'newer' ? t('games.newer', { v: r.version }) : r.status === 'bad' ? t('games.broken', { reason: r.reason }) : t('games.gone');
      return { ...base, ok: false, title: t('games.unreadable'), detail, progress: '' };
    }
    const g = Game.fromRecord(r.data.record);
    try {
      const vi = g.variantInfo();
      const vt = t(`variant.${vi.id}`);
      const title = vi.variant === vi.id ? vt : `${vt} (${vi.variant})`;
      const names = r.data.setup.players.map((p, i) => {
        const n = p.name || t(p.kind === 'computer' ? 'seat.computer' : 'seat.default', { n: i + 1 });
        return p.kind === 'computer' ? `${n} (${t('panel.level', { n: p.level ?? 3 })})` : n;
      });
      const moves = /** @type {Ply[]} */ (g.history()).filter((p) => p.move).length;
      const o = /** @type {Outcome | null} */ (g.outcome());
      /** @type {string} */
      let state;
      if (o) state = t('games.over');
      else {
        const seat = g.turn();
        const p = r.data.setup.players[seat - 1];
        const who = (p && p.name) || t(p && p.kind === 'computer' ? 'seat.computer' : 'seat.default', { n: seat });
        state = t('panel.toMove', { name: `${who} (${colorName(seat)})` });
      }
      const mv = moves === 0 ? t('games.noMoves') : tn('games.moves', moves);
      return { ...base, ok: true, title, detail: names.join(', '), progress: `${mv} · ${state}` };
    } finally {
      g.free();
    }
  });
}

/** @type {import('./games-ui.js').GamesDialog | null} */
let gamesDialog = null;
/** @type {import('./games-ui.js').ShareDialog | null} */
let shareDialog = null;

/** The address changed by hand (a pasted link in this tab): open the game it holds. */
function onHashChange() {
  const text = linkFromHash(location.hash);
  if (!text || !game || text === game.link()) return;
  try {
    openLink(text);
  } catch (e) {
    showNotice(t('notice.badLink', { reason: errText(e) }));
    updateFragment();
  }
}

async function main() {
  setLang(initialLang());
  relabel();
  applyTheme();
  registerServiceWorker();
  try {
    await loadEngine();
  } catch (e) {
    $('loading').textContent = t('app.loadFailed', { reason: errText(e) });
    $('board').dataset.state = 'error';
    return;
  }
  setupDialog = createSetupDialog({
    variantIds: variantIds(),
    variantInfo: (text) => variantInfo(text),
    onStart: startNew,
  });
  gamesDialog = createGamesDialog({
    list: savedSummaries,
    currentId: () => gameId,
    onOpen: openSaved,
    onDelete: deleteSaved,
    onImport: importText,
  });
  shareDialog = createShareDialog({
    url: () => shareUrl(location.href, game.link()),
    record: () => game.record(),
    fileName: () => recordFileName(game.variant),
  });
  wire();

  // The saved games: the single autosave of the first format moves into the list.
  if (!storage) {
    showNotice(t('notice.noStorage'));
  } else {
    migrateLegacy(storage);
    const idx = readIndex(storage);
    if (idx.status === 'newer') {
      saveBlocked = true;
      showNotice(t('notice.newerIndex', { v: idx.version }));
    }
  }

  // What to open: a test hook in the query, else a link in the fragment, else the game open
  // last (in this tab, else anywhere), else a new game. Each of the first two becomes a
  // saved game of its own.
  const params = new URLSearchParams(location.search);
  const posParam = params.get('position');
  const variantParam = params.get('variant');
  const linkText = linkFromHash(location.hash);
  if (posParam || variantParam) {
    // Drop the parameters so a reload continues the game instead of restarting it.
    history.replaceState(null, '', location.pathname + location.hash);
    try {
      const g = posParam ? Game.fromPosition(posParam) : new Game(variantParam);
      setGame(g, plainSetup(g));
    } catch (e) {
      showNotice(t('notice.badUrl', { reason: errText(e) }));
    }
  } else if (linkText) {
    try {
      openLink(linkText);
    } catch (e) {
      showNotice(t('notice.badLink', { reason: errText(e) }));
    }
  }
  if (!game) {
    const cur = currentId(storage, session);
    const r = cur ? checkEntry(readSaved(storage, cur), replaySeats) : null;
    if (cur && r && r.status === 'ok') {
      setGame(Game.fromRecord(r.data.record), r.data.setup, { id: cur });
    } else {
      if (r && r.status === 'bad') showNotice(t('notice.badSave', { reason: r.reason }));
      else if (r && r.status === 'newer') showNotice(t('notice.newerSave', { v: r.version }));
      const g = new Game('halma');
      setGame(g, plainSetup(g), { id: newId() });
    }
  }
  window.addEventListener('hashchange', onHashChange);
  exposeHook();
  document.body.dataset.ready = '1';
  requestAnimationFrame(() => performance.mark('halma-interactive'));
}

main().catch((e) => {
  // Nothing above should throw; if it does, say so on the page instead of failing silently.
  const msg = e instanceof Error ? e.message : String(e);
  const el = document.getElementById('loading');
  if (el) el.textContent = t('app.loadFailed', { reason: msg });
  else showNotice(t('app.loadFailed', { reason: msg }));
  console.error(e);
});
