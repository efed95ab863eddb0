// Showing a board's game: its language and theme, the board drawn as the session says, the
// status and the step buttons, the error message, and what follows a drawn change (the end
// of the game, the computer's turn).

import { t, detectLang } from '../i18n.js';
import { clampLevel } from '../computer.js';
import { renderStatus } from '../panels/status.js';
import { blank, whole, parseSeats } from './config.js';
import { syncColors, tintSwatch } from './colors.js';

/** @typedef {import('../i18n.js').Lang} Lang */
/** @typedef {import('./mount.js').Mount} Mount */
/** @typedef {import('../pkg/halma.js').Game} Game */

/**
 * The board's language: its `lang`, else the nearest ancestor's or the page's, else the
 * browser's.
 * @param {Mount} m
 */
function lang(m) {
  if (!blank(m.cfg.lang)) return /** @type {Lang} */ (detectLang([String(m.cfg.lang)]));
  const l = m.host.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || navigator.language || 'en';
  return detectLang([l]);
}

/**
 * Words in the board's language.
 * @param {Mount} m
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function tr(m, key, params) {
  return t(key, params, lang(m));
}

/** @param {Mount} m */
export function theme(m) {
  if (m.cfg.theme === 'light' || m.cfg.theme === 'dark') return m.cfg.theme;
  return m.darkQuery?.matches ? 'dark' : 'light';
}

/** @param {Mount} m */
export function applyTheme(m) {
  const th = theme(m);
  m.parts.root.dataset.theme = th;
  m.board?.set({ theme: th });
  // The page's colours may follow the scheme too (a media query).
  syncColors(m);
}

/**
 * Who plays each seat of a game (people where the configuration says nothing).
 * @param {Mount} m
 * @param {Game} g
 */
export function players(m, g) {
  const level = blank(m.cfg.level) ? undefined : m.cfg.level;
  const listed = parseSeats(blank(m.cfg.seats) ? undefined : m.cfg.seats, level);
  return Array.from({ length: g.seats }, (_, i) => listed[i] ?? { kind: /** @type {const} */ ('human'), level: clampLevel(level) });
}

/** @param {Mount} m */
export function movesPlayed(m) {
  return m.game ? m.session.movesPlayed() : 0;
}

/** @param {Mount} m */
function peopleMayMove(m) {
  return !!m.game && !!m.cfg.interactive && m.session.humanToMove();
}

/** @param {Mount} m */
export function rotation(m) {
  if (!m.game) return 0;
  const o = m.cfg.orientation === 'turn' ? 'turn' : (whole(m.cfg.orientation) ?? 1);
  return m.session.rotation(o, m.board ? m.board.state().rotation : null);
}

/** @param {Mount} m */
function showControls(m) {
  if (m.cfg.controls === true) return true;
  if (m.cfg.controls === false) return false;
  return !m.cfg.interactive && movesPlayed(m) + m.redoCount > 0;
}

/**
 * Draws the game as it is; false when there is nothing to draw (no game, or parked).
 * @param {Mount} m
 * @param {{animate?: ArrayLike<number> | null}} [opts]
 */
export function draw(m, opts = {}) {
  const { game, board, session, parts } = m;
  if (!game || !board) return false;
  const { btn } = parts;
  const path = session.lastMovePath();
  // The page's colours, read again on each draw (a change the watchers cannot see, such as a
  // style sheet of the page's, shows from the next move or change on).
  syncColors(m);
  board.set({
    pieces: game.cells(),
    movable: peopleMayMove(m) && m.redoCount === 0 ? game.movable() : [],
    interactive: peopleMayMove(m) && m.redoCount === 0,
    lastMove: path ? { path } : null,
    rotation: rotation(m),
    coordinates: !!m.cfg.coordinates,
    animate: opts.animate ?? null,
    label: session.boardLabel(),
    roleDescription: tr(m, 'board.role'),
  });
  m.markBusy();
  parts.bar.hidden = false;
  renderStatus(parts.status, session, { dots: false });
  tintSwatch(m);
  const at = movesPlayed(m);
  const total = at + m.redoCount;
  parts.controls.hidden = !showControls(m);
  parts.controls.setAttribute('aria-label', tr(m, 'embed.steps'));
  parts.at.textContent = tr(m, 'embed.at', { n: at, total });
  // aria-disabled, not disabled: a button that keeps the focus at either end keeps the keys.
  for (const [b, off] of /** @type {[HTMLButtonElement, boolean][]} */ ([
    [btn.first, at === 0],
    [btn.prev, at === 0],
    [btn.next, m.redoCount === 0],
    [btn.last, m.redoCount === 0],
  ])) {
    b.setAttribute('aria-disabled', off ? 'true' : 'false');
  }
  btn.first.setAttribute('aria-label', tr(m, 'embed.first'));
  btn.prev.setAttribute('aria-label', tr(m, 'embed.prev'));
  btn.next.setAttribute('aria-label', tr(m, 'embed.next'));
  btn.last.setAttribute('aria-label', tr(m, 'embed.last'));
  for (const b of Object.values(btn)) b.title = /** @type {string} */ (b.getAttribute('aria-label'));
  return true;
}

/**
 * After a drawn change: the end of the game (once), else the computer's turn.
 * @param {Mount} m
 */
export function advance(m) {
  const { game, session } = m;
  if (!game || !m.board) return;
  // Stepped back through the moves: no result yet, and no computer's turn.
  if (m.redoCount > 0) {
    session.stop();
    return;
  }
  const o = session.takeOutcome();
  if (o) m.events.emit('gameover', { outcome: o, text: session.statusText(), record: game.record(), link: game.link() });
  session.think();
}

/**
 * @param {Mount} m
 * @param {{animate?: ArrayLike<number> | null}} [opts]
 */
export function render(m, opts) {
  if (draw(m, opts)) advance(m);
}

/**
 * @param {Mount} m
 * @param {string} message
 * @param {string} [key] the words around it; default: about a configuration not shown
 */
export function showError(m, message, key) {
  m.shownError = message;
  // A board that shows a game goes on showing it: say so, not "cannot be shown".
  m.parts.error.textContent = tr(m, key ?? (m.game && m.board ? 'embed.kept' : 'embed.error'), { reason: message });
  m.parts.error.hidden = false;
  m.events.emit('error', { message });
}

/** @param {Mount} m */
export function clearError(m) {
  m.shownError = null;
  m.parts.error.hidden = true;
  m.parts.error.textContent = '';
}
