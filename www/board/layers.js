// Offscreen canvases for the board's background: a layer drawn once and reused while only
// the rotation changes by a turn that leaves it looking the same (the frame after quarter
// turns, the star's plate and holes after sixths), so turning the board toward each player
// redraws only what does change.

/** @typedef {import('./state.js').BoardState} BoardState */

/**
 * A canvas the size of `like` drawn by `draw` (CSS px units, as the background).
 * @param {BoardState} st
 * @param {HTMLCanvasElement} like
 * @param {(g: CanvasRenderingContext2D) => void} draw
 */
export function layer(st, like, draw) {
  const c = st.doc.createElement('canvas');
  c.width = like.width;
  c.height = like.height;
  const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
  g.setTransform(st.dpr, 0, 0, st.dpr, 0, 0);
  draw(g);
  return c;
}

/**
 * Draws the layer `name` onto `g` pixel for pixel, from the cache while the board has only
 * turned by multiples of `period` degrees since it was drawn.
 * @param {BoardState} st
 * @param {CanvasRenderingContext2D} g
 * @param {string} name
 * @param {number} period
 * @param {(g: CanvasRenderingContext2D) => void} draw
 */
export function cachedLayer(st, g, name, period, draw) {
  const turn = Math.round((st.layout.rotation % period) * 1e6);
  const key = [g.canvas.width, g.canvas.height, st.dpr, st.cfg.theme, st.cfg.coordinates, turn].join();
  let l = st.layers.get(name);
  if (!l || l.key !== key || l.board !== st.cfg.board) {
    l = { key, board: st.cfg.board, canvas: layer(st, g.canvas, draw) };
    st.layers.set(name, l);
  }
  g.save();
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.drawImage(l.canvas, 0, 0);
  g.restore();
}
