// The star board's background (Chinese checkers): plate, coloured points, lines, holes and
// the row numbers, drawn for the current layout into the cached background (render.js).

import { toScreen, cellCenter, splitName, bounds, frameReach } from './geometry.js';
import { mix, alpha, seatColor } from '../colors.js';
import { themeOf, campSeat } from './theme.js';
import { cachedLayer } from './layers.js';

/** @typedef {import('./state.js').BoardState} BoardState */

/**
 * The star board, without pieces or marks: the plate with its shadow, the coloured points
 * of the camps, the lines and holes, the coordinates.
 * @param {BoardState} st
 * @param {CanvasRenderingContext2D} g in CSS px
 */
export function drawStarBoard(st, g) {
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const cells = st.cfg.board.cells;
  const reach = frameReach('star', st.cfg.coordinates);
  const b = bounds(cells);
  const cxu = (b.minX + b.maxX) / 2;
  const cyu = (b.minY + b.maxY) / 2;
  // The outline: tips of the camps and the corners of the inner hexagon between them.
  /** @type {{tip: [number, number], ang: number}[]} */
  const tips = [];
  for (const camp of st.cfg.board.camps) {
    let far = camp.cells[0];
    let farD = -1;
    for (const id of camp.cells) {
      const d = (cells[id].x - cxu) ** 2 + (cells[id].y - cyu) ** 2;
      if (d > farD) {
        farD = d;
        far = id;
      }
    }
    tips.push({ tip: [cells[far].x, cells[far].y], ang: Math.atan2(cells[far].y - cyu, cells[far].x - cxu) });
  }
  tips.sort((p, q) => p.ang - q.ang);
  const n = st.cfg.board.size;
  /** @type {[number, number][]} */
  const poly = [];
  for (let i = 0; i < tips.length; i++) {
    const a = tips[i];
    poly.push(toScreen(st.layout, a.tip[0], a.tip[1]));
    const na = a.ang + Math.PI / 6;
    poly.push(toScreen(st.layout, cxu + n * Math.cos(na), cyu + n * Math.sin(na)));
  }
  /**
   * A closed outline, started halfway along its last edge: with very thick round-joined
   * strokes, a join at the start vertex can come out sharp.
   * @param {CanvasRenderingContext2D} g
   * @param {[number, number][]} pts
   */
  const path = (g, pts) => {
    const [ax, ay] = pts[pts.length - 1];
    const [bx, by] = pts[0];
    g.beginPath();
    g.moveTo((ax + bx) / 2, (ay + by) / 2);
    for (const [x, y] of pts) g.lineTo(x, y);
    g.closePath();
  };
  // The plate, the lines and the holes look the same after a turn by a multiple of 60°
  // (the light comes from the same side of the screen): drawn once and reused, so turning
  // the board toward each player redraws only the camps over the plate.
  /** @param {CanvasRenderingContext2D} g */
  const drawPlate = (g) => {
    const [ccx, ccy] = toScreen(st.layout, cxu, cyu);
    // The plate: the star grown by a rounded margin, over a soft shadow made of layered
    // strokes (a canvas blur is slow in software).
    g.save();
    g.lineJoin = 'round';
    g.translate(0, s * 0.08);
    path(g, poly);
    for (let i = 1; i <= 4; i++) {
      g.strokeStyle = 'rgba(0,0,0,0.07)';
      g.lineWidth = (reach + 0.06 * i) * 2 * s;
      g.stroke();
    }
    g.restore();
    g.save();
    g.lineJoin = 'round';
    path(g, poly);
    g.fillStyle = t.plateEdge;
    g.strokeStyle = t.plateEdge;
    g.lineWidth = reach * 2 * s;
    g.stroke();
    g.fill();
    g.restore();
    g.save();
    g.lineJoin = 'round';
    path(g, poly);
    // Light from the upper left. The start circle must lie inside the end circle, or the
    // gradient becomes a cone and leaves part of the plate unpainted.
    const rg = g.createRadialGradient(ccx - s * n * 0.5, ccy - s * n * 0.75, s * 0.2, ccx, ccy, s * n * 2.4);
    rg.addColorStop(0, mix(t.plate, '#ffffff', 0.18));
    rg.addColorStop(1, mix(t.plate, '#000000', 0.08));
    g.fillStyle = rg;
    g.strokeStyle = rg;
    g.lineWidth = (reach - 0.12) * 2 * s;
    g.stroke();
    g.fill();
    g.restore();
  };
  /** @param {CanvasRenderingContext2D} g */
  const drawHoles = (g) => {
    // Lines between neighbouring holes.
    g.strokeStyle = t.line;
    g.lineWidth = Math.max(1, s * 0.05);
    g.lineCap = 'round';
    g.beginPath();
    for (const [a, c] of st.cfg.board.edges) {
      const [x1, y1] = cellCenter(st.layout, cells, a);
      const [x2, y2] = cellCenter(st.layout, cells, c);
      g.moveTo(x1, y1);
      g.lineTo(x2, y2);
    }
    g.stroke();

    // Holes.
    const hr = s * 0.2;
    for (const c of cells) {
      const [sx, sy] = toScreen(st.layout, c.x, c.y);
      g.beginPath();
      g.arc(sx, sy, hr, 0, Math.PI * 2);
      const hg = g.createRadialGradient(sx - hr * 0.3, sy - hr * 0.4, hr * 0.1, sx, sy, hr);
      hg.addColorStop(0, mix(t.hole, '#000000', 0.45));
      hg.addColorStop(0.8, t.hole);
      hg.addColorStop(1, mix(t.hole, '#ffffff', 0.1));
      g.fillStyle = hg;
      g.fill();
      // A lit lower rim, as on a drilled hole.
      g.beginPath();
      g.arc(sx, sy, hr, Math.PI * 0.15, Math.PI * 0.85);
      g.strokeStyle = t.holeLight;
      g.lineWidth = Math.max(0.75, s * 0.035);
      g.stroke();
    }
  };
  cachedLayer(st, g, 'plate', 60, drawPlate);

  // Coloured points.
  for (const camp of st.cfg.board.camps) {
    const seat = campSeat(camp);
    if (!seat) continue;
    const col = seatColor(seat, st.cfg.colors);
    // Triangle through the camp's three corner holes, grown by a rounded margin.
    const ids = camp.cells;
    const ccs = ids.map((id) => cells[id]);
    let cMx = 0;
    let cMy = 0;
    for (const c of ccs) {
      cMx += c.x;
      cMy += c.y;
    }
    cMx /= ccs.length;
    cMy /= ccs.length;
    // The three corners are the cells farthest from the camp's centroid.
    const sorted = [...ccs].sort((p, q) => (q.x - cMx) ** 2 + (q.y - cMy) ** 2 - ((p.x - cMx) ** 2 + (p.y - cMy) ** 2));
    const corners = sorted.slice(0, 3).map((c) => toScreen(st.layout, c.x, c.y));
    g.save();
    g.lineJoin = 'round';
    path(g, corners);
    const strength = camp.homeOf ? 0.85 : 0.45;
    g.fillStyle = alpha(col, strength * (st.cfg.theme === 'dark' ? 0.6 : 0.55));
    g.strokeStyle = g.fillStyle;
    g.lineWidth = 0.84 * s;
    g.stroke();
    g.fill();
    g.restore();
  }

  cachedLayer(st, g, 'holes', 60, drawHoles);

  if (st.cfg.coordinates) {
    // The row numbers at both ends of each row, on the plate, as a chess board has them on
    // its edges. A hole's letter (its place in the row from the left) is shown where it is
    // asked for: on the picked piece's destinations and over the hole under the mouse or
    // the cursor (overlays.js), not in all 121 holes.
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    /** @type {Map<string, {left: {x: number, y: number}, right: {x: number, y: number}}>} */
    const rows = new Map();
    for (const c of cells) {
      const num = splitName(c.name)[1];
      const r = rows.get(num);
      if (!r) rows.set(num, { left: c, right: c });
      else {
        if (c.x < r.left.x) r.left = c;
        if (c.x > r.right.x) r.right = c;
      }
    }
    g.font = `600 ${Math.max(8, Math.round(s * 0.3))}px system-ui, sans-serif`;
    g.fillStyle = t.plateText;
    for (const [num, r] of rows) {
      for (const [x, y] of [
        [r.left.x - 0.75, r.left.y],
        [r.right.x + 0.75, r.right.y],
      ]) {
        const [sx, sy] = toScreen(st.layout, x, y);
        g.fillText(num, sx, sy);
      }
    }
  }
}
