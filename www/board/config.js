// The widget's configuration: what the app says (board, pieces, what may move, how it
// looks), as opposed to the state the widget keeps itself (state.js). Here: the fields,
// their defaults, and merging a partial config from `set()` into the state.

import { SEAT_COLORS } from '../colors.js';
import { positionIndex } from './geometry.js';

/** @typedef {import('./geometry.js').BoardDesc} BoardDesc */
/** @typedef {import('./state.js').BoardState} BoardState */

/**
 * @typedef {object} MoveInfo
 * @property {boolean} dragged the piece was dropped by drag and drop (no need to animate)
 * @property {'pointer' | 'keyboard'} via
 */

/**
 * The widget's configuration; `set()` takes any part of it.
 * @typedef {object} BoardConfig
 * @property {BoardDesc} board the board description (`Game.board()`)
 * @property {ArrayLike<number>} [pieces] seat per cell, 0 = empty
 * @property {ArrayLike<number>} [movable] cells the user may pick up
 * @property {(cell: number) => ArrayLike<number>} [destinations] asked when a piece is picked
 * @property {(from: number, to: number) => ArrayLike<number> | null | undefined} [path] the cells
 *   a move from the picked piece to one of its destinations passes (its hops), asked while the
 *   pointer, a drag or the keyboard cursor is on that destination, to draw the way there
 * @property {{path: ArrayLike<number>} | null} [lastMove] shown as a drawn path
 * @property {readonly {path: ArrayLike<number>, seat: number, age: number}[]} [recent] earlier
 *   moves to show under the last one, thinner, in the mover's colour and fainter with `age`
 *   (1 = the move before the last, 2 the one before that...): each seat's last move in a
 *   game of several
 * @property {ArrayLike<number> | null} [marks] cells to ring (a solitaire's unpaired pieces)
 * @property {{path: ArrayLike<number>} | null} [hint] a suggested move, shown as a dashed path
 *   with rings on its first and last cell (not played)
 * @property {[number, number] | null} [axis] a guide line through the centres of two cells,
 *   drawn a little past them (a solitaire's line of symmetry)
 * @property {number} [rotation] degrees, clockwise on screen
 * @property {'light' | 'dark'} [theme]
 * @property {boolean} [coordinates] show cell names: on a square board along its edges; on the
 *   star the row numbers at both ends of each row, and a hole's letter only where it is asked
 *   for (the destinations of the picked piece, the hole under the mouse or the cursor)
 * @property {readonly string[]} [colors] seat colours, index 0 = seat 1
 * @property {import('./palette.js').Palette | null} [palette] colours over the theme's (the
 *   board, the star's holes, destinations, the last move): an embedding page's
 * @property {boolean} [symbols] draw each seat's symbol on its pieces
 * @property {boolean} [interactive] whether the user may pick and move
 * @property {boolean} [animation] animate moves (off anyway under prefers-reduced-motion)
 * @property {ArrayLike<number> | null} [animate] one-shot: animate the piece now standing on
 *   the last cell of this path along it
 * @property {string} [label] accessible description of the position
 * @property {string} [roleDescription] accessible name of the widget's role ("board")
 * @property {(cell: number) => void} [onPick]
 * @property {(from: number, to: number, info: MoveInfo) => void} [onMove]
 * @property {(cell: number) => void} [onCursor]
 */

/**
 * The config `createBoard` starts from: the defaults under what the app gave. `animate` is a
 * one-shot order, never kept (the first position is shown at rest).
 * @param {BoardConfig} config
 * @returns {BoardConfig}
 */
export function withDefaults(config) {
  return {
    pieces: new Uint8Array(config.board.cells.length),
    movable: [],
    lastMove: null,
    recent: [],
    marks: null,
    hint: null,
    axis: null,
    rotation: 0,
    theme: 'light',
    coordinates: false,
    colors: SEAT_COLORS,
    symbols: true,
    interactive: true,
    animation: true,
    label: '',
    roleDescription: 'board',
    ...config,
    animate: null,
  };
}

/**
 * Whether `partial` replaces the position on the board (another board, pieces or movable
 * cells): a running animation belongs to the old one.
 * @param {BoardConfig} cfg
 * @param {Partial<BoardConfig>} partial
 */
export function replacesPosition(cfg, partial) {
  const boardChanged = partial.board !== undefined && partial.board !== cfg.board;
  return boardChanged || partial.pieces !== undefined || partial.movable !== undefined;
}

/**
 * Merges `partial` into the state's config, dropping what it makes stale: a new board
 * forgets the selection, cursor and animation; new pieces or movable cells the selection
 * and drag; `interactive: false` the selection and drag. `animate` and `rotation` are left
 * to the caller (anim.js: they wait for or start animations).
 * @param {BoardState} st
 * @param {Partial<BoardConfig>} partial
 * @returns {boolean} whether the layout (and so the drawn board) must be redone
 */
export function configure(st, partial) {
  const boardChanged = partial.board !== undefined && partial.board !== st.cfg.board;
  const piecesChanged = partial.pieces !== undefined || partial.movable !== undefined;
  const { animate: _animate, rotation: _rotation, ...rest } = partial;
  Object.assign(st.cfg, rest);
  const layoutChanged =
    boardChanged || 'theme' in partial || 'coordinates' in partial || 'colors' in partial || 'symbols' in partial || 'palette' in partial;
  // The cached layers (layers.js) are keyed by the theme, not the palette.
  if ('palette' in partial) st.layers.clear();
  if (boardChanged) {
    st.posIndex = positionIndex(st.cfg.board.cells);
    st.selected = -1;
    st.dests = new Set();
    st.cursor = -1;
    st.anim = null;
    st.pendingRotation = null;
  }
  if (partial.movable !== undefined) st.movable = new Set(Array.from(partial.movable ?? []));
  if (piecesChanged && !boardChanged) {
    st.selected = -1;
    st.dests = new Set();
    st.drag = null;
  }
  if ('interactive' in partial && !st.cfg.interactive) {
    st.selected = -1;
    st.dests = new Set();
    st.drag = null;
  }
  return layoutChanged;
}
