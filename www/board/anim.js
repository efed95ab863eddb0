// Move animation: the piece glides along the hop path it was given, one segment after the
// other, lifted over the pieces it jumps. A rotation asked for meanwhile waits until the
// move has been seen. `plan` and `sample` are pure (unit-tested); the rest works on the
// widget's state.

import { normDeg } from './geometry.js';
import { relayout } from './state.js';

/** @typedef {import('./state.js').BoardState} BoardState */
/** @typedef {import('./state.js').Anim} Anim */
/** @typedef {import('./geometry.js').CellDesc} CellDesc */

/** Duration of a step to a neighbour (ms). */
export const STEP_MS = 170;
/** Duration of one jump (ms). */
export const HOP_MS = 150;
/** The longest a whole move takes: long hop chains go faster (ms). */
export const MAX_ANIM_MS = 1100;

/**
 * The timing of a move along `path`: each segment's duration (a jump is a segment longer
 * than 1.5 units) and the total, scaled down to `MAX_ANIM_MS` if longer.
 * @param {readonly number[]} path
 * @param {readonly CellDesc[]} cells
 * @returns {{segMs: number[], duration: number}}
 */
export function plan(path, cells) {
  /** @type {number[]} */
  const segMs = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = cells[path[i]];
    const b = cells[path[i + 1]];
    segMs.push(Math.hypot(b.x - a.x, b.y - a.y) > 1.5 ? HOP_MS : STEP_MS);
  }
  let total = segMs.reduce((p, q) => p + q, 0);
  if (total > MAX_ANIM_MS) {
    const k = MAX_ANIM_MS / total;
    for (let i = 0; i < segMs.length; i++) segMs[i] *= k;
    total = MAX_ANIM_MS;
  }
  return { segMs, duration: total };
}

/**
 * Where the moving piece is `elapsed` ms into the animation (before its end): board units,
 * eased in and out along the segment, and its lift (0..1, up to 1 halfway through a jump).
 * @param {{path: readonly number[], segMs: readonly number[]}} a
 * @param {readonly CellDesc[]} cells
 * @param {number} elapsed
 * @returns {{x: number, y: number, lift: number}}
 */
export function sample(a, cells, elapsed) {
  // Segment timing: find the segment for this elapsed time.
  let acc = 0;
  let seg = 0;
  while (seg < a.segMs.length - 1 && acc + a.segMs[seg] <= elapsed) acc += a.segMs[seg++];
  const u = Math.min(1, (elapsed - acc) / a.segMs[seg]);
  const eased = u < 0.5 ? 2 * u * u : 1 - (-2 * u + 2) ** 2 / 2;
  const from = cells[a.path[seg]];
  const to = cells[a.path[seg + 1]];
  const dist = Math.hypot(to.x - from.x, to.y - from.y);
  const hop = dist > 1.5;
  const lift = hop ? Math.sin(Math.PI * u) : 0;
  return { x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased, lift };
}

/**
 * Starts animating the piece now on the last cell of `pathLike` along it, unless animation
 * is off (config or prefers-reduced-motion) or that cell is empty.
 * @param {BoardState} st
 * @param {ArrayLike<number>} pathLike
 */
export function startAnimation(st, pathLike) {
  const path = Array.from(pathLike);
  st.anim = null;
  const reduce = st.reducedMotion?.matches ?? false;
  if (!st.cfg.animation || reduce || path.length < 2) return;
  const seat = (st.cfg.pieces ?? [])[path[path.length - 1]];
  if (!seat) return;
  const { segMs, duration } = plan(path, st.cfg.board.cells);
  st.anim = { path, seat, start: st.win.performance.now(), duration, segMs };
  st.redraw();
}

/**
 * Jumps to the end of a running animation, and makes the rotation that waited for it.
 * @param {BoardState} st
 */
export function finishAnimation(st) {
  if (!st.anim) return;
  st.anim = null;
  if (st.pendingRotation !== null) {
    st.cfg.rotation = st.pendingRotation;
    st.pendingRotation = null;
    relayout(st);
  }
  st.redraw();
}

/**
 * Turns the board to `rotation` degrees: now, or once the running animation has ended.
 * @param {BoardState} st
 * @param {number} rotation
 * @returns {boolean} whether the board turned now (the layout must be redone)
 */
export function rotate(st, rotation) {
  if (normDeg(rotation) === normDeg(st.pendingRotation ?? st.cfg.rotation ?? 0)) return false;
  if (st.anim) {
    // Turn the board once the move has been seen.
    st.pendingRotation = rotation;
    return false;
  }
  st.cfg.rotation = rotation;
  st.pendingRotation = null;
  return true;
}
