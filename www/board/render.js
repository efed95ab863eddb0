// Frames: at most one per animation frame, asked for by `redraw`. Each composes the cached
// background (the board itself, redrawn only when the layout or look changed) with the
// marks and pieces of the moment, and asks for the next frame while something moves.

import { drawSquareBoard } from './draw-square.js';
import { drawStarBoard } from './draw-star.js';
import { drawOverlays, drawHint, drawMarks, drawWay, drawDrop, drawName } from './overlays.js';
import { drawPieces, drawDragged } from './pieces.js';
import { endAnimation } from './anim.js';

/** @typedef {import('./state.js').BoardState} BoardState */

/**
 * Asks for a frame (once, however often called before it comes).
 * @param {BoardState} st
 */
export function redraw(st) {
  if (st.raf || st.destroyed) return;
  st.raf = st.win.requestAnimationFrame((now) => frame(st, now));
}

/**
 * @param {BoardState} st
 * @param {number} now
 */
function frame(st, now) {
  const { ctx, canvas } = st;
  st.raf = 0;
  if (st.destroyed || st.cssW === 0 || st.cssH === 0) return;
  // A move whose time is up ends before anything is drawn, so that a rotation waiting for
  // it relays the whole frame out (and the board's turn starts from this frame).
  if (st.anim && now - st.anim.start >= st.anim.duration) endAnimation(st);
  if (st.bgDirty || !st.bg) renderBackground(st);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (st.bg) ctx.drawImage(st.bg, 0, 0);
  ctx.setTransform(st.dpr, 0, 0, st.dpr, 0, 0);
  drawOverlays(st);
  drawPieces(st, now);
  drawMarks(st);
  drawHint(st);
  drawWay(st);
  drawDrop(st);
  drawName(st);
  drawDragged(st);
  if (st.anim || (st.drag && st.drag.started)) redraw(st);
}

/**
 * Draws the board without pieces or marks into the background canvas.
 * @param {BoardState} st
 */
function renderBackground(st) {
  st.bgDirty = false;
  if (!st.bg) st.bg = st.doc.createElement('canvas');
  const bg = st.bg;
  bg.width = st.canvas.width;
  bg.height = st.canvas.height;
  const g = /** @type {CanvasRenderingContext2D} */ (bg.getContext('2d'));
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, bg.width, bg.height);
  g.setTransform(st.dpr, 0, 0, st.dpr, 0, 0);
  if (st.cfg.board.shape === 'square') drawSquareBoard(st, g);
  else drawStarBoard(st, g);
}
