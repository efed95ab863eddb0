// Keyboard play and accessibility: arrow keys move a cursor over the cells as seen on screen
// (it keeps its column like a text cursor), Enter or Space picks up and puts down, Escape
// drops the selection. The cursor is drawn only while the canvas has focus and the last
// input was a key; each move of it is reported (`cursor`) for the app to announce. The
// canvas's accessible name and role description come from the config.

import { cellCenter, step, centralCell } from './geometry.js';
import { endAnimation } from './anim.js';
import { activate, clearSelection } from './selection.js';
import { emit } from './events.js';

/** @typedef {import('./state.js').BoardState} BoardState */
/** @typedef {import('./geometry.js').Dir} Dir */
/** @typedef {import('./input.js').Listen} Listen */

/**
 * Where the cursor starts: on the picked piece, else the movable piece nearest the
 * bottom-left of the screen (where the mover sits), else the board's central cell.
 * @param {BoardState} st
 */
function initialCursor(st) {
  if (st.selected >= 0) return st.selected;
  if (st.movable.size) {
    let best = -1;
    let bestScore = Infinity;
    for (const id of st.movable) {
      const [x, y] = cellCenter(st.layout, st.cfg.board.cells, id);
      const score = -y * 1000 + x;
      if (score < bestScore) {
        bestScore = score;
        best = id;
      }
    }
    return best;
  }
  return centralCell(st.cfg.board.cells);
}

/**
 * @param {BoardState} st
 * @param {number} cell
 */
function setCursor(st, cell) {
  if (cell === st.cursor) return;
  st.cursor = cell;
  emit(st, 'cursor', cell);
  st.redraw();
}

/**
 * Listens to the canvas's keys and focus.
 * @param {BoardState} st
 * @param {Listen} listen adds a listener that `destroy()` removes
 */
export function bindKeyboard(st, listen) {
  /** @param {KeyboardEvent} e */
  function onKeyDown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    /** @type {Record<string, Dir>} */
    const arrows = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
    const dir = arrows[e.key];
    if (dir) {
      e.preventDefault();
      st.showCursor = true;
      if (st.cursor < 0) {
        setCursor(st, initialCursor(st));
        return;
      }
      const axis = dir === 'up' || dir === 'down' ? 'v' : 'h';
      const [cx, cy] = cellCenter(st.layout, st.cfg.board.cells, st.cursor);
      if (axis !== st.cursorAxis || st.cursorGoal === undefined) {
        st.cursorGoal = axis === 'v' ? cx : cy;
        st.cursorAxis = axis;
      }
      setCursor(st, step(st.layout, st.cfg.board.cells, st.cursor, dir, st.cursorGoal));
      return;
    }
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar') {
      e.preventDefault();
      st.showCursor = true;
      // The move lands (a turn of the board waiting for it starts); the cursor is a cell,
      // so the key means the same cell while the board turns.
      if (st.anim) endAnimation(st);
      if (st.cursor < 0) {
        setCursor(st, initialCursor(st));
        return;
      }
      activate(st, st.cursor, 'keyboard');
      st.redraw();
      return;
    }
    if (e.key === 'Escape') {
      if (st.selected >= 0 || st.drag) {
        e.preventDefault();
        e.stopPropagation();
        st.drag = null;
        clearSelection(st);
      }
    }
  }

  function onFocus() {
    if (st.cursor < 0) {
      st.cursor = initialCursor(st);
    }
    st.redraw();
  }

  function onBlur() {
    st.redraw();
  }

  listen(st.canvas, 'keydown', onKeyDown);
  listen(st.canvas, 'focus', onFocus);
  listen(st.canvas, 'blur', onBlur);
}

/**
 * The canvas's accessible name (the position, from the app) and role description.
 * @param {BoardState} st
 */
export function applyAria(st) {
  st.canvas.setAttribute('aria-label', st.cfg.label ?? '');
  st.canvas.setAttribute('aria-roledescription', st.cfg.roleDescription ?? 'board');
}
