// Piece drawing: each seat's piece (a glass marble on the star, a turned wooden draughtsman
// on square boards, with the seat's symbol) is drawn once per size and look into a sprite,
// then stamped on its cells, moving along an animation, or under the dragging pointer.

import { cellCenter, toScreen } from './geometry.js';
import { SEAT_SYMBOLS, mix, contrastInk, seatColor } from '../colors.js';
import { themeOf } from './theme.js';
import { endAnimation, sample } from './anim.js';
import { dragPoint } from './selection.js';

/** @typedef {import('./state.js').BoardState} BoardState */
/** @typedef {import('../colors.js').SymbolName} SymbolName */

/**
 * A piece image for a seat at the current size, cached.
 * @param {BoardState} st
 * @param {number} seat
 * @param {number} radius CSS px
 */
function sprite(st, seat, radius) {
  const { cfg, dpr } = st;
  const key = `${seat}:${radius.toFixed(2)}:${dpr}:${cfg.theme}:${cfg.symbols}:${cfg.board.shape}:${seatColor(seat, cfg.colors)}`;
  let sp = st.sprites.get(key);
  if (sp) return sp;
  sp = st.doc.createElement('canvas');
  const pad = Math.ceil(radius * 0.35);
  const size = Math.ceil((radius * 2 + pad * 2) * dpr);
  sp.width = size;
  sp.height = size;
  const g = /** @type {CanvasRenderingContext2D} */ (sp.getContext('2d'));
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  const c = radius + pad;
  const col = seatColor(seat, cfg.colors);
  const star = cfg.board.shape === 'star';
  // Shadow.
  g.save();
  g.shadowColor = 'rgba(0,0,0,0.45)';
  g.shadowBlur = radius * 0.3;
  g.shadowOffsetX = radius * 0.06;
  g.shadowOffsetY = radius * 0.14;
  g.beginPath();
  g.arc(c, c, radius, 0, Math.PI * 2);
  g.fillStyle = col;
  g.fill();
  g.restore();
  if (star) {
    // A glass marble: bright highlight up-left, darker rim.
    const mg = g.createRadialGradient(c - radius * 0.35, c - radius * 0.4, radius * 0.05, c, c, radius);
    mg.addColorStop(0, mix(col, '#ffffff', 0.7));
    mg.addColorStop(0.35, mix(col, '#ffffff', 0.15));
    mg.addColorStop(0.85, col);
    mg.addColorStop(1, mix(col, '#000000', 0.35));
    g.beginPath();
    g.arc(c, c, radius, 0, Math.PI * 2);
    g.fillStyle = mg;
    g.fill();
  } else {
    // A turned wooden draughtsman: rim, inner ring, soft top light.
    const dg = g.createLinearGradient(c - radius, c - radius, c + radius, c + radius);
    dg.addColorStop(0, mix(col, '#ffffff', 0.25));
    dg.addColorStop(1, mix(col, '#000000', 0.25));
    g.beginPath();
    g.arc(c, c, radius, 0, Math.PI * 2);
    g.fillStyle = dg;
    g.fill();
    g.beginPath();
    g.arc(c, c, radius * 0.78, 0, Math.PI * 2);
    g.fillStyle = col;
    g.fill();
    g.lineWidth = Math.max(0.75, radius * 0.06);
    g.strokeStyle = mix(col, '#000000', 0.3);
    g.stroke();
    const hg = g.createRadialGradient(c - radius * 0.3, c - radius * 0.35, 0, c, c, radius * 0.8);
    hg.addColorStop(0, 'rgba(255,255,255,0.35)');
    hg.addColorStop(1, 'rgba(255,255,255,0)');
    g.fillStyle = hg;
    g.fill();
  }
  g.beginPath();
  g.arc(c, c, radius - 0.4, 0, Math.PI * 2);
  g.lineWidth = 0.8;
  g.strokeStyle = cfg.theme === 'dark' ? 'rgba(255,255,255,0.55)' : 'rgba(0,0,0,0.45)';
  g.stroke();
  if (cfg.symbols) drawSymbol(g, SEAT_SYMBOLS[(seat - 1) % SEAT_SYMBOLS.length], c, c, radius * 0.4, contrastInk(col));
  st.sprites.set(key, sp);
  return sp;
}

/**
 * A seat's symbol, centred on (x, y), `r` its size.
 * @param {CanvasRenderingContext2D} g
 * @param {SymbolName} sym
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} ink
 */
function drawSymbol(g, sym, x, y, r, ink) {
  g.save();
  g.fillStyle = ink;
  g.globalAlpha = 0.85;
  g.beginPath();
  switch (sym) {
    case 'dot':
      g.arc(x, y, r * 0.62, 0, Math.PI * 2);
      break;
    case 'triangle':
      g.moveTo(x, y - r);
      g.lineTo(x + r * 0.95, y + r * 0.7);
      g.lineTo(x - r * 0.95, y + r * 0.7);
      break;
    case 'square':
      g.rect(x - r * 0.72, y - r * 0.72, r * 1.44, r * 1.44);
      break;
    case 'diamond':
      g.moveTo(x, y - r);
      g.lineTo(x + r * 0.8, y);
      g.lineTo(x, y + r);
      g.lineTo(x - r * 0.8, y);
      break;
    case 'cross': {
      const w = r * 0.34;
      g.rect(x - w, y - r, 2 * w, 2 * r);
      g.rect(x - r, y - w, 2 * r, 2 * w);
      break;
    }
    case 'star':
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? r * 0.45 : r * 1.05;
        const px = x + rr * Math.cos(a);
        const py = y + rr * Math.sin(a);
        if (i) g.lineTo(px, py);
        else g.moveTo(px, py);
      }
      break;
  }
  g.closePath();
  g.fill('nonzero');
  g.restore();
}

/** @param {BoardState} st */
function pieceRadius(st) {
  return st.layout.scale * (st.cfg.board.shape === 'star' ? 0.4 : 0.4);
}

/**
 * The pieces: at rest (a faint copy of one being dragged), the one moving (lifted over jumps), and on the star the ring round a picked marble
 * (the marble covers its hole). Ends an animation whose time is up.
 * @param {BoardState} st
 * @param {number} now page time (ms)
 */
export function drawPieces(st, now) {
  const ctx = st.ctx;
  const pieces = st.cfg.pieces ?? [];
  const cells = st.cfg.board.cells;
  const r = pieceRadius(st);
  const hidden = st.anim ? st.anim.path[st.anim.path.length - 1] : -1;
  const dragging = st.drag && st.drag.started ? st.drag.from : -1;
  for (let id = 0; id < cells.length; id++) {
    const seat = pieces[id];
    if (!seat || id === hidden) continue;
    const sp = sprite(st, seat, r);
    const [x, y] = cellCenter(st.layout, cells, id);
    const w = sp.width / st.dpr;
    if (id === dragging) ctx.globalAlpha = 0.3;
    ctx.drawImage(sp, x - w / 2, y - w / 2, w, w);
    ctx.globalAlpha = 1;
  }
  if (st.anim) {
    const a = st.anim;
    const elapsed = now - a.start;
    if (elapsed >= a.duration) {
      // Ends the animation and asks for one more frame: the overlays (last-move trail,
      // hint) were left out while moving.
      endAnimation(st);
      // Draw the piece at rest this frame.
      const end = a.path[a.path.length - 1];
      const [x, y] = cellCenter(st.layout, cells, end);
      const sp = sprite(st, a.seat, r);
      const w = sp.width / st.dpr;
      ctx.drawImage(sp, x - w / 2, y - w / 2, w, w);
    } else {
      const at = sample(a, cells, elapsed);
      const lift = at.lift;
      const [x, y] = toScreen(st.layout, at.x, at.y);
      const sp = sprite(st, a.seat, r);
      const w = (sp.width / st.dpr) * (1 + 0.18 * lift);
      ctx.drawImage(sp, x - w / 2, y - w / 2 - lift * st.layout.scale * 0.15, w, w);
    }
  }
  if (st.selected >= 0 && st.cfg.board.shape === 'star' && !(st.drag && st.drag.started)) {
    // On the star the marble covers its hole: ring it instead.
    const t = themeOf(st.cfg);
    const [x, y] = cellCenter(st.layout, cells, st.selected);
    ctx.save();
    ctx.beginPath();
    ctx.arc(x, y, st.layout.scale * 0.47, 0, Math.PI * 2);
    ctx.lineWidth = Math.max(3, st.layout.scale * 0.08);
    ctx.strokeStyle = t.selectRing;
    ctx.stroke();
    ctx.restore();
  }
}

/**
 * The piece being dragged, over everything else on the board: under a mouse pointer; above
 * a finger, a little larger (`drag.lift`, input.js).
 * @param {BoardState} st
 */
export function drawDragged(st) {
  const at = dragPoint(st.drag);
  const seat = at && st.drag ? (st.cfg.pieces ?? [])[st.drag.from] : 0;
  if (!at || !seat || !st.drag) return;
  const sp = sprite(st, seat, pieceRadius(st));
  const w = (sp.width / st.dpr) * (st.drag.lift > 0 ? 1.25 : 1.12);
  st.ctx.drawImage(sp, at[0] - w / 2, at[1] - w / 2, w, w);
}
