// Who makes the moves for a seat. A human seat moves through the board widget; any other
// kind of seat is *external*: the app asks its controller for a move and plays the answer
// when it arrives, unless the game changed in the meantime (a generation counter drops stale
// answers).
//
// The computer player (computer.js) plugs in here without touching the turn loop:
//
//   registerController('computer', (player) => ({requestMove, cancel, dispose}));
//
// where `requestMove` asks the AI worker (ai.js, ai-worker.js) with
//   → {type: 'think', id, position, level, seed}     ← {type: 'move', id, from, to, path, ...}
// and `cancel()` stops the search (the worker is terminated if it is already searching).

/**
 * A request for a move.
 * @typedef {object} MoveRequest
 * @property {number} id generation of the request: answers for older ids are dropped
 * @property {string} position the position string (variant, seat to move, cells)
 * @property {string} record the game record so far
 * @property {number} seat the seat to move (1-based)
 * @property {number} [level] strength asked for
 * @property {number} [ply] plies played so far (for a deterministic seed)
 */

/**
 * A move answered by a controller.
 * @typedef {object} MoveAnswer
 * @property {number} from
 * @property {number} to
 * @property {number[]} [path]
 */

/**
 * @typedef {object} SeatController
 * @property {(req: MoveRequest) => Promise<MoveAnswer>} requestMove
 * @property {() => void} [cancel] stops thinking about the current request
 * @property {() => void} [dispose] frees resources when the game ends or is replaced
 * @property {boolean} [consent] the seat is a person on another device (live play): a move
 *   is taken back only with the consent of every device, so the page's own Undo is off
 */

/**
 * Who plays a seat: a person (`human`), or another kind (`computer`, with a level; `remote`,
 * a person on another device: www/live/).
 * @typedef {{name?: string, kind: string, level?: number}} Player
 */

/** @typedef {(player: Player) => SeatController} ControllerFactory */

/** @type {Map<string, ControllerFactory>} */
const factories = new Map();

/**
 * Makes a kind of seat available (e.g. `'computer'` once the AI worker exists).
 * @param {string} kind
 * @param {ControllerFactory} factory
 */
export function registerController(kind, factory) {
  factories.set(kind, factory);
}

/**
 * Whether seats of this kind can be played (humans always can).
 * @param {string} kind
 */
export function isAvailable(kind) {
  return kind === 'human' || factories.has(kind);
}

/**
 * The controller for a player, or null for a human (moves come from the board).
 * @param {Player} player
 * @returns {SeatController | null}
 */
export function controllerFor(player) {
  if (player.kind === 'human') return null;
  const f = factories.get(player.kind);
  return f ? f(player) : null;
}
