// Marks on the board, drawn each frame: earlier moves and the last one, the selection and its
// destinations, the keyboard cursor, a solitaire's axis (under the pieces); the marked cells
// and the hint (over them).

import { cellCenter, splitName } from './geometry.js';
import { themeOf } from './theme.js';
import { pointedDest, dropCell } from './selection.js';

/** @typedef {import('./state.js').BoardState} BoardState */

/**
 * Highlight of a cell: a filled square on square boards, a disc on the star.
 * @param {BoardState} st
 * @param {number} cell
 * @param {string} fill
 */
function fillCell(st, cell, fill) {
  const ctx = st.ctx;
  const [x, y] = cellCenter(st.layout, st.cfg.board.cells, cell);
  const s = st.layout.scale;
  ctx.fillStyle = fill;
  if (st.cfg.board.shape === 'square') {
    ctx.fillRect(x - s / 2, y - s / 2, s, s);
  } else {
    ctx.beginPath();
    ctx.arc(x, y, s * 0.47, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * The guide line of `cfg.axis`: thin and dashed, under everything else on the board.
 * @param {BoardState} st
 */
function drawAxis(st) {
  const ctx = st.ctx;
  const a = st.cfg.axis;
  const cells = st.cfg.board.cells;
  if (!a || a.length !== 2 || !cells[a[0]] || !cells[a[1]] || a[0] === a[1]) return;
  const s = st.layout.scale;
  const t = themeOf(st.cfg);
  const [x0, y0] = cellCenter(st.layout, cells, a[0]);
  const [x1, y1] = cellCenter(st.layout, cells, a[1]);
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  // Half a cell past each centre, so the line reaches the end cells' far edges.
  const ex = ((x1 - x0) / len) * s * 0.5;
  const ey = ((y1 - y0) / len) * s * 0.5;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.setLineDash([s * 0.3, s * 0.2]);
  for (const [style, width] of /** @type {[string, number][]} */ ([
    [t.hintEdge, Math.max(3, s * 0.08)],
    [t.hint, Math.max(1.5, s * 0.04)],
  ])) {
    ctx.strokeStyle = style;
    ctx.lineWidth = width;
    ctx.globalAlpha = 0.7;
    ctx.beginPath();
    ctx.moveTo(x0 - ex, y0 - ey);
    ctx.lineTo(x1 + ex, y1 + ey);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The marks under the pieces: the axis, the last move's trail (left out while a move is
 * animated), the picked square, the destinations (the one under a dragged piece lit), the
 * keyboard cursor while the canvas has focus.
 * @param {BoardState} st
 */
export function drawOverlays(st) {
  const ctx = st.ctx;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const cells = st.cfg.board.cells;
  const lm = st.cfg.lastMove;
  drawAxis(st);
  const animating = st.anim !== null;
  if (!animating) drawRecent(st);
  if (lm && lm.path && lm.path.length >= 2 && !animating) {
    const p = Array.from(lm.path);
    const star = st.cfg.board.shape === 'star';
    if (!star) {
      fillCell(st, p[0], `${t.last}0.3)`);
      fillCell(st, p[p.length - 1], `${t.last}0.45)`);
    }
    /** @type {[number, number][]} */
    const pts = p.map((id) => cellCenter(st.layout, cells, id));
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    const w = Math.max(2, s * 0.09);
    // A dark edge under the trail, so it reads on any camp colour.
    for (const [style, width] of /** @type {[string, number][]} */ ([
      [t.lastEdge, w + Math.max(2, s * 0.05)],
      [`${t.last}0.95)`, w],
    ])) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.beginPath();
      pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.stroke();
      if (star) {
        for (const i of [0, pts.length - 1]) {
          ctx.beginPath();
          ctx.arc(pts[i][0], pts[i][1], s * 0.44, 0, Math.PI * 2);
          ctx.stroke();
        }
      }
    }
    for (let i = 1; i < pts.length - 1; i++) {
      ctx.beginPath();
      ctx.arc(pts[i][0], pts[i][1], Math.max(3, s * 0.13), 0, Math.PI * 2);
      ctx.fillStyle = `${t.last}1)`;
      ctx.fill();
      ctx.lineWidth = Math.max(1, s * 0.03);
      ctx.strokeStyle = t.lastEdge;
      ctx.stroke();
    }
    ctx.restore();
  }
  if (st.selected >= 0 && st.cfg.board.shape === 'square') fillCell(st, st.selected, `${t.select}0.45)`);
  const pointed = pointedDest(st);
  for (const d of st.dests) drawDest(st, d, d === pointed);
  if (st.showCursor && st.cursor >= 0 && st.doc.activeElement === st.canvas) {
    const [x, y] = cellCenter(st.layout, cells, st.cursor);
    ctx.save();
    ctx.lineWidth = Math.max(2.5, s * 0.09);
    ctx.strokeStyle = t.cursor;
    ctx.beginPath();
    if (st.cfg.board.shape === 'square') {
      const h = s / 2 - ctx.lineWidth / 2;
      ctx.rect(x - h, y - h, 2 * h, 2 * h);
    } else {
      ctx.arc(x, y, s * 0.5, 0, Math.PI * 2);
    }
    ctx.stroke();
    // A thin contrasting edge so the ring shows on any colour.
    ctx.lineWidth = 1;
    ctx.strokeStyle = st.cfg.theme === 'dark' ? '#000' : '#fff';
    ctx.stroke();
    ctx.restore();
  }
}

/**
 * A destination of the picked piece, clear at a glance on any board and theme: the hole lit
 * as a large white disc on a dark edge in a green halo (a white ring round a piece standing
 * there), with a green centre, or on the star with coordinates shown, the hole's letter. The destination
 * pointed at (by the mouse, a drag or the cursor) is drawn larger still.
 * @param {BoardState} st
 * @param {number} d
 * @param {boolean} pointed
 */
function drawDest(st, d, pointed) {
  const ctx = st.ctx;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const cells = st.cfg.board.cells;
  const star = st.cfg.board.shape === 'star';
  const [x, y] = cellCenter(st.layout, cells, d);
  const edge = Math.max(1.5, s * 0.06);
  ctx.save();
  if ((st.cfg.pieces ?? [])[d]) {
    ctx.beginPath();
    ctx.arc(x, y, s * 0.47, 0, Math.PI * 2);
    ctx.lineWidth = Math.max(3, s * 0.09) + 2 * edge;
    ctx.strokeStyle = t.destEdge;
    ctx.stroke();
    ctx.lineWidth = Math.max(3, s * 0.09);
    ctx.strokeStyle = t.destFill;
    ctx.stroke();
    ctx.restore();
    return;
  }
  // Never smaller than a 6 px radius, so a 16×16 board on a phone shows its marks too.
  const r = Math.max(6, s * (star ? 0.34 : 0.3)) * (pointed ? 1.22 : 1);
  // A halo in the picked piece's ring colour ties the marks to the piece.
  ctx.beginPath();
  ctx.arc(x, y, r + edge + Math.max(2, s * 0.08), 0, Math.PI * 2);
  ctx.fillStyle = t.destHalo;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r + edge, 0, Math.PI * 2);
  ctx.fillStyle = t.destEdge;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = t.destFill;
  ctx.fill();
  const name = star && st.cfg.coordinates ? splitName(cells[d].name)[0] : '';
  if (name) {
    ctx.fillStyle = t.destInk;
    ctx.font = `700 ${Math.max(8, Math.round(r * 1.15))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(name, x, y + 0.5);
  } else {
    ctx.beginPath();
    ctx.arc(x, y, r * 0.42, 0, Math.PI * 2);
    ctx.fillStyle = t.destDot;
    ctx.fill();
  }
  ctx.restore();
}

/**
 * Over the pieces, the way from the picked piece to the destination pointed at (by the
 * mouse, a drag or the cursor): its hops as the app gives them (`cfg.path`), a white line on
 * a dark edge over the pieces it jumps, with a dot on each hole it lands in on the way.
 * Nothing when the app gives no path.
 * @param {BoardState} st
 */
export function drawWay(st) {
  const dest = pointedDest(st);
  if (dest < 0) return;
  const path = st.cfg.path ? st.cfg.path(st.selected, dest) : null;
  const cells = st.cfg.board.cells;
  if (!path || path.length < 2 || Array.from(path).some((id) => !cells[id])) return;
  const ctx = st.ctx;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const pts = Array.from(path, (id) => cellCenter(st.layout, cells, id));
  const w = Math.max(2.5, s * 0.1);
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [style, width] of /** @type {[string, number][]} */ ([
    [t.destEdge, w + Math.max(2, s * 0.06)],
    [t.destFill, w],
  ])) {
    ctx.strokeStyle = style;
    ctx.lineWidth = width;
    ctx.beginPath();
    pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.stroke();
  }
  for (let i = 1; i < pts.length - 1; i++) {
    ctx.beginPath();
    ctx.arc(pts[i][0], pts[i][1], Math.max(3.5, s * 0.15), 0, Math.PI * 2);
    ctx.fillStyle = t.destFill;
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, s * 0.05);
    ctx.strokeStyle = t.destEdge;
    ctx.stroke();
  }
  ctx.restore();
  // The destination's mark over the line's end, whole.
  drawDest(st, dest, true);
}

/**
 * Over the pieces while a piece is dragged: a bold ring round the destination it would land
 * in, wider than the piece riding over it, so the hole shows round it.
 * @param {BoardState} st
 */
export function drawDrop(st) {
  const d = dropCell(st);
  if (d < 0 || !st.dests.has(d)) return;
  const ctx = st.ctx;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const [x, y] = cellCenter(st.layout, st.cfg.board.cells, d);
  const w = Math.max(3, s * 0.1);
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, Math.max(s * 0.62, 14), 0, Math.PI * 2);
  ctx.lineWidth = w + Math.max(3, s * 0.08);
  ctx.strokeStyle = t.destEdge;
  ctx.stroke();
  ctx.lineWidth = w;
  ctx.strokeStyle = t.destFill;
  ctx.stroke();
  ctx.restore();
}

/**
 * On the star with coordinates shown, the name of the hole under a hovering mouse, or of the
 * keyboard cursor's, in a small label above it: the letters are not written in every hole.
 * @param {BoardState} st
 */
export function drawName(st) {
  if (!st.cfg.coordinates || st.cfg.board.shape !== 'star' || st.drag || st.anim) return;
  const cursor = st.showCursor && st.doc.activeElement === st.canvas ? st.cursor : -1;
  const cell = st.hover >= 0 ? st.hover : cursor;
  const c = st.cfg.board.cells[cell];
  if (!c) return;
  const ctx = st.ctx;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const [x, y] = cellCenter(st.layout, st.cfg.board.cells, cell);
  const size = Math.max(11, Math.round(s * 0.36));
  ctx.save();
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  const w = ctx.measureText(c.name).width + size * 0.7;
  const h = size * 1.35;
  // Above the hole, clear of the piece on it; below it near the top of the canvas.
  let cy = y - s * 0.55 - h / 2;
  if (cy - h / 2 < 0) cy = y + s * 0.55 + h / 2;
  const cx = Math.min(Math.max(x, w / 2 + 1), st.cssW - w / 2 - 1);
  ctx.beginPath();
  ctx.roundRect(cx - w / 2, cy - h / 2, w, h, h / 2);
  ctx.fillStyle = t.nameBg;
  ctx.fill();
  ctx.fillStyle = t.nameInk;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(c.name, cx, cy + 0.5);
  ctx.restore();
}

/**
 * Earlier moves (`cfg.recent`): a thin trail in the mover's colour on a dark edge, with a
 * ring on the cell it went to, fainter the older it is. Under the last move's trail.
 * @param {BoardState} st
 */
function drawRecent(st) {
  const list = st.cfg.recent;
  if (!list || list.length === 0) return;
  const ctx = st.ctx;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const cells = st.cfg.board.cells;
  const colors = st.cfg.colors ?? [];
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // Oldest first, so newer trails lie on top.
  for (const r of [...list].sort((a, b) => b.age - a.age)) {
    const p = Array.from(r.path).filter((id) => cells[id]);
    if (p.length < 2) continue;
    const pts = p.map((id) => cellCenter(st.layout, cells, id));
    ctx.globalAlpha = Math.max(0.25, 0.85 - 0.15 * (r.age - 1));
    const w = Math.max(1.5, s * 0.06);
    for (const [style, width] of /** @type {[string, number][]} */ ([
      [t.lastEdge, w + Math.max(2, s * 0.05)],
      [colors[(r.seat - 1) % colors.length] ?? '#888', w],
    ])) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.beginPath();
      pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.stroke();
      const [ex, ey] = pts[pts.length - 1];
      ctx.beginPath();
      ctx.arc(ex, ey, s * 0.46, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/**
 * The cells of `cfg.marks`, over the pieces: a dashed ring and a dot in the mark colour.
 * @param {BoardState} st
 */
export function drawMarks(st) {
  const marks = st.cfg.marks;
  if (!marks || marks.length === 0 || st.anim) return;
  const ctx = st.ctx;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const cells = st.cfg.board.cells;
  ctx.save();
  for (const id of Array.from(marks)) {
    if (!cells[id]) continue;
    const [x, y] = cellCenter(st.layout, cells, id);
    for (const [style, width] of /** @type {[string, number][]} */ ([
      [t.markEdge, Math.max(3.5, s * 0.11)],
      [t.mark, Math.max(2, s * 0.06)],
    ])) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.setLineDash([s * 0.18, s * 0.1]);
      ctx.beginPath();
      ctx.arc(x, y, s * 0.44, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(x, y, Math.max(2, s * 0.09), 0, Math.PI * 2);
    ctx.fillStyle = t.mark;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = t.markEdge;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The suggested move, over the pieces: a dashed trail with rings on its ends and an arrow
 * head at the destination. Left out while a move is animated.
 * @param {BoardState} st
 */
export function drawHint(st) {
  const ctx = st.ctx;
  const h = st.cfg.hint;
  if (!h || !h.path || h.path.length < 2 || st.anim) return;
  const t = themeOf(st.cfg);
  const s = st.layout.scale;
  const cells = st.cfg.board.cells;
  /** @type {[number, number][]} */
  const pts = Array.from(h.path, (id) => cellCenter(st.layout, cells, id));
  const w = Math.max(2, s * 0.07);
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [style, width] of /** @type {[string, number][]} */ ([
    [t.hintEdge, w + Math.max(2, s * 0.05)],
    [t.hint, w],
  ])) {
    ctx.strokeStyle = style;
    ctx.lineWidth = width;
    ctx.setLineDash([s * 0.22, s * 0.16]);
    ctx.beginPath();
    pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.stroke();
    ctx.setLineDash([]);
    for (const i of [0, pts.length - 1]) {
      ctx.beginPath();
      ctx.arc(pts[i][0], pts[i][1], s * 0.47, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  // An arrow head at the destination's ring, pointing along the last segment.
  const [ax, ay] = pts[pts.length - 2];
  const [bx, by] = pts[pts.length - 1];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const ux = (bx - ax) / len;
  const uy = (by - ay) / len;
  const tipX = bx - ux * s * 0.47;
  const tipY = by - uy * s * 0.47;
  const a = s * 0.2;
  ctx.beginPath();
  ctx.moveTo(tipX, tipY);
  ctx.lineTo(tipX - ux * a - uy * a * 0.7, tipY - uy * a + ux * a * 0.7);
  ctx.lineTo(tipX - ux * a + uy * a * 0.7, tipY - uy * a - ux * a * 0.7);
  ctx.closePath();
  ctx.fillStyle = t.hint;
  ctx.fill();
  ctx.lineWidth = Math.max(1, s * 0.025);
  ctx.strokeStyle = t.hintEdge;
  ctx.stroke();
  ctx.restore();
}
