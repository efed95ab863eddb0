// Computer players: the 'computer' seat controller for players.js, backed by the AI worker
// (ai.js, ai-worker.js), and the options for hints. The levels and every search budget are
// the engine's (`levels()`; a search asks for a level and a seed only). Importing this
// module makes computer seats available in the setup dialog.

import { levels } from './pkg/halma.js';
import { registerController } from './players.js';
import { createAi } from './ai.js';

/** @typedef {{levels: number[], defaultLevel: number, playNodes: number, playMillis: number}} EngineLevels */

/** @type {EngineLevels | null} */
let known = null;

/**
 * The engine's levels, weakest first, the one a new computer seat gets and the budget of a
 * move in play (once the engine has loaded).
 * @returns {EngineLevels}
 */
export function engineLevels() {
  if (!known) known = /** @type {EngineLevels} */ (levels());
  return known;
}

/**
 * A game on the clock (panels/clocks.js): how long a seat's computer may think (null:
 * untimed), and that it has answered (its clock stops while the answer waits to be shown).
 * @typedef {{budget: (seat: number) => number | null, answered: (seat: number) => void}} Timing
 */

/** @type {Timing | null} */
let timing = null;

/**
 * Sets the page's clocks for the computer seats (null: none).
 * @param {Timing | null} t
 */
export function setTiming(t) {
  timing = t;
}

/**
 * The worker's options for a move on the clock: the level's node budget with a time cap of
 * at most `capMs` (and at most the engine's own cap), so the level keeps its strength while
 * it has time and never thinks past its share of the clock.
 * @param {{level: number, seed: number}} opts
 * @param {number | null | undefined} capMs
 * @returns {{level: number, seed: number, nodes?: number, timeMs?: number}}
 */
export function timedOptions(opts, capMs) {
  if (capMs == null || !Number.isFinite(capMs)) return opts;
  const { playNodes, playMillis } = engineLevels();
  const most = /** @type {{timeMs?: number}} */ (opts).timeMs ?? playMillis;
  return { ...opts, nodes: playNodes, timeMs: Math.max(1, Math.min(most, playMillis, Math.floor(capMs))) };
}

/**
 * The longest level 5 thinks for a move in play (ms), on every board: "about a second a
 * move", as its name in the level list says. The engine's node budget takes about that on
 * the star for two, but up to four seconds on the 16×16 board or with six seats; the cap
 * ends the search there. The lower levels spend an eighth of the budget or less and stay
 * well within it without a cap.
 */
export const LEVEL5_MAX_MS = 1200;

/**
 * The worker's options for a computer's move in play: `searchOptions`, and for level 5 the
 * level's node budget with the time cap `LEVEL5_MAX_MS` (the move is the node budget's,
 * the same every time, unless the cap ends the search first: docs/ai.md#budget).
 * @param {unknown} level
 * @param {number} ply
 * @returns {{level: number, seed: number, nodes?: number, timeMs?: number}}
 */
export function playOptions(level, ply) {
  const o = searchOptions(level, ply);
  if (o.level < 5) return o;
  return { ...o, nodes: engineLevels().playNodes, timeMs: LEVEL5_MAX_MS };
}

/**
 * A level from a saved setup, a form or an attribute: a whole number within the engine's
 * levels (else the default level).
 * @param {unknown} level
 * @returns {number}
 */
export function clampLevel(level) {
  const { levels: all, defaultLevel } = engineLevels();
  const n = typeof level === 'string' ? Number.parseInt(level, 10) : level;
  if (typeof n !== 'number' || !Number.isFinite(n)) return defaultLevel;
  return Math.min(all[all.length - 1], Math.max(all[0], Math.round(n)));
}

/**
 * The seed for a search: the number of plies played so far, so the same game, position and
 * level give the same move every time (a replay, an undo and redo, a reload).
 * @param {number} ply
 */
export function seedFor(ply) {
  return Math.max(0, Math.floor(ply)) + 1;
}

/**
 * The worker's options for a computer's move: the level and the seed (the engine picks the
 * level's budget).
 * @param {unknown} level
 * @param {number} ply
 * @returns {{level: number, seed: number}}
 */
export function searchOptions(level, ply) {
  return { level: clampLevel(level), seed: seedFor(ply) };
}

/**
 * The worker's options for a hint: the engine's hint (its strongest level on a smaller
 * budget than play).
 * @param {number} ply
 * @returns {{hint: true, seed: number}}
 */
export function hintOptions(ply) {
  return { hint: true, seed: seedFor(ply) };
}

/** @type {import('./ai.js').Ai | null} */
let shared = null;

/** The page's AI worker (one for all seats and hints: one search at a time). */
export function sharedAi() {
  if (!shared) shared = createAi();
  return shared;
}

/**
 * A computer seat's controller: asks the AI worker `ai()` gives (asked only when a move is
 * wanted, so a board that never needs the computer starts no worker).
 * @param {() => import('./ai.js').Ai} ai
 * @param {{level?: number}} player
 * @returns {import('./players.js').SeatController}
 */
export function computerController(ai, player) {
  /** @type {import('./ai.js').Ai | null} */
  let asked = null;
  let jobId = -1;
  return {
    requestMove(req) {
      const opts = timedOptions(playOptions(req.level ?? player.level, req.ply ?? 0), timing?.budget(req.seat));
      asked = ai();
      const job = asked.think({ ...opts, position: req.position, record: req.record });
      jobId = job.id;
      return job.result.then((th) => {
        if (!th) throw new Error('the computer found no move');
        timing?.answered(req.seat);
        return { from: th.from, to: th.to, path: th.path };
      });
    },
    cancel() {
      asked?.cancel(jobId);
    },
    dispose() {
      asked?.cancel(jobId);
    },
  };
}

/**
 * Registers the 'computer' controller with players.js.
 * @param {import('./ai.js').Ai} [ai]
 */
export function registerComputer(ai = sharedAi()) {
  registerController('computer', (player) => computerController(() => ai, player));
}
