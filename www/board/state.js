// The widget's state: one plain object that the parts (input, keyboard, animation, drawing)
// share. It holds the config as merged so far (config.js) and what the widget keeps itself:
// size and layout, selection, keyboard cursor, drag, animation, the drawing caches.

import { makeLayout, positionIndex, boardMargin } from './geometry.js';

/** @typedef {import('./config.js').BoardConfig} BoardConfig */
/** @typedef {import('./geometry.js').BoardDesc} BoardDesc */
/** @typedef {import('./geometry.js').Layout} Layout */

/**
 * A press on a movable piece; a drag once the pointer has moved past the slop.
 * @typedef {object} Drag
 * @property {number} from the cell pressed
 * @property {number} pointerId
 * @property {number} sx where the press started (CSS px, canvas)
 * @property {number} sy
 * @property {number} x where the pointer is now
 * @property {number} y
 * @property {boolean} started moved far enough to be a drag
 * @property {number} lift how far above the pointer the dragged piece is drawn and dropped
 *   (CSS px): above the finger on a touch screen, 0 for a mouse
 * @property {boolean} wasSelected the piece was already picked (a click puts it down)
 */

/**
 * A move being animated: the piece of `seat`, now on the path's last cell, along `path`.
 * @typedef {object} Anim
 * @property {number[]} path
 * @property {number} seat
 * @property {number} start page time (ms)
 * @property {number} duration ms
 * @property {number[]} segMs duration of each segment
 */

/**
 * A cached background layer with what it was drawn for.
 * @typedef {{key: string, board: BoardDesc, canvas: HTMLCanvasElement}} Layer
 */

/**
 * @typedef {object} BoardState
 * @property {BoardConfig} cfg the config as merged so far
 * @property {Document} doc
 * @property {Window} win
 * @property {HTMLCanvasElement} canvas
 * @property {CanvasRenderingContext2D} ctx
 * @property {number} cssW canvas size (CSS px)
 * @property {number} cssH
 * @property {number} dpr device pixels per CSS px
 * @property {Layout} layout
 * @property {Map<string, number>} posIndex cells by position (geometry.js `positionIndex`)
 * @property {number} selected the picked-up piece's cell, or -1
 * @property {Set<number>} dests where the picked piece may go
 * @property {Set<number>} movable cells the user may pick up
 * @property {number} cursor the keyboard cursor's cell, or -1
 * @property {number | undefined} cursorGoal the screen column (or row) the cursor keeps to
 * @property {string} cursorAxis 'v' or 'h': the direction `cursorGoal` belongs to
 * @property {boolean} showCursor drawn after a key, hidden after a pointer press
 * @property {number} hover the cell under a hovering mouse, or -1
 * @property {Drag | null} drag
 * @property {Anim | null} anim
 * @property {number | null} pendingRotation a rotation waiting for the animation to end (or
 *   for the selection to be dropped)
 * @property {Animation | null} turn the board turning toward another player (anim.js)
 * @property {MediaQueryList | null} reducedMotion
 * @property {Record<string, Set<(...args: any[]) => void>>} handlers listeners by event
 * @property {number} raf the requested animation frame, or 0
 * @property {boolean} destroyed
 * @property {HTMLCanvasElement | null} bg the drawn board without pieces or marks
 * @property {boolean} bgDirty
 * @property {Map<string, Layer>} layers background layers that a quarter turn (square) or a
 *   sixth (star) leaves unchanged: turning the board toward each player in turn then
 *   redraws only what does change
 * @property {Map<string, HTMLCanvasElement>} sprites piece images by everything they depend on
 * @property {() => void} redraw asks for a frame (render.js, wired by index.js)
 */

/**
 * The state of a new widget on `canvas`, not yet sized.
 * @param {BoardConfig} cfg with defaults (config.js `withDefaults`)
 * @param {HTMLCanvasElement} canvas
 * @returns {BoardState}
 */
export function createState(cfg, canvas) {
  const doc = canvas.ownerDocument;
  const win = doc.defaultView ?? window;
  return {
    cfg,
    doc,
    win,
    canvas,
    ctx: /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')),
    cssW: 0,
    cssH: 0,
    dpr: win.devicePixelRatio || 1,
    layout: makeLayout(cfg.board, { width: 0, height: 0 }),
    posIndex: positionIndex(cfg.board.cells),
    selected: -1,
    dests: new Set(),
    movable: new Set(Array.from(cfg.movable ?? [])),
    cursor: -1,
    cursorGoal: undefined,
    cursorAxis: '',
    showCursor: false,
    hover: -1,
    drag: null,
    anim: null,
    pendingRotation: null,
    turn: null,
    reducedMotion: win.matchMedia ? win.matchMedia('(prefers-reduced-motion: reduce)') : null,
    handlers: { pick: new Set(), move: new Set(), cursor: new Set(), deselect: new Set() },
    raf: 0,
    destroyed: false,
    bg: null,
    bgDirty: true,
    layers: new Map(),
    sprites: new Map(),
    redraw: () => {},
  };
}

/**
 * Fits the board into the canvas again (after a resize, a turn, a new board or look).
 * @param {BoardState} st
 */
export function relayout(st) {
  const { board, rotation, coordinates } = st.cfg;
  st.layout = makeLayout(board, {
    width: st.cssW,
    height: st.cssH,
    rotation: rotation ?? 0,
    margin: boardMargin(board.shape, coordinates),
  });
  st.bgDirty = true;
  // Sprites are keyed by everything they depend on, so a rotation (same size) reuses them;
  // a bounded cache drops old sizes after resizes.
  if (st.sprites.size > 48) st.sprites = new Map();
}
