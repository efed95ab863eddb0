// The board's colours from the page: CSS custom properties on the element, or inherited from
// an ancestor (`:root`), read from the element's computed style and handed to the widget
// (its `colors` and `palette`):
//
//   --halma-board          the board's surface (squares, the star's plate; the frame darker)
//   --halma-hole           the star's holes
//   --halma-seat-1 … -6    each seat's pieces (and the swatch in the status line)
//   --halma-destination    where the picked piece may go
//   --halma-last-move      the last move
//
// Any CSS colour (`#2a6`, `rebeccapurple`, `rgb(…)`, `var(--brand)`); an alpha is dropped;
// one the browser does not read gets a console warning and the theme's colour. They are read
// again on every draw of the board (a move, a change of configuration), when the element's
// or the page's <html> or <body> `style` or `class` changes (MutationObserver), when the
// system's colour scheme changes, and on `game.refresh()`.

import { SEAT_COLORS, contrastInk } from '../colors.js';

/** @typedef {import('../board/palette.js').Palette} Palette */
/** @typedef {import('./mount.js').Mount} Mount */

/** The custom properties of the palette, by its keys. */
const PALETTE_PROPS = /** @type {const} */ ([
  ['board', '--halma-board'],
  ['hole', '--halma-hole'],
  ['destination', '--halma-destination'],
  ['lastMove', '--halma-last-move'],
]);
const SEAT_PROPS = [1, 2, 3, 4, 5, 6].map((n) => `--halma-seat-${n}`);

/** Every property read, for the docs and the tests. */
export const COLOR_PROPERTIES = [...PALETTE_PROPS.map(([, p]) => p), ...SEAT_PROPS];

/** @type {CanvasRenderingContext2D | null} */
let probe = null;
/** Values already warned about. */
const warned = new Set();

/**
 * A CSS colour as `#rrggbb` (the widget mixes colours in that form), or null when the
 * browser does not read it as a colour. The canvas parses it as it would draw it.
 * @param {string} prop for the warning
 * @param {string} text
 * @returns {string | null}
 */
function colour(prop, text) {
  const v = text.trim();
  if (!v) return null;
  probe ??= /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
  probe.fillStyle = '#010203';
  probe.fillStyle = v;
  const a = String(probe.fillStyle);
  probe.fillStyle = '#040506';
  probe.fillStyle = v;
  const b = String(probe.fillStyle);
  if (a !== b) {
    if (!warned.has(`${prop}:${v}`)) {
      warned.add(`${prop}:${v}`);
      console.warn(`halma: ${prop}: "${v}" is not a colour; the board keeps its own`);
    }
    return null;
  }
  if (a.startsWith('#')) return a;
  const m = /rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(a);
  if (!m) return null;
  return `#${[m[1], m[2], m[3]].map((x) => Number(x).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colours the page gives the board now: the text of the properties (to tell a change),
 * the seats' colours and the palette.
 * @param {HTMLElement} host
 */
function read(host) {
  const style = getComputedStyle(host);
  const raw = COLOR_PROPERTIES.map((p) => style.getPropertyValue(p).trim());
  const key = raw.join('|');
  /** @type {Palette} */
  const palette = {};
  PALETTE_PROPS.forEach(([k, p], i) => {
    const c = colour(p, raw[i]);
    if (c) palette[k] = c;
  });
  const seats = SEAT_PROPS.map((p, i) => colour(p, raw[PALETTE_PROPS.length + i]));
  return { key, seats, palette };
}

/**
 * The page's colours for a board, as the widget takes them.
 * @param {Mount} m
 */
export function boardColors(m) {
  const { key, seats, palette } = read(m.host);
  m.colorKey = key;
  m.seatColors = SEAT_COLORS.map((c, i) => seats[i] ?? c);
  return { colors: m.seatColors, palette: Object.keys(palette).length ? palette : null };
}

/**
 * Reads the page's colours again and gives the widget the new ones, if they changed.
 * @param {Mount} m
 * @returns {boolean} whether they changed (the status line then wants drawing: its swatch
 *   and the seats' names)
 */
export function syncColors(m) {
  if (!m.board || m.destroyed) return false;
  const { key } = read(m.host);
  if (key === m.colorKey) return false;
  m.board.set(boardColors(m));
  tintSwatch(m);
  return true;
}

/**
 * The status line's swatch in the colour of the seat it shows.
 * @param {Mount} m
 */
export function tintSwatch(m) {
  const sw = m.parts.status.querySelector('.swatch');
  const turn = m.game ? m.game.turn() : 0;
  if (!(sw instanceof HTMLElement) || !turn) return;
  const c = m.seatColors[(turn - 1) % m.seatColors.length];
  sw.style.background = c;
  sw.style.color = contrastInk(c);
}

/**
 * Watches what may change the page's colours for a board without a draw: the `style` and
 * `class` of the element and of the page's <html> and <body>. Returns the way to stop.
 * @param {Mount} m
 * @param {() => void} changed called when a watched attribute changed
 * @returns {() => void}
 */
export function watchColors(m, changed) {
  if (typeof MutationObserver === 'undefined') return () => {};
  const mo = new MutationObserver(changed);
  const opts = { attributes: true, attributeFilter: ['style', 'class'] };
  for (const el of new Set([m.host, document.documentElement, document.body])) if (el) mo.observe(el, opts);
  return () => mo.disconnect();
}
