// Computer players: the 'computer' seat controller for players.js, backed by the AI worker
// (ai.js, ai-worker.js), and the options for hints. The levels and every search budget are
// the engine's (`levels()`; a search asks for a level and a seed only). Importing this
// module makes computer seats available in the setup dialog.

import { levels } from './pkg/halma.js';
import { registerController } from './players.js';
import { createAi } from './ai.js';

/** @type {{levels: number[], defaultLevel: number} | null} */
let known = null;

/**
 * The engine's levels, weakest first, and the one a new computer seat gets (once the engine
 * has loaded).
 * @returns {{levels: number[], defaultLevel: number}}
 */
export function engineLevels() {
  if (!known) known = /** @type {{levels: number[], defaultLevel: number}} */ (levels());
  return known;
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
      const opts = searchOptions(req.level ?? player.level, req.ply ?? 0);
      asked = ai();
      const job = asked.think({ ...opts, position: req.position });
      jobId = job.id;
      return job.result.then((th) => {
        if (!th) throw new Error('the computer found no move');
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
