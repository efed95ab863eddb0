// Computer players: the 'computer' seat controller for players.js, backed by the AI worker
// (ai.js, ai-worker.js), and the options for hints. Importing this module makes computer
// seats available in the setup dialog.

import { registerController } from './players.js';
import { createAi } from './ai.js';

/** The levels offered, weakest first. */
export const LEVELS = Object.freeze([1, 2, 3, 4, 5]);

/** The level a new computer seat gets. */
export const DEFAULT_LEVEL = 3;

/**
 * Level 5 searches a fixed node budget, so it plays the same move on every machine: the
 * engine's default (`DEFAULT_BUDGET` in src/ai/mod.rs), given explicitly because a time cap
 * alone would replace it.
 */
export const LEVEL5_NODES = 1_500_000;

/**
 * On a slow device the node budget can take several seconds: this cap ends the search
 * earlier there (only then does the move depend on the machine's speed).
 */
export const LEVEL5_TIME_CAP_MS = 6000;

/** A hint: the strongest level with a modest budget (a fraction of a second). */
export const HINT_OPTIONS = Object.freeze({ level: 5, nodes: 250_000, timeMs: 2000 });

/**
 * A level from a saved setup or a form: a whole number from 1 to 5 (else the default).
 * @param {unknown} level
 * @returns {number}
 */
export function clampLevel(level) {
  const n = typeof level === 'string' ? Number.parseInt(level, 10) : level;
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_LEVEL;
  return Math.min(5, Math.max(1, Math.round(n)));
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
 * The worker's options for a level.
 * @param {number} level
 * @param {number} ply
 * @returns {import('./ai.js').ThinkRequest & {position?: string}}
 */
export function searchOptions(level, ply) {
  const l = clampLevel(level);
  /** @type {{level: number, seed: number, nodes?: number, timeMs?: number}} */
  const o = { level: l, seed: seedFor(ply) };
  if (l === 5) {
    o.nodes = LEVEL5_NODES;
    o.timeMs = LEVEL5_TIME_CAP_MS;
  }
  return /** @type {any} */ (o);
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
      const opts = searchOptions(req.level ?? player.level ?? DEFAULT_LEVEL, req.ply ?? 0);
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
