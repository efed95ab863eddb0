// The board widget (www/board/) for a board's game: made when the game first shows, and
// again when a parked board is put back in the page.

import { createBoard as createWidget } from '../board/index.js';
import { cellPair } from '../board/geometry.js';
import { theme, rotation } from './view.js';
import { playMove } from './play.js';
import { boardColors } from './colors.js';

/** @typedef {import('./mount.js').Mount} Mount */
/** @typedef {ReturnType<typeof createWidget>} Widget */

/**
 * The widget for the session's game.
 * @param {Mount} m
 * @returns {Widget}
 */
export function makeWidget(m) {
  const { session } = m;
  const d = session.board();
  return createWidget(m.parts.board, {
    board: d,
    pieces: session.game().cells(),
    theme: theme(m),
    coordinates: !!m.cfg.coordinates,
    rotation: rotation(m),
    axis: cellPair(d.cells, session.info().mirrorLine),
    interactive: false,
    destinations: (cell) => (m.game ? m.game.destinations(cell) : []),
    // The page's colours (CSS custom properties on the element), over the theme's.
    ...boardColors(m),
    onMove: (from, to, how) => playMove(m, { from, to }, 'human', !how.dragged),
  });
}

/**
 * The widget shows a new game of the session (a new board description and pieces).
 * @param {Mount} m
 * @param {Widget} board
 */
export function showNewGame(m, board) {
  const d = m.session.board();
  board.set({ board: d, pieces: m.session.game().cells(), hint: null, axis: cellPair(d.cells, m.session.info().mirrorLine) });
}
