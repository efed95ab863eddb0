// The page's board: the widget (board/) in #board, set from the session after every
// change: pieces, what may be picked up, the last move (and in a game of more than two
// seats every other seat's last move of the round, fainter with age), a solitaire's
// unpaired pieces, the rotation toward the person to move (or toward the first person at
// the screen), the accessible description, and what the cursor is on in words. A past
// position (the moves list's replay view) is shown the same way, not playable.
// `aria-busy` is on #board while a move animates, and `data-rotation` says how far the board
// is turned (degrees), so both can be seen from outside the canvas.

import { createBoard } from '../board/index.js';
import { cellPair } from '../board/geometry.js';
import { t, tn } from '../i18n.js';
import { $, busyWhile } from '../panels/dom.js';
import { announceCursor } from '../panels/notice.js';

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../board/index.js').BoardApi} BoardApi */

/**
 * @typedef {object} BoardView
 * @property {() => void} show a new game (its board, pieces and guide line)
 * @property {(animate: ArrayLike<number> | null) => void} sync after a change of position
 * @property {(game: any, animate: ArrayLike<number> | null, label: string) => void} showPast
 *   a past position (an engine Game at that ply), not playable
 * @property {() => void} relabel the accessible texts (language, pause)
 * @property {(theme: 'light' | 'dark') => void} setTheme
 * @property {(on: boolean) => void} setCoords
 * @property {(hint: {path: number[]} | null) => void} setHint
 * @property {() => void} finishAnimation
 * @property {() => boolean} animating
 * @property {() => boolean} focus puts the keyboard focus on the board (false: no board yet)
 */

/**
 * @param {object} deps
 * @param {Session} deps.session
 * @param {() => 'fixed' | 'turn'} deps.orientation seat 1's camp at the bottom, or the person to move's
 * @param {() => 'light' | 'dark'} deps.theme
 * @param {() => boolean} deps.coordinates
 * @param {(from: number, to: number, animate: boolean) => void} deps.onMove a person's move
 * @returns {BoardView}
 */
export function createBoardView({ session, orientation, theme, coordinates, onMove }) {
  const el = $('board');
  /** @type {BoardApi | null} */
  let board = null;
  const markBusy = busyWhile(el, () => !!board && board.state().animating);

  function rotation() {
    if (orientation() === 'turn') return session.rotation('turn', board ? board.state().rotation : null);
    // Fixed: the camp of the first person at the screen at the bottom (seat 1 when
    // watching the computers).
    const seats = session.board().seats.length;
    let seat = 1;
    while (seat < seats && session.isExternal(seat)) seat++;
    return session.rotation(seat > seats || session.isExternal(seat) ? 1 : seat, null);
  }

  /**
   * The marks of a position: the last move, the other seats' last moves of the round (more
   * than two seats), a solitaire's unpaired pieces.
   * @param {any} game an engine Game
   */
  function marksOf(game) {
    /** @type {import('../session.js').Ply[]} */
    const h = game.history();
    const path = session.lastMovePath(h);
    /** @type {{path: number[], seat: number, age: number}[]} */
    const recent = [];
    const seats = session.info().seats;
    if (seats > 2) {
      let seen = 0;
      for (let i = h.length - 1, age = 0; i >= 0 && age < seats; i--, age++) {
        const p = h[i];
        if (!p.move) continue;
        if (seen++ === 0) continue;
        if (!recent.some((r) => r.seat === p.seat)) recent.push({ path: p.path, seat: p.seat, age });
      }
    }
    const marks = session.info().solitaire ? Array.from(game.unmatchedCells()) : null;
    return { lastMove: path ? { path } : null, recent, marks };
  }

  /** @param {Partial<import('../board/index.js').BoardConfig>} partial */
  function set(partial) {
    if (!board) return;
    board.set(partial);
    el.dataset.rotation = String(board.state().rotation);
    markBusy();
  }

  /** The cells of the pieces of the seat to move. @param {any} game */
  function ownPieces(game) {
    const cells = game.cells();
    const seat = game.turn();
    /** @type {number[]} */
    const out = [];
    for (let i = 0; i < cells.length; i++) if (cells[i] === seat) out.push(i);
    return out;
  }

  /** The line under the status that says why a piece picked up has no move ('' hides it). @param {string} text */
  function note(text) {
    const p = document.getElementById('pick-note');
    if (!p || p.textContent === text) return;
    p.textContent = text;
    p.hidden = !text;
  }

  /** @param {number} cell */
  function describeCell(cell) {
    const game = session.game();
    const name = session.board().cells[cell].name;
    if (/** @type {BoardApi} */ (board).state().dests.includes(cell)) return t('board.cursor.dest', { cell: name });
    const seat = game.cells()[cell];
    if (!seat) return t('board.cursor.empty', { cell: name });
    const movable = !session.isOver() && seat === game.turn() && game.destinations(cell).length > 0;
    return t(movable ? 'board.cursor.movable' : 'board.cursor.piece', { cell: name, name: session.seatName(seat) });
  }

  return {
    show() {
      const game = session.game();
      const desc = session.board();
      const axis = cellPair(desc.cells, session.info().mirrorLine);
      if (board) {
        set({ board: desc, pieces: game.cells(), rotation: rotation(), axis });
        return;
      }
      $('loading').remove();
      board = createBoard(el, {
        board: desc,
        pieces: game.cells(),
        theme: theme(),
        coordinates: coordinates(),
        rotation: 0,
        axis,
        roleDescription: t('board.role'),
        destinations: (cell) => session.game().destinations(cell),
        path: (from, to) => session.game().path(from, to),
        onMove: (from, to, how) => onMove(from, to, !how.dragged),
        onPick: (cell) => {
          const cells = session.board().cells;
          const dests = /** @type {BoardApi} */ (board).state().dests;
          const name = cells[cell].name;
          if (dests.length === 0) {
            // A piece of the person to move that has no move: picked up (so the press is
            // seen), and said why nothing is marked.
            const why = t('board.blocked', { cell: name });
            announceCursor(why);
            note(why);
            return;
          }
          note('');
          // The destinations by name, in the board's cell order.
          const names = [...dests].sort((a, b) => a - b).map((c) => cells[c].name);
          announceCursor(tn('board.picked', dests.length, { cell: name, cells: names.join(', ') }));
        },
        onCursor: (cell) => announceCursor(describeCell(cell)),
      });
      board.on('deselect', () => note(''));
      el.dataset.state = 'ready';
    },
    sync(animate) {
      const game = session.game();
      const mine = session.humanToMove();
      note('');
      set({
        pieces: game.cells(),
        // Every piece of the person to move may be picked up: one with no move says so.
        movable: mine ? ownPieces(game) : [],
        ...marksOf(game),
        hint: null,
        interactive: mine,
        rotation: rotation(),
        animate,
        label: session.boardLabel(),
      });
    },
    showPast(game, animate, label) {
      set({
        pieces: game.cells(),
        movable: [],
        ...marksOf(game),
        hint: null,
        interactive: false,
        animate,
        label,
      });
    },
    relabel() {
      set({ roleDescription: t('board.role'), label: session.boardLabel() });
    },
    setTheme(th) {
      set({ theme: th });
    },
    setCoords(on) {
      set({ coordinates: on });
    },
    setHint(hint) {
      set({ hint });
    },
    finishAnimation() {
      board?.finishAnimation();
    },
    animating: () => !!board && board.state().animating,
    focus() {
      board?.canvas.focus();
      return !!board;
    },
  };
}
