// Picking up and putting down: the selected piece, the destinations the app gives for it
// (`cfg.destinations`), and what a click, tap or Enter on a cell means. The widget checks
// no rules: a move is any destination the app offered.

import { emit } from './events.js';
import { applyPendingRotation } from './anim.js';

/** @typedef {import('./state.js').BoardState} BoardState */
/** @typedef {import('./config.js').MoveInfo} MoveInfo */

/**
 * Drops the selection (and tells `deselect` if there was one).
 * @param {BoardState} st
 */
export function clearSelection(st) {
  if (st.selected < 0 && st.dests.size === 0) return;
  st.selected = -1;
  st.dests = new Set();
  emit(st, 'deselect');
  // A turn of the board that waited for the piece to be put down.
  applyPendingRotation(st);
  st.redraw();
}

/**
 * Picks up the piece on `cell` and asks the app where it may go.
 * @param {BoardState} st
 * @param {number} cell
 */
export function select(st, cell) {
  st.selected = cell;
  st.dests = new Set(Array.from(st.cfg.destinations ? st.cfg.destinations(cell) : []));
  emit(st, 'pick', cell);
  st.redraw();
}

/**
 * Reports a move, the selection dropped first.
 * @param {BoardState} st
 * @param {number} from
 * @param {number} to
 * @param {MoveInfo} info
 */
export function emitMove(st, from, to, info) {
  st.selected = -1;
  st.dests = new Set();
  st.redraw();
  emit(st, 'move', from, to, info);
}

/**
 * Click, tap or Enter on a cell (-1: off the board): moves there if it is a destination,
 * else puts the piece down or picks up another.
 * @param {BoardState} st
 * @param {number} cell
 * @param {'pointer' | 'keyboard'} via
 */
export function activate(st, cell, via) {
  if (!st.cfg.interactive || cell < 0) {
    if (cell < 0) clearSelection(st);
    return;
  }
  if (st.selected >= 0 && st.dests.has(cell)) {
    emitMove(st, st.selected, cell, { dragged: false, via });
    return;
  }
  if (cell === st.selected) {
    clearSelection(st);
    return;
  }
  if (st.movable.has(cell)) {
    select(st, cell);
    return;
  }
  clearSelection(st);
}
