// Putting the configuration asked for in effect: a new game from its source (checked by the
// engine), or new options on the game shown; or, when it is not valid, the message, while
// the board keeps what it showed.
//
// Attributes are state, set again and again by frameworks: an attribute change replaces the
// game only when the game it describes differs from the one the board was given (compared by
// the engine's record of it, so `variant="halma-8x8"` set again, or a typo and its fix, keep
// the moves played). `set()` is a command: a game source in it replaces the game. A
// replacement that would discard moves played on the board asks first: `beforereset`, a
// cancelable event on the element.

import { Game, variantInfo } from '../pkg/halma.js';
import { errText } from '../session.js';
import { blank, whole, configProblem, seatProblem, warnUnknown, movesText, sameValue, SOURCE_KEYS } from './config.js';
import { players, applyTheme, render, showError, clearError } from './view.js';
import { goTo } from './play.js';
import { makeWidget, showNewGame } from './widget.js';

/** @typedef {import('./config.js').EmbedConfig} EmbedConfig */
/** @typedef {import('./mount.js').Mount} Mount */

/**
 * Builds the engine game a configuration describes (throws the engine's error).
 * @param {EmbedConfig} cfg
 * @returns {Game}
 */
export function buildGame(cfg) {
  if (!blank(cfg.link)) return Game.fromLink(String(cfg.link));
  if (!blank(cfg.record)) return Game.fromRecord(String(cfg.record));
  /** @type {string} */
  let head;
  if (!blank(cfg.position)) {
    // Checked on its own first, so the message is about the position.
    Game.fromPosition(String(cfg.position)).free();
    head = String(cfg.position);
  } else {
    const v = blank(cfg.variant) ? 'halma' : String(cfg.variant);
    head = variantInfo(v).variant;
  }
  if (/[\n\r]/.test(head)) throw new Error('a variant or position is one line');
  const moves = movesText(cfg.moves);
  if (/[\n\r]/.test(moves)) throw new Error('moves are one line: e4-e6 f3-f5 (a game record goes in record)');
  return Game.fromRecord(`${head}\n${moves}\n`);
}

/**
 * The engine's message for a game source it refused, with a word on links: their moves are
 * encoded, so readable moves belong in `moves` or `record`.
 * @param {EmbedConfig} cfg
 * @param {unknown} e
 */
function sourceError(cfg, e) {
  const msg = errText(e);
  if (!blank(cfg.link) && /\b[a-z]\d+[-x][a-z]\d+\b/i.test(String(cfg.link))) {
    return `${msg} (a link's moves are encoded, as a move event or halma:get gives the link; moves as text go in moves, e.g. moves: ['c2-c3'], or in record)`;
  }
  return msg;
}

/**
 * Takes a change of the configuration: from `set()` (`byApi`: a game source in it replaces
 * the game), or from the element's attributes (only a change of what they describe counts).
 * @param {Mount} m
 * @param {EmbedConfig} partial
 * @param {boolean} byApi
 */
export function update(m, partial, byApi) {
  warnUnknown(Object.keys(partial), 'option');
  const p = { ...partial };
  const sourceChanged = SOURCE_KEYS.some((k) => k in p);
  if (sourceChanged) {
    // A new source replaces the old one entirely (a record does not mix with a link).
    for (const k of SOURCE_KEYS) if (!(k in p)) p[k] = undefined;
  }
  m.wanted = { ...m.wanted, ...p };
  m.pending.source ||= sourceChanged;
  m.pending.at ||= 'at' in p;
  m.pending.byApi ||= byApi && (sourceChanged || 'at' in p);
  for (const k of Object.keys(p)) m.pending.keys.add(k);
  apply(m);
}

/**
 * Asks the page whether moves played on the board may be discarded for another game:
 * `beforereset` on the element, cancelable.
 * @param {Mount} m
 * @param {EmbedConfig} next
 * @returns {boolean} whether to go on
 */
function mayReset(m, next) {
  if (!m.game || m.played === 0) return true;
  const detail = {
    old: { ...m.cfg },
    new: { ...next },
    record: m.game.record(),
    moves: m.played,
    by: m.pending.byApi ? 'api' : 'attribute',
  };
  return m.host.dispatchEvent(new CustomEvent('beforereset', { detail, cancelable: true, bubbles: true }));
}

/**
 * Puts the configuration asked for (`m.wanted`) in effect, or says why it cannot be.
 * @param {Mount} m
 */
export function apply(m) {
  if (m.destroyed || !m.engineReady) return;
  const { wanted, session } = m;
  const problem = configProblem(wanted);
  if (problem) {
    showError(m, problem);
    return;
  }
  /** @type {Game | null} */
  let g = null;
  let refused = false;
  if (m.pending.source || !m.game) {
    try {
      g = buildGame(wanted);
    } catch (e) {
      showError(m, sourceError(wanted, e));
      return;
    }
    const p = seatProblem(wanted, g.seats);
    if (p) {
      g.free();
      showError(m, p);
      return;
    }
    const record = g.record();
    if (m.game && !m.pending.byApi && record === m.source) {
      // The attributes describe the game the board was given (the same value again, another
      // way to say it, or back after a typo): it stays, with the moves played since.
      g.free();
      g = null;
    } else if (m.game && !mayReset(m, wanted)) {
      // The page said no: the game stays, and so does the source it came from.
      g.free();
      g = null;
      refused = true;
      for (const k of SOURCE_KEYS) /** @type {any} */ (wanted)[k] = m.cfg[k];
      wanted.at = m.cfg.at;
    }
  }
  if (g) {
    m.source = g.record();
    m.cfg = wanted;
    session.load(g, players(m, g));
    m.game = g;
    m.redoCount = 0;
    m.played = 0;
    if (!blank(m.cfg.at)) goTo(m, Number(whole(m.cfg.at)), false);
    if (!m.board && !m.parked) {
      m.board = makeWidget(m);
    } else if (m.board) {
      showNewGame(m, m.board);
    }
  } else if (m.game) {
    const p = seatProblem(wanted, m.game.seats);
    if (p) {
      showError(m, p);
      return;
    }
    // `at` counts when it changed, or when set() gave it.
    const at = !refused && m.pending.at && !blank(wanted.at) && (m.pending.byApi || !sameValue(wanted.at, m.cfg.at));
    m.cfg = wanted;
    if (at) goTo(m, Number(whole(m.cfg.at)), false);
    if (m.pending.keys.has('seats') || m.pending.keys.has('level')) {
      const list = players(m, m.game);
      if (JSON.stringify(list) !== JSON.stringify(session.players())) session.setPlayers(list);
    }
  }
  m.pending = { source: false, at: false, byApi: false, keys: new Set() };
  m.parts.board.hidden = false;
  clearError(m);
  applyTheme(m);
  render(m);
}
