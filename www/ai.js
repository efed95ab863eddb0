// The page's side of the AI worker (ai-worker.js): one worker, one search at a time.
//
//   const ai = createAi();
//   const job = ai.think({position, level: 3, seed: 12});
//   job.result.then((thought) => ...);   // {from, to, path, text, ...} or null (must pass)
//   ai.cancel(job.id);                   // the promise rejects with an AiCancelled error
//
// A newer request supersedes the current one (its promise rejects with AiCancelled, and a
// late answer for it is dropped by its id). A wasm search cannot be interrupted, so
// cancelling a search that is running terminates the worker; the next request starts a new
// one (the engine loads again from the HTTP cache: `stats.lastStartMs` says how long it took).
//
// The worker is a module worker next to this file. Loaded from another origin (a page
// embedding embed.js from elsewhere), it is started through a tiny blob module that imports
// it, since a worker's own URL must be same-origin. In the single-file build (inline.js,
// `HALMA_INLINE`) it is a classic worker from the inlined source, and the page hands it the
// compiled engine in an `init` message.

/**
 * @typedef {object} ThinkRequest
 * @property {string} position position string (variant, seat to move, cells)
 * @property {number | 'greedy' | 'random'} [level] one of the engine's levels (default: its strongest)
 * @property {boolean} [hint] a hint: the engine's hint budget instead of the level's
 * @property {string} [record] the game's record ending in `position`: the engine avoids
 *   returning to its earlier positions
 * @property {number} [nodes] node budget (default: the level's)
 * @property {number} [timeMs] time cap in ms (makes the answer depend on the machine's speed)
 * @property {number} [seed] for the random choices among equals
 */

/**
 * @typedef {object} Thought
 * @property {number} from
 * @property {number} to
 * @property {number[]} path
 * @property {string} text
 * @property {number} score
 * @property {number} depth
 * @property {number} nodes
 * @property {number} millis time spent searching, in the worker
 */

/**
 * The engine's analysis of a position (its `analyse` export; docs/ai.md#analysis).
 * @typedef {object} Analysis
 * @property {number} seat the seat to move, whose side `score` is for
 * @property {boolean} twoSided two sides: `score` compares them; else `wins` does
 * @property {number} score the search's score for the side to move (beyond ±999,900: forced)
 * @property {number} moves the score in moves: how many moves the side to move is ahead
 * @property {number} lead the side to move's lead in progress points after the line's rounds
 * @property {number[]} wins with several sides, each seat's share of the playouts won
 * @property {number} playouts
 * @property {number} depth
 * @property {number} nodes
 * @property {{seat: number, from: number, to: number, path: number[], text: string}[]} pv the expected line
 * @property {number} millis
 */

/**
 * @typedef {object} AnalysisJob
 * @property {number} id
 * @property {Promise<Analysis | null>} result null: the game is over
 */

/**
 * @typedef {object} AiStats
 * @property {number} starts workers started so far
 * @property {number} restarts workers terminated because a running search was cancelled
 * @property {number | null} lastStartMs from `new Worker` to the engine loaded in it
 * @property {Thought | null} last the last answer
 */

/**
 * @typedef {object} AiJob
 * @property {number} id
 * @property {Promise<Thought | null>} result
 */

/**
 * @typedef {object} Ai
 * @property {(req: ThinkRequest) => AiJob} think
 * @property {(req: {position: string, nodes?: number, timeMs?: number, seed?: number}) => AnalysisJob} analyse
 *   the engine's analysis (a request like any other: it supersedes the current one)
 * @property {(id?: number) => void} cancel cancels the job with this id (any job without one)
 * @property {() => boolean} busy whether a request is waiting for its answer
 * @property {() => void} warm starts the worker now, so the first answer comes sooner
 * @property {() => void} dispose stops the worker; a later request starts a new one
 * @property {AiStats} stats
 */

import { inlineBuild, inlineModule, fromBase64 } from './inline.js';

/** The error a cancelled or superseded request rejects with. */
export class AiCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'AiCancelled';
  }
}

/**
 * Starts the AI worker: inline (single-file build), same-origin, or through a blob module
 * that imports it (another origin).
 * @param {URL | string | null} url the worker script; null for the inline worker
 * @returns {Worker}
 */
function startWorker(url) {
  const inline = inlineBuild();
  if (!url && inline && inline.worker) {
    const blob = new Blob([inline.worker], { type: 'text/javascript' });
    const w = new Worker(URL.createObjectURL(blob));
    w.postMessage({ type: 'init', module: inlineModule() ?? fromBase64(inline.wasm) });
    return w;
  }
  const u = new URL(url ?? './ai-worker.js', import.meta.url);
  const here = typeof location === 'undefined' ? null : location.origin;
  if (here === null || u.origin === here) return new Worker(u, { type: 'module' });
  const shim = new Blob([`import ${JSON.stringify(u.href)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), { type: 'module' });
}

/**
 * @param {{url?: URL | string}} [opts] where the worker script is (default: ai-worker.js here)
 * @returns {Ai}
 */
export function createAi(opts = {}) {
  const url = opts.url ?? (inlineBuild()?.worker ? null : new URL('./ai-worker.js', import.meta.url));
  /** @type {Worker | null} */
  let worker = null;
  /** Whether the engine in the current worker has loaded (before that, nothing runs). */
  let loaded = false;
  let nextId = 1;
  /** @type {{id: number, resolve: (t: any) => void, reject: (e: Error) => void} | null} */
  let current = null;
  /** @type {AiStats} */
  const stats = { starts: 0, restarts: 0, lastStartMs: null, last: null };

  function start() {
    if (worker) return worker;
    const t0 = performance.now();
    const w = startWorker(url);
    worker = w;
    loaded = false;
    stats.starts++;
    w.onmessage = (e) => {
      if (w !== worker) return;
      onMessage(e.data, t0);
    };
    w.onerror = (e) => {
      e.preventDefault();
      if (w !== worker) return;
      stop();
      fail(new Error(e.message || 'the AI worker failed to start'));
    };
    return w;
  }

  function stop() {
    worker?.terminate();
    worker = null;
    loaded = false;
  }

  /** @param {Error} err */
  function fail(err) {
    const job = current;
    current = null;
    job?.reject(err);
  }

  /**
   * @param {any} m
   * @param {number} t0
   */
  function onMessage(m, t0) {
    if (!m || typeof m !== 'object') return;
    if (m.type === 'ready') {
      loaded = true;
      stats.lastStartMs = Math.round((performance.now() - t0) * 10) / 10;
      return;
    }
    if (m.type === 'error' && m.id === -1) {
      // The engine did not load: every request would fail the same way.
      stop();
      fail(new Error(String(m.message)));
      return;
    }
    if (!current || m.id !== current.id) return; // an answer nobody waits for any more
    const job = current;
    current = null;
    if (m.type === 'move') {
      /** @type {Thought} */
      const th = {
        from: m.from,
        to: m.to,
        path: m.path,
        text: m.text,
        score: m.score,
        depth: m.depth,
        nodes: m.nodes,
        millis: m.millis,
      };
      stats.last = th;
      job.resolve(th);
    } else if (m.type === 'analysis') {
      job.resolve(m.analysis);
    } else if (m.type === 'none') {
      job.resolve(null);
    } else {
      job.reject(new Error(String(m.message)));
    }
  }

  /** @param {number} [id] */
  function cancel(id) {
    if (!current || (id !== undefined && current.id !== id)) return;
    const job = current;
    current = null;
    if (worker && loaded) {
      // The search is running and cannot be stopped: end the worker.
      stop();
      stats.restarts++;
    } else {
      worker?.postMessage({ type: 'cancel', id: job.id });
    }
    job.reject(new AiCancelled());
  }

  /**
   * @param {'think' | 'analyse'} type
   * @param {object} req
   */
  function request(type, req) {
    cancel();
    const id = nextId++;
    /** @type {Promise<any>} */
    const result = new Promise((resolve, reject) => {
      current = { id, resolve, reject };
    });
    // A cancelled request is often not awaited: keep it from counting as unhandled.
    result.catch(() => {});
    const w = start();
    w.postMessage({ type, id, ...req });
    return { id, result };
  }

  return {
    think: (req) => request('think', req),
    analyse: (req) => request('analyse', req),
    cancel,
    busy: () => current !== null,
    warm() {
      start();
    },
    dispose() {
      cancel();
      stop();
    },
    stats,
  };
}
