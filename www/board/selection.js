// Picking up and putting down: the selected piece, the destinations the app gives for it
// (`cfg.destinations`), and what a click, tap or Enter on a cell means. The widget checks
// no rules: a move is any destination the app offered.

import { emit } from './events.js';
import { applyPendingRotation } from './anim.js';
import { hitTest } from './geometry.js';

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

/**
 * The cell a press at (x, y) (CSS px, canvas) means: on the star the nearest hole, a piece
 * that may move or a destination winning a near tie with a plain hole (geometry.js).
 * @param {BoardState} st
 * @param {number} x
 * @param {number} y
 */
export function cellAtPoint(st, x, y) {
  return hitTest(st.layout, st.cfg.board.cells, x, y, (id) => st.dests.has(id) || st.movable.has(id));
}

/**
 * Where a dragged piece is drawn (CSS px): under a mouse pointer, above a finger.
 * @param {import('./state.js').Drag | null} d
 * @returns {[number, number] | null} null when no drag is under way
 */
export function dragPoint(d) {
  return d && d.started ? [d.x, d.y - d.lift] : null;
}

/**
 * The cell a dragged piece is over (where a drop puts it), or -1.
 * @param {BoardState} st
 * @param {import('./state.js').Drag | null} [d] the drag, by default the one under way
 */
export function dropCell(st, d = st.drag) {
  const p = dragPoint(d);
  return p ? cellAtPoint(st, p[0], p[1]) : -1;
}

/**
 * The destination whose way there is shown: the one the dragged piece is over, else the one
 * under a hovering mouse, else the keyboard cursor's while it is shown; -1 for none.
 * @param {BoardState} st
 */
export function pointedDest(st) {
  if (st.selected < 0) return -1;
  if (st.drag && st.drag.started) {
    const d = dropCell(st);
    return st.dests.has(d) ? d : -1;
  }
  if (st.hover >= 0 && st.dests.has(st.hover)) return st.hover;
  if (st.showCursor && st.cursor >= 0 && st.dests.has(st.cursor) && st.doc.activeElement === st.canvas) return st.cursor;
  return -1;
}
