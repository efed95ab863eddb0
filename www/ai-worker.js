// The AI worker: the same wasm engine as the page, in a module worker, so a search of a
// second or more never blocks the page. Start it with
//
//   new Worker(new URL('./ai-worker.js', import.meta.url), {type: 'module'})
//
// Messages in:
//   {type: 'init', module}                          single-file build only: the engine
//   {type: 'think', id, position, level?, nodes?, timeMs?, seed?, hint?}   hint: the
//                                                   engine's hint (its smaller budget)
//   {type: 'analyse', id, position, nodes?, timeMs?, seed?}   the engine's analysis
//   {type: 'cancel', id}
// Messages out:
//   {type: 'ready', millis}                       once the engine is loaded (ms since start)
//   {type: 'move', id, from, to, path, text, score, depth, nodes, millis}
//   {type: 'analysis', id, analysis}             the engine's `analyse` answer
//   {type: 'none', id}                            game over, or the seat must pass
//   {type: 'error', id, message}
//
// One search at a time. A search cannot be interrupted (wasm runs to the end of its budget),
// but requests that wait behind it are answered only if still current: a newer `think` or a
// `cancel` drops an older waiting one without searching. To stop a running search, the page
// terminates the worker and starts a new one (see ai.js).
//
// In the single-file build (scripts/dist.mjs) this file is bundled with the engine's glue
// into a classic worker that starts with `HALMA_INLINE_WORKER = true`: it has no wasm file
// to fetch and waits for the page's `init` message with the compiled engine.

import init, { analyse, bestMove, Game } from './pkg/halma.js';

/**
 * @typedef {object} ThinkMessage
 * @property {'think' | 'analyse'} type
 * @property {number} id
 * @property {string} position
 * @property {number | string} [level]
 * @property {number} [nodes]
 * @property {number} [timeMs]
 * @property {number} [seed]
 * @property {boolean} [hint] search as a hint, on the engine's hint budget
 * @property {string} [record] the game's record, whose last position is `position`: the
 *   engine then knows the earlier positions and does not shuffle into a repetition
 */

/** @type {{postMessage(msg: unknown): void, onmessage: ((e: MessageEvent) => void) | null}} */
const scope = /** @type {any} */ (globalThis);

/** @type {ThinkMessage | null} the newest request not yet searched */
let waiting = null;
let running = false;

/** Set in the single-file build: the engine comes in the first message. */
const inline = /** @type {any} */ (globalThis).HALMA_INLINE_WORKER === true;
/** @type {(m: unknown) => void} */
let gotEngine = () => {};
/** @type {Promise<unknown>} what to load the engine from (undefined: the wasm file) */
const engineSource = inline ? new Promise((resolve) => (gotEngine = resolve)) : Promise.resolve(undefined);

const ready = engineSource
  .then((m) => (m === undefined ? init() : init({ module_or_path: /** @type {any} */ (m) })))
  .then(
    () => {
      scope.postMessage({ type: 'ready', millis: Math.round(performance.now()) });
      return true;
    },
    (/** @type {unknown} */ e) => {
      const message = `the engine could not be loaded in the worker: ${e instanceof Error ? e.message : String(e)}`;
      scope.postMessage({ type: 'error', id: -1, message });
      return message;
    },
  );

/** Searches the newest waiting request, if any (after the engine has loaded). */
async function drain() {
  if (running) return;
  running = true;
  try {
    const ok = await ready;
    // Let messages already queued behind this one arrive first: they may supersede it.
    await new Promise((r) => setTimeout(r, 0));
    while (waiting) {
      const m = waiting;
      waiting = null;
      if (ok !== true) {
        scope.postMessage({ type: 'error', id: m.id, message: ok });
        continue;
      }
      think(m);
      await new Promise((r) => setTimeout(r, 0));
    }
  } finally {
    running = false;
  }
}

/** @param {ThinkMessage} m */
function think(m) {
  // Without a level, a budget or a seed the engine uses its own.
  /** @type {Record<string, unknown>} */
  const options = {};
  if (m.level != null) options.level = m.level;
  if (m.nodes != null) options.nodes = m.nodes;
  if (m.timeMs != null) options.timeMs = m.timeMs;
  if (m.seed != null) options.seed = m.seed;
  try {
    if (m.type === 'analyse') {
      delete options.level;
      const a = analyse(m.position, options);
      scope.postMessage(a ? { type: 'analysis', id: m.id, analysis: a } : { type: 'none', id: m.id });
      return;
    }
    const r = m.record ? inGame(m.record, m.position, !!m.hint, options) : m.hint ? hint(m.position, options) : bestMove(m.position, options);
    if (!r) {
      scope.postMessage({ type: 'none', id: m.id });
      return;
    }
    scope.postMessage({
      type: 'move',
      id: m.id,
      from: r.from,
      to: r.to,
      path: Array.from(r.path),
      text: r.text,
      score: r.score,
      depth: r.depth,
      nodes: r.nodes,
      millis: r.millis,
    });
  } catch (e) {
    scope.postMessage({ type: 'error', id: m.id, message: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * The engine's hint for the seat to move in a position.
 * @param {string} position
 * @param {Record<string, unknown>} options
 */
function hint(position, options) {
  const g = Game.fromPosition(position);
  try {
    return g.hint(options);
  } finally {
    g.free();
  }
}

/**
 * The engine's move (or hint) in the game of a record, which must end in `position`: a
 * record that does not (or does not read) is an error, not a move for another position.
 * @param {string} record
 * @param {string} position
 * @param {boolean} asHint
 * @param {Record<string, unknown>} options
 */
function inGame(record, position, asHint, options) {
  const g = Game.fromRecord(record);
  try {
    if (g.position() !== position) throw new Error('the game record does not end in the position asked about');
    return asHint ? g.hint(options) : g.bestMove(options);
  } finally {
    g.free();
  }
}

scope.onmessage = (/** @type {MessageEvent} */ e) => {
  const m = e.data;
  if (!m || typeof m !== 'object') return;
  if (m.type === 'init') {
    gotEngine(m.module);
  } else if (m.type === 'think' || m.type === 'analyse') {
    waiting = /** @type {ThinkMessage} */ (m);
    void drain();
  } else if (m.type === 'cancel') {
    if (waiting && (m.id == null || waiting.id === m.id)) waiting = null;
  }
};
