// A page's colours over the theme's materials (theme.js): the board's surface, the star's
// holes, the destination marks and the last move, each `#rrggbb`. The embedded board reads
// them from CSS custom properties on its element (www/embed/colors.js); the seats' colours
// are the config's `colors`.

import { mix, alpha, rgb } from '../colors.js';

/**
 * Colours that replace the theme's; an absent one keeps the theme's.
 * @typedef {object} Palette
 * @property {string} [board] the board's surface: the squares (the dark ones a shade darker)
 *   and the star's plate; the frame round them darker still
 * @property {string} [hole] the star's holes
 * @property {string} [destination] where the picked piece may go
 * @property {string} [lastMove] the last move's path and cells
 */

/** @type {WeakMap<object, WeakMap<Palette, object>>} */
const made = new WeakMap();

/**
 * The materials `base` with the palette's colours in place (made once per base and palette).
 * @template {Record<string, any>} T
 * @param {T} base
 * @param {Palette} p
 * @returns {T}
 */
export function withPalette(base, p) {
  let per = made.get(base);
  if (!per) made.set(base, (per = new WeakMap()));
  const done = per.get(p);
  if (done) return /** @type {T} */ (done);
  /** @type {Record<string, any>} */
  const t = { ...base };
  if (p.board) {
    t.sqLight = p.board;
    t.sqDark = mix(p.board, '#000000', 0.14);
    t.plate = p.board;
    t.plateEdge = mix(p.board, '#000000', 0.3);
    t.frame = mix(p.board, '#000000', 0.5);
    t.frameEdge = mix(p.board, '#000000', 0.65);
  }
  if (p.hole) t.hole = p.hole;
  if (p.destination) {
    t.destDot = p.destination;
    t.destHalo = alpha(p.destination, 0.75);
  }
  if (p.lastMove) {
    const [r, g, b] = rgb(p.lastMove);
    t.last = `rgba(${r},${g},${b},`;
  }
  per.set(p, t);
  return /** @type {T} */ (t);
}
