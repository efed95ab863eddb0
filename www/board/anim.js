// Move animation: the piece glides along the hop path it was given, one segment after the
// other, lifted over the pieces it jumps. A rotation asked for meanwhile waits until the
// move has been seen; the board then turns smoothly (a CSS transform on the canvas, drawn at
// the new rotation already), never while a piece is picked up or a press is held. `plan`,
// `sample` and `turnFrames` are pure (unit-tested); the rest works on the widget's state.

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

/** Duration of the board's turn toward another player (ms). */
export const TURN_MS = 600;

/**
 * The keyframes of a turn by `delta` degrees: the canvas, already drawn at the new
 * rotation, starts turned back by `delta` and eases to rest; a square board shrinks as it
 * turns so that its corners stay inside its box (the star nearly fills a circle).
 * @param {number} delta degrees, clockwise
 * @param {'square' | 'star'} shape
 * @returns {Keyframe[]}
 */
export function turnFrames(delta, shape) {
  /** @type {Keyframe[]} */
  const frames = [];
  const n = 12;
  for (let i = 0; i <= n; i++) {
    const u = i / n;
    const eased = u < 0.5 ? 2 * u * u : 1 - (-2 * u + 2) ** 2 / 2;
    const angle = -delta * (1 - eased);
    const rad = (angle * Math.PI) / 180;
    const fit = shape === 'square' ? 1 / (Math.abs(Math.cos(rad)) + Math.abs(Math.sin(rad))) : 1 - 0.08 * Math.sin(Math.PI * eased);
    frames.push({ transform: `rotate(${angle.toFixed(2)}deg) scale(${fit.toFixed(4)})`, offset: u });
  }
  return frames;
}

/**
 * Whether the board may turn now: not while a move animates, a piece is picked up or a
 * press is held (the cell under the finger must stay the one it pressed).
 * @param {BoardState} st
 */
function mayTurn(st) {
  return !st.anim && st.selected < 0 && !st.drag;
}

/**
 * Sets the rotation and relays the board out; turns it smoothly when `smooth` and motion
 * is allowed.
 * @param {BoardState} st
 * @param {number} rotation
 * @param {boolean} smooth
 */
function applyRotation(st, rotation, smooth) {
  const before = st.cfg.rotation ?? 0;
  st.cfg.rotation = rotation;
  st.pendingRotation = null;
  relayout(st);
  let delta = normDeg(rotation - before);
  if (delta > 180) delta -= 360;
  const reduce = st.reducedMotion?.matches ?? false;
  if (smooth && delta !== 0 && st.cfg.animation && !reduce && typeof st.canvas.animate === 'function' && st.cssW > 0) {
    st.turn?.cancel();
    const turn = st.canvas.animate(turnFrames(delta, st.cfg.board.shape), { duration: TURN_MS, easing: 'linear' });
    st.turn = turn;
    const done = () => {
      if (st.turn === turn) st.turn = null;
      st.redraw();
    };
    turn.onfinish = done;
    turn.oncancel = done;
  }
  st.redraw();
}

/**
 * Makes a rotation that waited (for a move's animation, a selection or a press), turning
 * the board smoothly.
 * @param {BoardState} st
 */
export function applyPendingRotation(st) {
  if (st.pendingRotation !== null && mayTurn(st)) applyRotation(st, st.pendingRotation, true);
}

/**
 * The end of a move's animation in its own time: a rotation that waited for it turns the
 * board now, smoothly.
 * @param {BoardState} st
 */
export function endAnimation(st) {
  if (!st.anim) return;
  st.anim = null;
  applyPendingRotation(st);
  st.redraw();
}

/**
 * Jumps to the end of a running animation (a move's and the board's turn), and makes the
 * rotation that waited for it at once.
 * @param {BoardState} st
 */
export function finishAnimation(st) {
  if (st.turn) st.turn.finish();
  st.turn = null;
  if (!st.anim) return;
  st.anim = null;
  if (st.pendingRotation !== null) applyRotation(st, st.pendingRotation, false);
  st.redraw();
}

/**
 * Turns the board to `rotation` degrees: now (smoothly), or once the running animation,
 * the selection or the press has ended.
 * @param {BoardState} st
 * @param {number} rotation
 * @returns {boolean} whether the board turned now (the layout was redone)
 */
export function rotate(st, rotation) {
  if (normDeg(rotation) === normDeg(st.pendingRotation ?? st.cfg.rotation ?? 0)) return false;
  if (normDeg(rotation) === normDeg(st.cfg.rotation ?? 0)) {
    // Back to where it stands: nothing waits any more.
    st.pendingRotation = null;
    return false;
  }
  if (!mayTurn(st)) {
    st.pendingRotation = rotation;
    return false;
  }
  applyRotation(st, rotation, true);
  return true;
}
