// Moves on a board: played (by a person on the board, the computer or the API), announced
// (`move`, then what follows), and stepped through (goTo, the step buttons and their keys).

import { movesPlayed, draw, advance, render } from './view.js';

/** @typedef {import('./mount.js').Mount} Mount */
/** @typedef {import('../session.js').Ply} Ply */

/**
 * What `move` listeners get.
 * @typedef {object} MoveDetail
 * @property {number} from cell id
 * @property {number} to cell id
 * @property {number[]} path the cells visited (hops)
 * @property {string} text the move as text, `e4-e6`
 * @property {number} seat who moved (1-based)
 * @property {'human' | 'computer' | 'api'} by
 * @property {number} moves moves played so far
 * @property {string} position the position string after the move
 * @property {string} record the game record
 * @property {string} link share-link text of the game
 */

/**
 * @param {Mount} m
 * @param {string | {from: number, to: number}} move
 * @param {'human' | 'computer' | 'api'} by
 * @param {boolean} animate
 * @returns {Ply[]}
 */
export function playMove(m, move, by, animate) {
  const { game, session } = m;
  if (!game) throw new Error(m.engineReady ? 'there is no game on this board' : 'the board is not ready yet: await ready');
  const seat = game.turn();
  const plies = session.play(move);
  // A move made while stepped back starts a new line: what was ahead is gone.
  m.redoCount = 0;
  const first = plies.find((p) => p.move);
  if (first) m.played++;
  const drawn = draw(m, { animate: animate && first ? first.path : null });
  // The move first, then what follows from it (the end of the game, the computer's turn).
  if (first && first.move) {
    /** @type {MoveDetail} */
    const detail = {
      from: first.move.from,
      to: first.move.to,
      path: Array.from(first.path),
      text: first.text,
      seat,
      by,
      moves: movesPlayed(m),
      position: game.position(),
      record: game.record(),
      link: game.link(),
    };
    m.events.emit('move', detail);
  }
  if (drawn) advance(m);
  return plies;
}

/**
 * Shows the position after `n` moves, within the moves played and taken back.
 * @param {Mount} m
 * @param {number} n
 * @param {boolean} [redraw]
 */
export function goTo(m, n, redraw = true) {
  const { game, session } = m;
  if (!game) return;
  const target = Math.max(0, Math.floor(n));
  /** @type {number[] | null} */
  let anim = null;
  while (movesPlayed(m) > target && game.canUndo()) {
    session.undoMove();
    m.redoCount++;
    anim = null;
  }
  while (movesPlayed(m) < target && m.redoCount > 0 && game.canRedo()) {
    session.redoMove();
    m.redoCount--;
    anim = session.lastMovePath();
  }
  if (redraw) render(m, { animate: anim });
}

/**
 * The step buttons and their keys (Home, End, ← →).
 * @param {Mount} m
 */
export function bindSteps(m) {
  const { btn, controls } = m.parts;
  btn.first.addEventListener('click', () => goTo(m, 0));
  btn.prev.addEventListener('click', () => goTo(m, movesPlayed(m) - 1));
  btn.next.addEventListener('click', () => goTo(m, movesPlayed(m) + 1));
  btn.last.addEventListener('click', () => goTo(m, movesPlayed(m) + m.redoCount));
  controls.addEventListener('keydown', (e) => {
    const k = /** @type {KeyboardEvent} */ (e).key;
    if (k === 'Home') goTo(m, 0);
    else if (k === 'End') goTo(m, movesPlayed(m) + m.redoCount);
    else if (k === 'ArrowLeft') goTo(m, movesPlayed(m) - 1);
    else if (k === 'ArrowRight') goTo(m, movesPlayed(m) + 1);
    else return;
    e.preventDefault();
  });
}
