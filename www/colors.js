// Seat colours and symbols, shared by the board widget and the panels. The colours are from
// the Okabe–Ito palette (safe for the common colour-vision deficiencies); every seat also has
// a symbol, so no one has to tell pieces apart by colour alone.

/** Seat colours, index 0 = seat 1. */
export const SEAT_COLORS = Object.freeze([
  '#D55E00', // vermillion
  '#0072B2', // blue
  '#009E73', // bluish green
  '#F0E442', // yellow
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
]);

/** @typedef {'dot' | 'triangle' | 'square' | 'diamond' | 'cross' | 'star'} SymbolName */

/** Seat symbols drawn on the pieces, index 0 = seat 1. @type {readonly SymbolName[]} */
export const SEAT_SYMBOLS = Object.freeze(
  /** @type {SymbolName[]} */ (['dot', 'triangle', 'square', 'diamond', 'cross', 'star']),
);

/** The same symbols as text, for the panels. */
export const SEAT_GLYPHS = Object.freeze(['●', '▲', '■', '◆', '✚', '★']);

/**
 * @param {string} hex `#rrggbb`
 * @returns {[number, number, number]}
 */
export function rgb(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [128, 128, 128];
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * @param {number} r
 * @param {number} g
 * @param {number} b
 */
function hex(r, g, b) {
  const c = (/** @type {number} */ v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/**
 * Mixes two colours: `t` = 0 gives `a`, 1 gives `b`.
 * @param {string} a
 * @param {string} b
 * @param {number} t
 */
export function mix(a, b, t) {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/**
 * `rgba()` text for a colour with an alpha.
 * @param {string} c
 * @param {number} alpha
 */
export function alpha(c, alpha) {
  const [r, g, b] = rgb(c);
  return `rgba(${r},${g},${b},${alpha})`;
}

/**
 * Relative luminance (WCAG) of a colour.
 * @param {string} c
 */
export function luminance(c) {
  const lin = (/** @type {number} */ v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(c);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * Black or white, whichever reads better on `c`.
 * @param {string} c
 */
export function contrastInk(c) {
  const l = luminance(c);
  // Contrast against white (1.05) versus against black (0.05).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#1a1a1a';
}

/**
 * The colour of a seat (1-based).
 * @param {number} seat
 * @param {readonly string[]} [colors]
 */
export function seatColor(seat, colors = SEAT_COLORS) {
  return colors[(seat - 1) % colors.length] ?? '#888888';
}
