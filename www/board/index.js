// The board widget: draws a Halma or Chinese-checkers board on a <canvas>, takes clicks,
// taps, drags and keys, animates moves along the paths it is given, and reports `pick` and
// `move(from, to)`. It holds no rules: the app tells it which cells may be picked up and,
// through a callback, where a picked piece may go.
//
//   const board = createBoard(element, { board: game.board(), pieces: game.cells(), ... });
//   board.on('move', (from, to) => { ...play it, then board.set({ pieces, lastMove, ... }) });
//   board.destroy();
//
// This file wires the parts and is the public API. The parts: config.js (the config and its
// defaults), state.js (what the widget keeps), geometry.js (pure geometry), render.js with
// draw-square.js, draw-star.js, layers.js, overlays.js, pieces.js and theme.js (drawing),
// input.js (pointer), keyboard.js (keys, focus, accessibility), selection.js (picking and
// moving), anim.js (move animation), size.js (following the element's size), events.js.

import { cellCenter } from './geometry.js';
import { withDefaults, replacesPosition, configure } from './config.js';
import { createState, relayout } from './state.js';
import { redraw } from './render.js';
import { startAnimation, finishAnimation, rotate } from './anim.js';
import { clearSelection, cellAtPoint } from './selection.js';
import { bindPointer } from './input.js';
import { bindKeyboard, applyAria } from './keyboard.js';
import { bindSize } from './size.js';
import { addHandler } from './events.js';

/** @typedef {import('./config.js').BoardConfig} BoardConfig */
/** @typedef {import('./config.js').MoveInfo} MoveInfo */

/**
 * @typedef {object} BoardApi
 * @property {(partial: Partial<BoardConfig>) => void} set
 * @property {(type: 'pick' | 'move' | 'cursor' | 'deselect', fn: (...args: any[]) => void) => () => void} on
 * @property {() => void} destroy
 * @property {(cell: number) => {x: number, y: number}} cellPoint cell centre, CSS px from the canvas's top-left
 * @property {(x: number, y: number) => number} cellAt the cell a press at CSS px from the canvas's
 *   top-left takes, or -1
 * @property {() => {selected: number, cursor: number, dests: number[], animating: boolean, rotation: number, hint: number[] | null, axis: number[] | null}} state
 * @property {() => void} cancel drops the selection
 * @property {() => void} finishAnimation jumps to the end of a running animation (a move's, the
 *   board's turn)
 * @property {HTMLCanvasElement} canvas
 */

/**
 * Creates the board widget inside `element` (which it fills).
 * @param {HTMLElement} element
 * @param {BoardConfig} config
 * @returns {BoardApi}
 */
export function createBoard(element, config) {
  const cfg = withDefaults(config);
  const canvas = element.ownerDocument.createElement('canvas');
  canvas.className = 'board-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  element.appendChild(canvas);
  const st = createState(cfg, canvas);
  st.redraw = () => redraw(st);

  /** @type {(() => void)[]} */
  const unbind = [];
  /**
   * @param {EventTarget} target
   * @param {string} type
   * @param {(e: any) => void} fn
   */
  function listen(target, type, fn) {
    target.addEventListener(type, fn);
    unbind.push(() => target.removeEventListener(type, fn));
  }

  const measure = bindSize(st, element, listen, (fn) => unbind.push(fn));
  bindPointer(st, listen);
  bindKeyboard(st, listen);
  applyAria(st);

  /** @param {Partial<BoardConfig>} partial */
  function set(partial) {
    if (st.destroyed) return;
    // A running animation belongs to the old pieces: finish it (and any rotation waiting
    // for it) before taking the new state.
    if (partial.animate || replacesPosition(st.cfg, partial)) finishAnimation(st);
    let layoutChanged = configure(st, partial);
    const { animate, rotation } = partial;
    if (animate && animate.length >= 2) startAnimation(st, animate);
    if (rotation !== undefined && rotate(st, rotation)) layoutChanged = true;
    if (layoutChanged) relayout(st);
    if ('label' in partial || 'roleDescription' in partial) applyAria(st);
    st.redraw();
  }

  /** @type {BoardApi} */
  const api = {
    set,
    on(type, fn) {
      return addHandler(st, type, fn);
    },
    destroy() {
      if (st.destroyed) return;
      st.destroyed = true;
      if (st.raf) st.win.cancelAnimationFrame(st.raf);
      st.raf = 0;
      for (const fn of unbind.splice(0)) fn();
      for (const k of Object.keys(st.handlers)) st.handlers[k].clear();
      canvas.remove();
      st.bg = null;
      st.sprites = new Map();
      st.layers.clear();
    },
    cellPoint(cell) {
      const [x, y] = cellCenter(st.layout, st.cfg.board.cells, cell);
      return { x, y };
    },
    cellAt(x, y) {
      return cellAtPoint(st, x, y);
    },
    state() {
      const { hint, axis } = st.cfg;
      return {
        selected: st.selected,
        cursor: st.cursor,
        dests: [...st.dests],
        animating: st.anim !== null || st.turn !== null,
        rotation: st.pendingRotation ?? st.cfg.rotation ?? 0,
        hint: hint && hint.path ? Array.from(hint.path) : null,
        axis: axis ? Array.from(axis) : null,
      };
    },
    cancel() {
      st.drag = null;
      clearSelection(st);
    },
    finishAnimation: () => finishAnimation(st),
    canvas,
  };

  measure();
  return api;
}
