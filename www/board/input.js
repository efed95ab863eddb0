// Pointer input (mouse, touch, pen): a press on a movable piece picks it up, a press on a
// destination moves there, and a press that travels past a small slop becomes a drag that
// drops on a destination. A press ends a running animation at once; a press while the
// board turns only ends the turn.

import { finishAnimation, endAnimation, applyPendingRotation } from './anim.js';
import { select, clearSelection, emitMove, cellAtPoint, dropCell } from './selection.js';

/**
 * How far above a finger (or pen) a dragged piece rides (CSS px), so that the finger hides
 * neither the piece nor the hole it would land in: at least 36 px, more on big boards.
 * @param {number} scale px per board unit
 */
export function touchLift(scale) {
  return Math.max(36, 1.4 * scale);
}

/** @typedef {import('./state.js').BoardState} BoardState */
/** @typedef {(target: EventTarget, type: string, fn: (e: any) => void) => void} Listen */

/**
 * Listens to the canvas's pointer events.
 * @param {BoardState} st
 * @param {Listen} listen adds a listener that `destroy()` removes
 */
export function bindPointer(st, listen) {
  const canvas = st.canvas;

  /** @param {PointerEvent} e */
  function localPoint(e) {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  /** @param {PointerEvent} e */
  function onPointerDown(e) {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    st.showCursor = false;
    if (st.turn || (st.anim && st.pendingRotation !== null)) {
      // The board turns (or is about to, once the move lands): the cell under the press
      // is not the one the person aimed at. The move lands, the turn ends at once, and the
      // press is dropped.
      endAnimation(st);
      finishAnimation(st);
      return;
    }
    if (st.anim) finishAnimation(st);
    const [x, y] = localPoint(e);
    const cell = cellAtPoint(st, x, y);
    if (!st.cfg.interactive) return;
    if (cell >= 0) {
      st.cursor = cell;
      st.cursorGoal = undefined;
    }
    if (st.selected >= 0 && cell >= 0 && st.dests.has(cell)) {
      emitMove(st, st.selected, cell, { dragged: false, via: 'pointer' });
      return;
    }
    if (cell >= 0 && st.movable.has(cell)) {
      const wasSelected = cell === st.selected;
      if (!wasSelected) select(st, cell);
      const lift = e.pointerType === 'mouse' ? 0 : touchLift(st.layout.scale);
      st.drag = { from: cell, pointerId: e.pointerId, sx: x, sy: y, x, y, started: false, wasSelected, lift };
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // Not capturable (synthetic event): dragging still works inside the canvas.
      }
      return;
    }
    clearSelection(st);
  }

  /** @param {PointerEvent} e */
  function onPointerMove(e) {
    const [x, y] = localPoint(e);
    const drag = st.drag;
    if (drag && e.pointerId === drag.pointerId) {
      drag.x = x;
      drag.y = y;
      const slop = e.pointerType === 'mouse' ? 4 : 8;
      if (!drag.started && Math.hypot(x - drag.sx, y - drag.sy) > slop) drag.started = true;
      if (drag.started) {
        canvas.style.cursor = 'grabbing';
        st.redraw();
      }
      return;
    }
    if (e.pointerType === 'mouse') setHover(cellAtPoint(st, x, y));
    if (!st.cfg.interactive) {
      canvas.style.cursor = '';
      return;
    }
    const cell = cellAtPoint(st, x, y);
    canvas.style.cursor = cell >= 0 && (st.movable.has(cell) || st.dests.has(cell)) ? 'pointer' : '';
  }

  /**
   * The cell under a hovering mouse: its way there is drawn when it is a destination, its
   * name when the star shows coordinates.
   * @param {number} cell
   */
  function setHover(cell) {
    if (cell === st.hover) return;
    const was = st.hover;
    st.hover = cell;
    if (st.dests.has(was) || st.dests.has(cell) || (st.cfg.coordinates && st.cfg.board.shape === 'star')) st.redraw();
  }

  /** @param {PointerEvent} e */
  function onPointerUp(e) {
    if (!st.drag || e.pointerId !== st.drag.pointerId) return;
    const d = st.drag;
    st.drag = null;
    canvas.style.cursor = '';
    const [x, y] = localPoint(e);
    if (d.started) {
      d.x = x;
      d.y = y;
      const target = dropCell(st, d);
      if (target >= 0 && target !== d.from && st.dests.has(target) && st.cfg.interactive) {
        emitMove(st, d.from, target, { dragged: true, via: 'pointer' });
        return;
      }
      st.redraw();
      return;
    }
    if (d.wasSelected) clearSelection(st);
    applyPendingRotation(st);
  }

  function onPointerCancel() {
    if (!st.drag) return;
    st.drag = null;
    canvas.style.cursor = '';
    st.redraw();
  }

  listen(canvas, 'pointerdown', onPointerDown);
  listen(canvas, 'pointermove', onPointerMove);
  listen(canvas, 'pointerup', onPointerUp);
  listen(canvas, 'pointercancel', onPointerCancel);
  listen(canvas, 'pointerleave', (/** @type {PointerEvent} */ e) => {
    if (e.pointerType === 'mouse') setHover(-1);
  });
  listen(canvas, 'lostpointercapture', (/** @type {PointerEvent} */ e) => {
    const drag = st.drag;
    if (drag && drag.pointerId === e.pointerId && !drag.started) return;
    if (drag && drag.pointerId === e.pointerId) onPointerCancel();
  });
  // No context menu during a drag (a long press on touch screens).
  listen(canvas, 'contextmenu', (/** @type {Event} */ e) => {
    if (st.drag) e.preventDefault();
  });
}
