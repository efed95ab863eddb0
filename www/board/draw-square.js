// The square board's background (Halma on 16×16, 10×10, 8×8...): frame, squares, camps and
// coordinates, drawn for the current layout into the cached background (render.js).

import { toScreen, edgeLabels, splitName, bounds, cellAtUnits, frameReach } from './geometry.js';
import { mix, seatColor } from '../colors.js';
import { themeOf, campSeat } from './theme.js';
import { cachedLayer } from './layers.js';

/** @typedef {import('./state.js').BoardState} BoardState */

/**
 * A rounded rectangle as the current path.
 * @param {CanvasRenderingContext2D} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
function roundRect(g, x, y, w, h, r) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

/**
 * The square board, without pieces or marks: the wooden frame with its shadow, the squares
 * tinted in the camps, heavy lines round the camps in play, the coordinates on the frame.
 * @param {BoardState} st
 * @param {CanvasRenderingContext2D} g in CSS px
 */
export function drawSquareBoard(st, g) {
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const cells = st.cfg.board.cells;
  const reach = frameReach('square', st.cfg.coordinates);
  const b = bounds(cells);
  // Screen rectangle of the playing area (quarter turns keep it axis-aligned).
  const [ax, ay] = toScreen(st.layout, b.minX - 0.5, b.minY - 0.5);
  const [bx, by] = toScreen(st.layout, b.maxX + 0.5, b.maxY + 0.5);
  const x0 = Math.min(ax, bx);
  const y0 = Math.min(ay, by);
  const x1 = Math.max(ax, bx);
  const y1 = Math.max(ay, by);
  const fw = (reach - 0.5) * s;
  /** @param {CanvasRenderingContext2D} g */
  const drawFrame = (g) => {
    // Frame with a soft shadow (layered strokes: a canvas blur is slow in software).
    g.save();
    g.translate(0, s * 0.06);
    g.lineJoin = 'round';
    for (let i = 1; i <= 4; i++) {
      roundRect(g, x0 - fw, y0 - fw, x1 - x0 + 2 * fw, y1 - y0 + 2 * fw, s * 0.25);
      g.strokeStyle = 'rgba(0,0,0,0.07)';
      g.lineWidth = s * 0.07 * i;
      g.stroke();
    }
    g.restore();
    roundRect(g, x0 - fw, y0 - fw, x1 - x0 + 2 * fw, y1 - y0 + 2 * fw, s * 0.25);
    g.fillStyle = t.frame;
    g.fill();
    // Wood grain hint on the frame.
    const grad = g.createLinearGradient(x0 - fw, y0 - fw, x1 + fw, y1 + fw);
    grad.addColorStop(0, 'rgba(255,255,255,0.10)');
    grad.addColorStop(0.5, 'rgba(255,255,255,0)');
    grad.addColorStop(1, 'rgba(0,0,0,0.12)');
    roundRect(g, x0 - fw, y0 - fw, x1 - x0 + 2 * fw, y1 - y0 + 2 * fw, s * 0.25);
    g.fillStyle = grad;
    g.fill();
    g.lineWidth = Math.max(1, s * 0.04);
    g.strokeStyle = t.frameEdge;
    g.stroke();
  };
  cachedLayer(st, g, 'frame', 90, drawFrame);

  // Squares, tinted in the camps.
  /** @type {Map<number, string>} */
  const tint = new Map();
  for (const camp of st.cfg.board.camps) {
    const seat = campSeat(camp);
    if (!seat) continue;
    const col = seatColor(seat, st.cfg.colors);
    const strength = camp.homeOf ? t.campTint : t.campTint * 0.55;
    for (const id of camp.cells) tint.set(id, mix(t.tintBase, col, strength));
  }
  const half = s / 2;
  for (const c of cells) {
    const [sx, sy] = toScreen(st.layout, c.x, c.y);
    const dark = (Math.round(c.x) + Math.round(c.y)) % 2 === 1;
    let fill = dark ? t.sqDark : t.sqLight;
    const tc = tint.get(c.id);
    if (tc) fill = mix(fill, tc, 0.6);
    g.fillStyle = fill;
    // Overdraw half a pixel so no seams show between squares.
    g.fillRect(sx - half - 0.25, sy - half - 0.25, s + 0.5, s + 0.5);
  }
  g.strokeStyle = t.gridLine;
  g.lineWidth = 1;
  g.strokeRect(x0, y0, x1 - x0, y1 - y0);

  // Heavy lines around the camps in play.
  g.strokeStyle = t.campLine;
  g.lineWidth = Math.max(2, s * 0.09);
  g.lineCap = 'round';
  g.beginPath();
  for (const camp of st.cfg.board.camps) {
    if (!camp.homeOf && !camp.targetOf) continue;
    const inCamp = new Set(camp.cells);
    for (const id of camp.cells) {
      const c = cells[id];
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const n = cellAtUnits(st.posIndex, c.x + dx, c.y + dy);
        if (n >= 0 && inCamp.has(n)) continue;
        if (n < 0) continue; // the board's edge is drawn by the frame
        // The side between c and its neighbour: endpoints at ±0.5 across.
        const mx = c.x + dx / 2;
        const my = c.y + dy / 2;
        const [p1x, p1y] = toScreen(st.layout, mx - dy / 2, my - dx / 2);
        const [p2x, p2y] = toScreen(st.layout, mx + dy / 2, my + dx / 2);
        g.moveTo(p1x, p1y);
        g.lineTo(p2x, p2y);
      }
    }
  }
  g.stroke();

  if (st.cfg.coordinates) {
    const which = edgeLabels(st.layout.rotation);
    g.fillStyle = t.frameText;
    g.font = `600 ${Math.max(8, Math.round(s * 0.36))}px system-ui, sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    const gutter = (reach - 0.5) * s * 0.5;
    for (const c of cells) {
      const [sx, sy] = toScreen(st.layout, c.x, c.y);
      const [letter, num] = splitName(c.name);
      if (Math.abs(sy + half - y1) < 1) {
        g.fillText(which.bottom === 'letter' ? letter : num, sx, y1 + gutter);
      }
      if (Math.abs(sx - half - x0) < 1) {
        g.fillText(which.left === 'letter' ? letter : num, x0 - gutter, sy);
      }
    }
  }
}
