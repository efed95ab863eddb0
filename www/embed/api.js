// A board's JavaScript API (createGame's answer, the element's `game`): a thin layer over
// the mounted board that throws once the board is gone.

import { update } from './apply.js';
import { playMove, goTo } from './play.js';
import { movesPlayed, render } from './view.js';
import { destroy } from './lifecycle.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./mount.js').Mount} Mount */
/** @typedef {import('../session.js').Ply} Ply */
/** @typedef {import('../session.js').Outcome} Outcome */

/**
 * @typedef {object} EmbedApi
 * @property {Promise<void>} ready resolves once the engine has loaded and the board shows
 * @property {(partial: EmbedConfig) => void} set changes the configuration (a game source
 *   in it replaces the game)
 * @property {(move: string | {from: number, to: number}) => Ply[]} play plays a move
 *   (`e4-e6`, a hop path, or cell ids); throws the engine's error if it is illegal
 * @property {() => boolean} undo takes back the last move
 * @property {() => boolean} redo
 * @property {(n: number) => void} goTo shows the position after n moves (0: the start)
 * @property {() => {at: number, total: number}} step where the board is in the moves
 * @property {() => string} position
 * @property {() => string} record
 * @property {() => string} link
 * @property {() => number} turn the seat to move
 * @property {() => Outcome | null} outcome
 * @property {(type: 'move' | 'gameover' | 'error' | 'ready', fn: (detail: any) => void) => () => void} on
 * @property {(cell: number) => {x: number, y: number}} cellPoint a cell's centre, viewport px
 * @property {(name: string) => number} cellByName
 * @property {() => string | null} error the message shown, if any
 * @property {() => boolean} animating whether a move is being animated
 * @property {() => void} refresh reads the page's colours for the board again (the CSS
 *   custom properties `--halma-*` on its element) and redraws it
 * @property {() => void} destroy
 */

/**
 * @param {Mount} m
 * @param {Promise<void>} ready
 * @returns {EmbedApi}
 */
export function createApi(m, ready) {
  /** Throws when the board is gone (destroyed or replaced): a stale API must not go on. */
  function alive() {
    if (m.destroyed) throw new Error(m.retired);
  }

  /** @type {EmbedApi} */
  const api = {
    ready,
    set(partial) {
      alive();
      update(m, partial, true);
    },
    play(move) {
      alive();
      return playMove(m, move, 'api', true);
    },
    undo() {
      alive();
      if (!m.game || !m.session.canUndo()) return false;
      m.session.undo();
      render(m);
      return true;
    },
    redo() {
      alive();
      if (!m.game || !m.game.canRedo()) return false;
      const moves = m.session.redo().filter((p) => p.move).length;
      m.redoCount = Math.max(0, m.redoCount - moves);
      render(m, { animate: m.session.lastMovePath() });
      return true;
    },
    goTo(n) {
      alive();
      const total = movesPlayed(m) + m.redoCount;
      if (m.game && !(Number.isInteger(n) && n >= 0 && n <= total)) {
        console.warn(`halma: goTo(${JSON.stringify(n)}): this board has moves 0 to ${total}; it shows the nearest`);
      }
      goTo(m, n);
    },
    step: () => (alive(), { at: movesPlayed(m), total: movesPlayed(m) + m.redoCount }),
    position: () => (alive(), m.game ? m.game.position() : ''),
    record: () => (alive(), m.game ? m.game.record() : ''),
    link: () => (alive(), m.game ? m.game.link() : ''),
    turn: () => (alive(), m.game ? m.game.turn() : 0),
    outcome: () => (alive(), m.game ? /** @type {Outcome | null} */ (m.game.outcome()) : null),
    on(type, fn) {
      alive();
      return m.events.on(type, fn);
    },
    cellPoint(cell) {
      alive();
      const { board } = m;
      if (!board) throw new Error(m.game ? 'the board is not in the page' : 'the board is not ready yet');
      const r = board.canvas.getBoundingClientRect();
      const p = board.cellPoint(cell);
      return { x: r.left + p.x, y: r.top + p.y };
    },
    cellByName(name) {
      alive();
      if (!m.game) throw new Error('the board is not ready yet');
      return m.game.cellByName(name);
    },
    error: () => (alive(), m.shownError),
    animating: () => (alive(), !!m.board && m.board.state().animating),
    refresh() {
      alive();
      m.colorKey = '';
      m.onColors();
    },
    destroy: () => destroy(m, api),
  };
  return api;
}
