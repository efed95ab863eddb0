// Mounting a board in a shadow root: its markup, its state (one object the parts share, as
// the widget's state.js), its session with the computer seats, the engine's loading, and the
// API over it. The parts: dom.js (markup), view.js (drawing, status, errors), play.js
// (moves and stepping), apply.js (configuration to game), widget.js, lifecycle.js, api.js.

import { loadEngine } from '../engine.js';
import { createAi } from '../ai.js';
import { computerController } from '../computer.js';
import { createSession } from '../session.js';
import { busyWhile } from '../panels/dom.js';
import { buildDom } from './dom.js';
import { createEvents } from './events.js';
import { explain } from './explain.js';
import { tr, theme, applyTheme, showError, draw } from './view.js';
import { playMove, bindSteps } from './play.js';
import { apply } from './apply.js';
import { createApi } from './api.js';
import { lifecycle } from './lifecycle.js';
import { internals } from './registry.js';
import { watchColors, syncColors } from './colors.js';
import { SEAT_COLORS } from '../colors.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./api.js').EmbedApi} EmbedApi */
/** @typedef {import('../players.js').SeatController} SeatController */
/** @typedef {import('../pkg/halma.js').Game} Game */

/**
 * One board: what its parts share.
 * @typedef {object} Mount
 * @property {HTMLElement} host the element the board is in (its events go there)
 * @property {ShadowRoot} shadow
 * @property {import('./dom.js').Parts} parts
 * @property {EmbedConfig} wanted the configuration asked for (attributes, set()); it may
 *   not be valid
 * @property {EmbedConfig} cfg the configuration in effect: the last one that was valid
 * @property {{source: boolean, at: boolean, byApi: boolean, keys: Set<string>}} pending what
 *   changed since the configuration was last in effect (`byApi`: set() gave the game source
 *   or `at`, which then count even when they say what is in effect)
 * @property {string | null} source the engine's record of the game as the configuration gave
 *   it (before `at` and the moves played since): what an attribute change is compared with
 * @property {number} played moves made on the board since its game was loaded (by a person,
 *   the computer or play()): what a new game would discard
 * @property {Game | null} game the session's game, once there is one (the session owns it)
 * @property {import('./widget.js').Widget | null} board
 * @property {ReturnType<typeof createAi> | null} ai the board's AI worker, once a computer
 *   seat needs it
 * @property {boolean} destroyed
 * @property {string} retired why the API no longer works (destroyed, or replaced)
 * @property {boolean} engineReady
 * @property {boolean} parked out of the page for a while: no worker, no widget; the game stays
 * @property {string | null} shownError
 * @property {number} redoCount moves taken back by stepping through the game, still to come
 * @property {import('./events.js').Events} events
 * @property {import('../session.js').Session} session
 * @property {MediaQueryList | null} darkQuery
 * @property {() => void} onScheme follows the system's colour scheme
 * @property {() => void} markBusy keeps aria-busy on the board while a move animates
 * @property {string} colorKey the page's colour properties as last read (colors.js)
 * @property {readonly string[]} seatColors the seats' colours: the page's, else the board's
 * @property {() => void} unwatchColors stops watching the page for colour changes
 * @property {() => void} onColors reads the page's colours again; redraws if they changed
 */

/**
 * A seat controller whose synchronous failures (a worker the page's policy refuses) come
 * back as a rejected answer, as every other failure does.
 * @param {SeatController} ctl
 * @returns {SeatController}
 */
function settled(ctl) {
  return {
    ...ctl,
    requestMove(req) {
      try {
        return ctl.requestMove(req);
      } catch (e) {
        return Promise.reject(e);
      }
    },
  };
}

/**
 * Mounts a board in `shadow` (its content is replaced) for the element `host`.
 * @param {ShadowRoot} shadow
 * @param {HTMLElement} host
 * @param {EmbedConfig} initial
 * @returns {EmbedApi}
 */
export function mount(shadow, host, initial) {
  const parts = buildDom(shadow);
  const darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  /** @type {Mount} */
  const m = {
    host,
    shadow,
    parts,
    wanted: { ...initial },
    cfg: { ...initial },
    pending: { source: true, at: true, byApi: false, keys: new Set(/** @type {string[]} */ ([])) },
    source: null,
    played: 0,
    game: null,
    board: null,
    ai: null,
    destroyed: false,
    retired: 'this board was destroyed',
    engineReady: false,
    parked: false,
    shownError: null,
    redoCount: 0,
    events: createEvents(host),
    darkQuery,
    onScheme: () => {
      applyTheme(m);
      draw(m);
    },
    markBusy: busyWhile(parts.board, () => !!m.board && m.board.state().animating),
    colorKey: '',
    seatColors: SEAT_COLORS,
    unwatchColors: () => {},
    onColors: () => {
      if (syncColors(m)) draw(m);
    },
    session: createSession({
      // A seat the page gave a colour of its own is named by its symbol ("circle"), not by
      // the board's colour name ("red").
      t: (key, params) => {
        const c = /^color\.(\d)$/.exec(key);
        const n = c ? Number(c[1]) : 0;
        if (n && m.seatColors[n - 1] !== SEAT_COLORS[n - 1]) return tr(m, `symbol.${n}`);
        return tr(m, key, params);
      },
      // Each board has its own AI worker, started when a computer seat first needs it.
      controllerFor: (p) => (p.kind === 'computer' ? settled(computerController(() => (m.ai ??= createAi()), p)) : null),
      play: (ans) => playMove(m, { from: ans.from, to: ans.to }, 'computer', true),
      // The page's policy reports a refusal in a task of its own: give it time to arrive.
      failed: (e) =>
        setTimeout(() => {
          if (!m.destroyed) showError(m, explain(e), 'embed.computer');
        }, 100),
      // Let the last move be seen before the answer.
      delay: () => 500,
      animating: () => !!m.board && m.board.state().animating,
    }),
  };
  darkQuery?.addEventListener('change', m.onScheme);
  m.unwatchColors = watchColors(m, m.onColors);
  bindSteps(m);

  parts.root.dataset.theme = theme(m);
  const ready = loadEngine().then(
    () => {
      if (m.destroyed) return;
      m.engineReady = true;
      apply(m);
      m.events.emit('ready', {});
    },
    (/** @type {unknown} */ e) => {
      if (!m.destroyed) showError(m, explain(e));
    },
  );

  const api = createApi(m, ready);
  internals.set(api, lifecycle(m, api));
  return api;
}
